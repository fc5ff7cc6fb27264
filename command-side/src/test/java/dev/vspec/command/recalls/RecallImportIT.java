package dev.vspec.command.recalls;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.vspec.command.catalog.CatalogCommandSide;
import dev.vspec.testing.database.TestDatabase;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * NHTSA's real sample rows through the {@link RecallCampaign} aggregates into a real event store: what a first
 * import records, what the same file and a newer one record again, and what another layout's file adds.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RecallImportIT {

    @TempDir
    static Path work;

    private static TestDatabase database;
    private static HikariDataSource dataSource;
    private static CatalogCommandSide commandSide;
    private static JdbcTemplate jdbc;

    @BeforeAll
    static void anEmptyEventStore() {
        database = TestDatabase.create("vspec_recalls").migrated();
        dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(database.url());
        dataSource.setUsername(database.user());
        dataSource.setPassword(database.password());
        commandSide = CatalogCommandSide.over(dataSource);
        jdbc = new JdbcTemplate(dataSource);
    }

    @AfterAll
    static void dropIt() {
        commandSide.close();
        dataSource.close();
        database.drop();
    }

    @Test
    @Order(1)
    void aFirstImportRecordsEveryRowOfEveryKindAsOneEventEach() throws IOException {
        RecallImport.Tally tally = importFile(RecallSamples.CURRENT);

        assertThat(tally.rows()).isEqualTo(56);
        assertThat(tally.byType())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of("vehicle", 51L, "equipment", 3L, "tire", 1L, "child_restraint", 1L));
        assertThat(tally.added()).isEqualTo(56 - tally.repeated() - tally.incomplete());
        assertThat(tally.changed()).isZero();
        assertThat(recallEvents()).isEqualTo(tally.added());
        // the same campaign's consecutive rows went as one command: 18V629000 lists the 2018 Accord twice
        assertThat(tally.campaignCommands()).isLessThan(tally.added());
        assertThat(tally.vehicleNames().values())
                .anySatisfy(
                        name -> assertThat(List.of(name.make(), name.model())).containsExactly("HONDA", "ACCORD"));
    }

    @Test
    @Order(2)
    void theSameFileAgainRecordsNothing() throws IOException {
        long before = recallEvents();

        RecallImport.Tally again = importFile(RecallSamples.CURRENT);

        assertThat(again.added() + again.changed()).isZero();
        assertThat(again.unchanged()).isEqualTo(56 - again.repeated() - again.incomplete());
        assertThat(recallEvents()).isEqualTo(before);
    }

    @Test
    @Order(3)
    void aNewerFileRecordsOnlyTheRemedyThatChangedAndTheLogKeepsBoth() throws IOException {
        List<String> lines = RecallSamples.lines(RecallSamples.CURRENT);
        int ranger = lineOf(lines, "23V283000");
        String[] fields = lines.get(ranger).split("\t", -1);
        fields[21] = "Dealers will replace all five wheel studs and lug nuts, free of charge.";
        lines.set(ranger, String.join("\t", fields));
        long before = recallEvents();

        RecallImport.Tally newer = importFile(RecallSamples.write(work, "FLAT_RCL_POST_2010.txt", lines));

        assertThat(newer.changed()).isEqualTo(1);
        assertThat(newer.added()).isZero();
        assertThat(recallEvents()).isEqualTo(before + 1);
        assertThat(jdbc.queryForList(
                        "select convert_from(payload, 'UTF8')::jsonb #>> '{recall,remedy}' from events.domainevententry"
                                + " where aggregateidentifier = '23V283000' order by sequencenumber",
                        String.class))
                .hasSize(2)
                .last()
                .isEqualTo("Dealers will replace all five wheel studs and lug nuts, free of charge.");
    }

    @Test
    @Order(4)
    void theOlderLayoutsFileAddsItsCampaignsAndWithdrawsNoneOfTheOthers() throws IOException {
        long before = recallEvents();

        RecallImport.Tally older = importFile(RecallSamples.FIELDS_24);

        assertThat(older.rows()).isEqualTo(100);
        assertThat(older.added()).isPositive();
        assertThat(recallEvents()).isEqualTo(before + older.added());
        assertThat(jdbc.queryForObject(
                        "select count(*) from events.domainevententry where type = 'RecallCampaign'"
                                + " and convert_from(payload, 'UTF8')::jsonb #>> '{recall,doNotDrive}' is not null"
                                + " and convert_from(payload, 'UTF8')::jsonb #>> '{source,file}' = ?",
                        Long.class,
                        RecallSamples.FIELDS_24.getFileName().toString()))
                .as("the 24-field layout has no advisories: unknown, not no")
                .isZero();
    }

    private static RecallImport.Tally importFile(Path file) throws IOException {
        return RecallImport.run(RecallFile.check(file), commandSide, rows -> {});
    }

    private static long recallEvents() {
        return jdbc.queryForObject(
                "select count(*) from events.domainevententry where type = 'RecallCampaign'", Long.class);
    }

    private static int lineOf(List<String> lines, String campaign) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).split("\t", -1)[1].equals(campaign)) {
                return i;
            }
        }
        throw new AssertionError(campaign + " is not in the sample");
    }
}
