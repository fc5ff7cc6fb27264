package dev.vspec.storage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.testing.database.MigratedDatabase;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The migrations moved from the former infra module to this one: a database those scripts migrated must
 * upgrade without a change. Flyway validates an existing database by each applied migration's version,
 * description, script name and checksum, and every deployable refuses to start on a mismatch; the ones
 * recorded here were read from a database migrated by the earlier jar's scripts.
 */
class MigrationsUpgradeIT {

    private MigratedDatabase database;

    @BeforeEach
    void migrated() {
        database = MigratedDatabase.at("vspec_upgrade", "24");
    }

    @AfterEach
    void drop() {
        database.drop();
    }

    @Test
    void everyMigrationTheEarlierLayoutAppliedIsTheSameHere() throws IOException {
        List<String> here = database.jdbc()
                .query(
                        "SELECT version, description, script, checksum FROM flyway_schema_history"
                                + " WHERE version IS NOT NULL ORDER BY installed_rank",
                        (row, number) -> String.join(
                                "\t",
                                row.getString("version"),
                                row.getString("description"),
                                row.getString("script"),
                                Integer.toString(row.getInt("checksum"))));

        assertThat(here).containsExactlyElementsOf(earlierHistory());
    }

    private static List<String> earlierHistory() throws IOException {
        try (InputStream in = MigrationsUpgradeIT.class.getResourceAsStream("/upgrade/flyway-history-56861f1.tsv")) {
            return Arrays.stream(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"))
                    .filter(line -> !line.isBlank() && !line.startsWith("#"))
                    .toList();
        }
    }
}
