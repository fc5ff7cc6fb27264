package dev.vspec.command.epa;

import static dev.vspec.storage.jooq.command.Tables.EPA_ENTRY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.command.catalog.CatalogCommandSide;
import dev.vspec.contracts.epa.EpaEntry;
import dev.vspec.contracts.epa.EpaEntryRecorded;
import dev.vspec.contracts.epa.EpaSource;
import dev.vspec.contracts.epa.EpaVehicle;
import dev.vspec.contracts.epa.RecordEpaEntry;
import dev.vspec.readmodel.EpaRows;
import dev.vspec.testing.EpaEntries;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.jooq.DSLContext;
import org.jooq.Record2;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The command side's {@link RecordedEpaEntries} hold what its stored EPA events say: written in the transaction that
 * appends them, gone with it, refusing the command when they cannot be written, and kept by the catalog tools too
 * (enrichment reads them: {@code EnrichmentProcessIT}). Sample data: the EPA's 2018 Accord 2.0T entry of the shared
 * samples, under made-up ids.
 */
@CommandSideIntegrationTest
class RecordedEpaEntriesIT {

    private static final EpaSource MARCH = EpaEntries.file("vehicles-2026-03.csv", '3', LocalDate.of(2026, 3, 2));
    private static final EpaSource APRIL = EpaEntries.file("vehicles-2026-04.csv", '4', LocalDate.of(2026, 4, 6));

    @Autowired
    CommandGateway commands;

    @Autowired
    DSLContext db;

    @Autowired
    DataSource dataSource;

    @Autowired
    PlatformTransactionManager transactions;

    @Autowired
    RecordedEpaEntries entries;

    @Test
    void theRowIsWrittenInTheTransactionThatAppendsTheEventAndRollsBackWithIt() {
        int id = 93011;

        new TransactionTemplate(transactions).executeWithoutResult(transaction -> {
            commands.sendAndWait(new RecordEpaEntry(id, accord(26), MARCH));
            assertThat(entryOf(id)).as("visible in the transaction").contains(new EpaEntry(id, accord(26)));
            assertThat(eventCount(id)).isEqualTo(1);
            transaction.setRollbackOnly();
        });

        assertThat(eventCount(id)).isZero();
        assertThat(entryOf(id)).isEmpty();
    }

    @Test
    void aRowThatCannotBeWrittenRefusesTheCommandAndItsEvent() {
        int id = 93021;
        db.execute("ALTER TABLE command.epa_entry ADD CONSTRAINT refuses_probe CHECK (epa_id <> " + id + ")");
        try {
            assertThatThrownBy(() -> commands.sendAndWait(new RecordEpaEntry(id, accord(26), MARCH)))
                    .hasStackTraceContaining("refuses_probe");
        } finally {
            db.execute("ALTER TABLE command.epa_entry DROP CONSTRAINT refuses_probe");
        }

        assertThat(eventCount(id)).isZero();
        commands.sendAndWait(new RecordEpaEntry(id, accord(26), MARCH));
        assertThat(entryOf(id)).contains(new EpaEntry(id, accord(26)));
    }

    @Test
    void aLaterEventReplacesTheRowAndAnEventAppliedAgainOrLateChangesNothing() {
        int id = 93031;
        var first = new EpaEntryRecorded(id, accord(26), MARCH);
        var changed = new EpaEntryRecorded(id, accord(27), APRIL);
        Instant at = Instant.parse("2026-04-06T08:00:00Z");

        entries.on(first, 0, at);
        entries.on(changed, 1, at);
        entries.on(changed, 1, at);
        entries.on(first, 0, at);

        assertThat(entryOf(id)).contains(new EpaEntry(id, accord(27)));
        Record2<String, Long> kept = db.select(EPA_ENTRY.MAKE_KEY, EPA_ENTRY.SEQUENCE_NUMBER)
                .from(EPA_ENTRY)
                .where(EPA_ENTRY.EPA_ID.eq(id))
                .fetchOne();
        assertThat(kept.value1()).isEqualTo("HONDA");
        assertThat(kept.value2()).isEqualTo(1L);
    }

    @Test
    void theCatalogToolsKeepThemToo() {
        int id = 93041;

        try (CatalogCommandSide tool = CatalogCommandSide.over(dataSource)) {
            tool.recordEpaEntries(List.of(new RecordEpaEntry(id, accord(26), MARCH)));
        }

        assertThat(entryOf(id)).contains(new EpaEntry(id, accord(26)));
    }

    private static EpaVehicle accord(int combinedMpg) {
        return EpaEntries.accordSport(combinedMpg);
    }

    private Optional<EpaEntry> entryOf(int id) {
        return db.selectFrom(EPA_ENTRY)
                .where(EPA_ENTRY.EPA_ID.eq(id))
                .fetchOptional()
                .map(EpaRows::entry);
    }

    private int eventCount(int id) {
        return db.fetchCount(db.selectOne()
                .from("events.domainevententry")
                .where("aggregateidentifier = ?", RecordEpaEntry.aggregateId(id)));
    }
}
