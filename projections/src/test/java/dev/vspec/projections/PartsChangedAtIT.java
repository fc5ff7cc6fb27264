package dev.vspec.projections;

import static dev.vspec.storage.jooq.read.Tables.PARTS_DOCUMENT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.PartsRecorded;
import dev.vspec.events.kafka.EventEnvelope;
import dev.vspec.storage.jooq.read.tables.records.PartsDocumentRecord;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A parts document's {@code changed_at}, which the parts answer's Last-Modified says, follows the prices of
 * the parts it lists, while its {@code recorded_at} stays the list's.
 */
@ProjectionsIntegrationTest
class PartsChangedAtIT {

    private static final FactSource IMPORT = FactSource.importFile("catalog.json", "5e0c3d9a");
    private static final FactSource VPIC = FactSource.vpic("2026-02-17", "f9b3118a");
    private static final Part FILTER = new Part("15400-PLM-A02", "Engine oil filter", "filter", "Honda", 1, null);
    private static final Part WIPER = new Part("76622-TBA-A01", "Wiper blade, driver side", "wiper", "Honda", 1, null);
    private static final LocalDate AS_OF = LocalDate.of(2026, 9, 1);

    @Autowired
    Events events;

    @Autowired
    ReadModel readModel;

    @Test
    void aPriceOfAListedPartMovesChangedAtAndNothingElseDoes() {
        String key = "2019-honda-civic-lx-k20c2-fwd-changed-at";
        Instant listed = apply(key, new PartsRecorded(key, List.of(FILTER), IMPORT));
        assertThat(times(key)).containsExactly(listed, listed);

        Instant priced = apply(key, price(key, FILTER, "9.42", IMPORT));
        assertThat(times(key)).as("recorded_at stays the list's").containsExactly(listed, priced);

        apply(key, price(key, WIPER, "14.10", IMPORT));
        assertThat(times(key))
                .as("a part the list does not hold is not in the answer")
                .containsExactly(listed, priced);

        apply(key, price(key, FILTER, "19.99", VPIC));
        assertThat(times(key))
                .as("a price of lower precedence replaces nothing")
                .containsExactly(listed, priced);

        Instant relisted = apply(key, new PartsRecorded(key, List.of(FILTER, WIPER), IMPORT));
        assertThat(times(key)).as("a new list").containsExactly(relisted, relisted);
    }

    @Test
    void aListAndItsPricesPublishedTogetherChangeAtTheLatestPriceWhateverTheirOrder() {
        String key = "2019-honda-civic-ex-l15b7-fwd-changed-at";
        EventEnvelope list = events.envelope(key, new PartsRecorded(key, List.of(FILTER, WIPER), IMPORT));
        EventEnvelope earlier = events.envelope(key, price(key, FILTER, "9.42", IMPORT));
        EventEnvelope latest = events.envelope(key, price(key, WIPER, "14.10", IMPORT));
        events.publishAll(List.of(list, latest, earlier));
        readModel.awaitCaughtUp();

        assertThat(times(key)).containsExactly(list.occurredAt(), latest.occurredAt());
    }

    /** Publishes the event and waits until the projections applied it; when it was recorded. */
    private Instant apply(String key, Object event) {
        EventEnvelope envelope = events.envelope(key, event);
        events.publish(envelope);
        readModel.awaitCaughtUp();
        return envelope.occurredAt();
    }

    /** The document's recorded_at and changed_at. */
    private List<Instant> times(String key) {
        PartsDocumentRecord document = readModel
                .db()
                .selectFrom(PARTS_DOCUMENT)
                .where(PARTS_DOCUMENT.CONFIG_KEY.eq(key))
                .fetchSingle();
        return List.of(
                document.getRecordedAt().toInstant(), document.getChangedAt().toInstant());
    }

    private static PartPriced price(String key, Part part, String amount, FactSource source) {
        return new PartPriced(key, part.partNumber(), new BigDecimal(amount), "USD", AS_OF, source);
    }
}
