package dev.vspec.contracts.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.enrichment.EnrichmentRunGranted;
import org.junit.jupiter.api.Test;

class PublishedEventsTest {

    @Test
    void aPublishedTypeTravelsUnderItsSimpleName() {
        assertThat(PublishedEvents.isPublished(VinLinked.class)).isTrue();
        assertThat(PublishedEvents.nameOf(VinLinked.class)).isEqualTo("VinLinked");
        assertThat(PublishedEvents.typeNamed("VinLinked")).isEqualTo(VinLinked.class);
    }

    @Test
    void theStoresBookkeepingIsNotPublished() {
        assertThat(PublishedEvents.isPublished(EnrichmentRunGranted.class)).isFalse();
        assertThat(PublishedEvents.typeNamed("EnrichmentRunGranted")).isNull();
    }

    @Test
    void aTypeThatSharesAPublishedNameIsNotPublished() {
        record VinLinked(String vin) {}

        assertThat(PublishedEvents.isPublished(VinLinked.class)).isFalse();
        assertThat(PublishedEvents.typeNamed(PublishedEvents.nameOf(VinLinked.class)))
                .isEqualTo(dev.vspec.contracts.catalog.VinLinked.class);
    }
}
