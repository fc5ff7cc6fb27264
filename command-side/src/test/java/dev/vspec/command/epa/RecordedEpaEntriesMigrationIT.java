package dev.vspec.command.epa;

import static dev.vspec.storage.jooq.command.Tables.EPA_ENTRY;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.epa.EpaEntryRecorded;
import dev.vspec.contracts.epa.EpaSource;
import dev.vspec.contracts.epa.EpaVehicle;
import dev.vspec.contracts.epa.RecordEpaEntry;
import dev.vspec.contracts.recalls.RecallMatching;
import dev.vspec.events.axon.EventStorage;
import dev.vspec.readmodel.EpaRows;
import dev.vspec.testing.EpaEntries;
import dev.vspec.testing.database.MigratedDatabase;
import java.time.LocalDate;
import java.util.List;
import javax.sql.DataSource;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

/**
 * V28 on a database whose EPA entries were stored before it, as the command side stored them: the migration fills
 * {@code command.epa_entry} with the rows its event handler writes for the same events, from each entry's last one.
 * Sample data: the EPA's 2018 Accord 2.0T and 2021 Model 3 entries of the shared samples, and entries made up.
 */
class RecordedEpaEntriesMigrationIT {

    /**
     * The characters whose upper case Java spells in ASCII letters ({@code ß} as {@code SS}, the ligatures, the
     * dotless i, ...): V28 drops them from a make key, as its comment says.
     */
    static final String SPELLED_IN_ASCII = "ßıŉſǰẖẗẘẙẚﬀﬁﬂﬃﬄﬅﬆ";

    private static final EpaSource MARCH = EpaEntries.file("vehicles-2026-03.csv", '3', LocalDate.of(2026, 3, 2));
    private static final EpaSource UNDATED = EpaEntries.file("vehicles.csv", '5', null);
    private static final int MERCEDES = 93101;
    private static final int EVERY_CHARACTER = 93102;

    private MigratedDatabase database;
    private DataSource dataSource;

    @BeforeEach
    void databaseAtV27() {
        database = MigratedDatabase.at("vspec_v28", "27");
        dataSource = database.jdbc().getDataSource();
    }

    @AfterEach
    void drop() {
        database.drop();
    }

    @Test
    void theMigrationWritesWhatTheEventHandlerWritesFromEachEntrysLastEvent() {
        EpaVehicle everyCharacter = gasoline(2024, "X" + everyCharacterButTheSpelledInAscii());
        List<DomainEventMessage<?>> events = List.of(
                event(EpaEntries.ACCORD_SPORT, 0, EpaEntries.accordSport(26), EpaEntries.sampleFile()),
                event(EpaEntries.ACCORD_SPORT, 1, EpaEntries.accordSport(27), MARCH),
                event(EpaEntries.MODEL_3_LONG_RANGE, 0, EpaEntries.model3LongRange(353), EpaEntries.sampleFile()),
                event(MERCEDES, 0, gasoline(2021, "Mercedes-Benz"), UNDATED),
                event(EVERY_CHARACTER, 0, everyCharacter, UNDATED),
                new GenericDomainEventMessage<>(
                        "Vehicle",
                        "5FNRL6H58KB000211",
                        0,
                        new VinLinked("5FNRL6H58KB000211", "2019-honda-odyssey-ex-j35y6-fwd", null)));
        EventStorage.engine(dataSource, new DataSourceTransactionManager(dataSource))
                .appendEvents(events);

        database.migrate();

        DSLContext db = DSL.using(dataSource, SQLDialect.POSTGRES);
        List<List<Object>> migrated = rows(db);
        assertThat(migrated)
                .extracting(row -> row.subList(0, 4))
                .containsExactly(
                        List.of(EpaEntries.ACCORD_SPORT, (short) 2018, "HONDA", 1L),
                        List.of(EpaEntries.MODEL_3_LONG_RANGE, (short) 2021, "TESLA", 0L),
                        List.of(MERCEDES, (short) 2021, "MERCEDESBENZ", 0L),
                        List.of(EVERY_CHARACTER, (short) 2024, RecallMatching.makeKey(everyCharacter.make()), 0L));
        assertThat(migrated)
                .extracting(row -> row.get(4))
                .containsExactly(
                        EpaEntries.accordSport(27),
                        EpaEntries.model3LongRange(353),
                        gasoline(2021, "Mercedes-Benz"),
                        everyCharacter);

        db.truncate(EPA_ENTRY).execute();
        RecordedEpaEntries handler = RecordedEpaEntries.over(dataSource);
        events.stream()
                .filter(event -> event.getPayload() instanceof EpaEntryRecorded)
                .forEach(event -> handler.on(
                        (EpaEntryRecorded) event.getPayload(), event.getSequenceNumber(), event.getTimestamp()));

        assertThat(rows(db)).as("as the event handler writes them").isEqualTo(migrated);
    }

    @Test
    void theCharactersJavaSpellsInAsciiAreThoseTheMigrationDrops() {
        StringBuilder spelled = new StringBuilder();
        for (int c = 0x80; c <= Character.MAX_CODE_POINT; c++) {
            if (!isSurrogate(c)
                    && !RecallMatching.makeKey(Character.toString(c)).isEmpty()) {
                spelled.appendCodePoint(c);
            }
        }

        assertThat(spelled.toString()).isEqualTo(SPELLED_IN_ASCII);
    }

    /** Each row's EPA id, model year, make key, sequence number and facts, by EPA id. */
    private static List<List<Object>> rows(DSLContext db) {
        return db.selectFrom(EPA_ENTRY)
                .orderBy(EPA_ENTRY.EPA_ID)
                .fetch(row -> List.of(
                        row.getEpaId(),
                        row.getModelYear(),
                        row.getMakeKey(),
                        row.getSequenceNumber(),
                        EpaRows.entry(row).vehicle()));
    }

    /** Every code point but NUL (which PostgreSQL's text refuses), the surrogates and {@link #SPELLED_IN_ASCII}. */
    private static String everyCharacterButTheSpelledInAscii() {
        StringBuilder text = new StringBuilder();
        for (int c = 1; c <= Character.MAX_CODE_POINT; c++) {
            if (!isSurrogate(c) && SPELLED_IN_ASCII.indexOf(c) < 0 && !isAsciiLetterOrDigit(c)) {
                text.appendCodePoint(c);
            }
        }
        return text.toString();
    }

    private static boolean isSurrogate(int c) {
        return c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE;
    }

    /** Left out so that the key stays within the column's 60 characters: they are the ones every make has. */
    private static boolean isAsciiLetterOrDigit(int c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    }

    private static EpaVehicle gasoline(int year, String make) {
        return EpaEntries.gasoline(
                year, make, "C 300", "C", "2.0", 4, "Rear-Wheel Drive", "Automatic 9-spd", 25, 35, 29);
    }

    private static DomainEventMessage<?> event(int epaId, long sequence, EpaVehicle vehicle, EpaSource source) {
        return new GenericDomainEventMessage<>(
                "EpaFileEntry",
                RecordEpaEntry.aggregateId(epaId),
                sequence,
                new EpaEntryRecorded(epaId, vehicle, source));
    }
}
