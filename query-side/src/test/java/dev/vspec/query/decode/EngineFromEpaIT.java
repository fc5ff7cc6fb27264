package dev.vspec.query.decode;

import static dev.vspec.storage.jooq.read.Tables.EPA_ENTRY;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.epa.EpaEntryRecorded;
import dev.vspec.contracts.epa.EpaSource;
import dev.vspec.contracts.epa.EpaVehicle;
import dev.vspec.query.ReadModelSeed;
import dev.vspec.query.SeededRouteIT;
import dev.vspec.readmodel.EpaRows;
import dev.vspec.testing.EpaEntries;
import java.time.Instant;
import org.jooq.DSLContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A VIN whose vPIC decode gives no engine data (a real 2021 BMW X3, over the real installed vPIC release), and the
 * EPA's entries of its model: several engines keep the 422 and list them; one resolves the engine code, marked as the
 * EPA's. The entries are shaped like the EPA's 2021 X3 entries; their ids are made up for this test.
 */
class EngineFromEpaIT extends SeededRouteIT {

    private static final String X3_VIN = "5UXTY5C07M9G00001";
    private static final EpaSource FILE =
            new EpaSource("vehicles.csv", "1ffc03be203d8f5a85a9e23b72f18c118a2fa416f9b6a872af1da221ab925917", null);

    @Override
    protected void seed(DSLContext db) {
        ReadModelSeed.seedDecodeMatches(db);
        entry(db, 91001, "X3 sDrive30i", "2.0", 4, "Rear-Wheel Drive");
        entry(db, 91002, "X3 xDrive30i", "2.0", 4, "All-Wheel Drive");
        entry(db, 91003, "X3 M40i", "3.0", 6, "All-Wheel Drive");
    }

    @AfterEach
    void removeTheEntries() {
        db.deleteFrom(EPA_ENTRY).where(EPA_ENTRY.EPA_ID.between(91001, 91003)).execute();
    }

    @Test
    void severalEnginesKeepThe422AndListEachWithItsEntries() {
        JsonNode error = api.get("/api/v1/decode" + query("vin", X3_VIN)).error(422, "unsupported_vehicle");

        assertThat(error.path("message").asString()).contains("2021 BMW X3", "engine_candidates", "not retryable");
        assertThat(error.at("/decode/engine_code").isNull()).isTrue();
        JsonNode candidates = error.path("engine_candidates");
        assertThat(candidates).hasSize(2);
        assertThat(candidates.get(0).path("engine").asString()).isEqualTo("2.0 L, 4 cylinders, gasoline");
        assertThat(candidates.get(0).path("descriptions").get(0).asString()).isEqualTo("SIDI");
        assertThat(candidates.get(1).path("engine").asString()).isEqualTo("3.0 L, 6 cylinders, gasoline");
        assertThat(candidates.get(1).path("epa_ids").get(0).asInt()).isEqualTo(91003);
        api.get("/api/v1/specs" + query("vin", X3_VIN)).error(422, "unsupported_vehicle");
    }

    @Test
    void oneEngineResolvesTheEngineCodeMarkedAsTheEpas() {
        db.deleteFrom(EPA_ENTRY).where(EPA_ENTRY.EPA_ID.eq(91003)).execute();

        JsonNode decode = api.get("/api/v1/decode" + query("vin", X3_VIN)).ok().path("decode");

        JsonNode engine = decode.path("engine_code");
        assertThat(engine.path("value").asString()).startsWith("2.0l-");
        assertThat(engine.path("derived").asBoolean()).isTrue();
        assertThat(engine.path("basis").asString()).contains("the EPA's fuel-economy entries", "EPA id 9100");
        assertThat(api.get("/api/v1/specs" + query("vin", X3_VIN))
                        .error(404, "not_found")
                        .path("message")
                        .asString())
                .contains("no enriched vehicle config matches it");
    }

    private static void entry(DSLContext db, int id, String model, String displacement, int cylinders, String drive) {
        EpaVehicle vehicle = EpaEntries.gasoline(
                2021, "BMW", model, "X3", displacement, cylinders, drive, "Automatic (S8)", 22, 29, 25);
        db.insertInto(EPA_ENTRY)
                .set(EpaRows.row(new EpaEntryRecorded(id, vehicle, FILE), Instant.parse("2026-12-01T09:30:00Z")))
                .onConflictDoNothing()
                .execute();
    }
}
