package dev.vspec.command.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** The settings as command-side.yml and the environment give them. */
class WebhookPropertiesTest {

    private static WebhookProperties bind(Map<String, String> settings) {
        return new Binder(new MapConfigurationPropertySource(settings))
                .bindOrCreate("vspec.webhooks", WebhookProperties.class);
    }

    @Test
    void theDefaultsAreHttpsToPublicAddressesRetriedForADay() {
        WebhookProperties defaults = bind(Map.of("vspec.webhooks.allowed-addresses", ""));

        assertThat(defaults.allowHttp()).isFalse();
        assertThat(defaults.allowedAddresses()).isEmpty();
        assertThat(defaults.maxPerKey()).isEqualTo(10);
        assertThat(defaults.connectTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(defaults.timeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(defaults.retryFor()).isEqualTo(Duration.ofHours(24));
        assertThat(defaults.lease()).as("longer than any attempt").isGreaterThan(defaults.timeout());
    }

    @Test
    void theOperatorNamesAddressKindsAsTheDocsSpellThem() {
        assertThat(bind(Map.of("vspec.webhooks.allowed-addresses", "loopback,link-local"))
                        .allowedAddresses())
                .containsExactlyInAnyOrder(AddressKind.LOOPBACK, AddressKind.LINK_LOCAL);
    }

    @Test
    void aCapBelowTheBaseStopsTheStart() {
        assertThatThrownBy(() -> bind(Map.of("vspec.webhooks.backoff-base", "10s", "vspec.webhooks.backoff-cap", "1s")))
                .hasRootCauseMessage(
                        "vspec.webhooks.backoff-cap (PT1S) must not be below vspec.webhooks.backoff-base (PT10S)");
    }

    /** Resilience4j's backoff counts whole milliseconds. */
    @Test
    void aBaseBelowAMillisecondStopsTheStart() {
        assertThatThrownBy(() -> bind(Map.of("vspec.webhooks.backoff-base", "500us")))
                .rootCause()
                .hasMessageContaining("vspec.webhooks.backoff-base must be at least 1ms");
    }
}
