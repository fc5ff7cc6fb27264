package dev.vspec.events.axon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.EnrichmentStep;
import dev.vspec.contracts.enrichment.EnrichmentStepCompleted;
import dev.vspec.contracts.error.ErrorCode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.axonframework.serialization.SerializedObject;
import org.junit.jupiter.api.Test;

/**
 * What readers of the event store without Axon (the query side folds job events from it) rely on:
 * Axon's serializer stores an event as the mapper's JSON under the event's class name, with
 * instants as ISO strings and enums as the codes the API uses.
 */
class EventSerializationTest {

    private static final Instant AT = Instant.parse("2026-03-01T10:15:30.123456Z");

    @Test
    void theSerializerStoresTheMappersJsonUnderTheEventsClassName() throws Exception {
        for (Record event : List.of(
                new EnrichmentScheduled("enr_2T3P1RFV2NW131842_1", "2T3P1RFV2NW131842", 7, AT),
                new EnrichmentStepCompleted("enr_2T3P1RFV2NW131842_1", EnrichmentStep.FOUND_UPSTREAM, "found", AT),
                new EnrichmentFailed(
                        "enr_2T3P1RFV2NW131842_1", "2T3P1RFV2NW131842", ErrorCode.UPSTREAM_UNREACHABLE, "down", AT))) {
            SerializedObject<byte[]> stored = EventSerialization.serializer().serialize(event, byte[].class);

            assertThat(stored.getType().getName()).isEqualTo(event.getClass().getName());
            assertThat(stored.getType().getRevision()).isNull();
            assertThat(stored.getData())
                    .isEqualTo(EventSerialization.objectMapper().writeValueAsBytes(event));
            assertThat((Object) EventSerialization.serializer().deserialize(stored))
                    .isEqualTo(event);
        }
    }

    @Test
    void instantsAreIsoStringsAndStepsAndReasonsTheirCodes() throws Exception {
        String step = json(new EnrichmentStepCompleted("j", EnrichmentStep.CATALOG_RECORDED, "d", AT));
        String failed = json(new EnrichmentFailed("j", "v", ErrorCode.UNSUPPORTED_VEHICLE, "m", AT));
        String scheduled = json(new EnrichmentScheduled("j", "v", 7, AT));

        assertThat(step).contains("\"step\":\"catalog_recorded\"", "\"at\":\"2026-03-01T10:15:30.123456Z\"");
        assertThat(failed).contains("\"reason\":\"unsupported_vehicle\"", "\"message\":\"m\"");
        assertThat(scheduled).contains("\"keyId\":7", "\"vin\":\"v\"");
    }

    private static String json(Object event) throws Exception {
        return new String(EventSerialization.objectMapper().writeValueAsBytes(event), StandardCharsets.UTF_8);
    }
}
