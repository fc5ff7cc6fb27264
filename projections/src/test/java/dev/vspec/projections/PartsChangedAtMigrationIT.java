package dev.vspec.projections;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.testing.database.MigratedDatabase;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * V20 on parts documents rendered before it: each gets the time its body last changed, the later of its
 * list's and of the prices of the parts it lists, as the parts projection now writes it.
 */
class PartsChangedAtMigrationIT {

    private static final String LISTED_AT = "2026-01-10T08:00:00Z";
    private static final String PRICED_AT = "2026-03-02T09:30:00.250Z";

    private MigratedDatabase database;
    private JdbcTemplate jdbc;

    @BeforeEach
    void databaseAtV19() {
        database = MigratedDatabase.at("vspec_v20", "19");
        jdbc = database.jdbc();
    }

    @AfterEach
    void drop() {
        database.drop();
    }

    @Test
    void aDocumentChangedWhenItsListOrALaterPriceOfAListedPartWasRecorded() {
        document("priced-later", LISTED_AT);
        listed("priced-later", "FILTER");
        price("priced-later", "FILTER", PRICED_AT);
        price("priced-later", "NOT-LISTED", "2026-05-05T00:00:00Z");
        document("priced-before", LISTED_AT);
        listed("priced-before", "FILTER");
        price("priced-before", "FILTER", "2025-12-01T00:00:00Z");
        document("unpriced", LISTED_AT);

        database.migrate();

        assertThat(changedAt("priced-later")).isEqualTo(PRICED_AT);
        assertThat(changedAt("priced-before")).isEqualTo(LISTED_AT);
        assertThat(changedAt("unpriced")).isEqualTo(LISTED_AT);
    }

    private void document(String key, String recordedAt) {
        jdbc.update(
                "INSERT INTO read.parts_document (config_key, body, recorded_at) VALUES (?, '[]', ?::timestamptz)",
                key,
                recordedAt);
    }

    private void listed(String key, String partNumber) {
        jdbc.update(
                "INSERT INTO read.part (config_key, part_number, position, name, category, brand, quantity)"
                        + " VALUES (?, ?, 0, 'Part', 'filter', 'Honda', 1)",
                key,
                partNumber);
    }

    private void price(String key, String partNumber, String recordedAt) {
        jdbc.update(
                "INSERT INTO read.part_price_history (config_key, part_number, as_of, currency, amount, recorded_at)"
                        + " VALUES (?, ?, DATE '2026-01-01', 'USD', 9.42, ?::timestamptz)",
                key,
                partNumber,
                recordedAt);
    }

    private String changedAt(String key) {
        return jdbc.queryForObject(
                        "SELECT changed_at FROM read.parts_document WHERE config_key = ?", OffsetDateTime.class, key)
                .toInstant()
                .toString();
    }
}
