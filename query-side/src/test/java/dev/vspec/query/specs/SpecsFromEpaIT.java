package dev.vspec.query.specs;

import static dev.vspec.storage.jooq.read.Tables.EPA_ENTRY;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.epa.EpaEntryRecorded;
import dev.vspec.contracts.epa.EpaSource;
import dev.vspec.contracts.epa.EpaVehicle;
import dev.vspec.query.ReadModelSeed;
import dev.vspec.query.SeededRouteIT;
import dev.vspec.readmodel.EpaRows;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.Provenance;
import dev.vspec.readmodel.SpecView;
import dev.vspec.testing.Api;
import dev.vspec.testing.EpaEntries;
import dev.vspec.testing.TestKeys;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The EPA's entries in the spec sheet, matched to configurations as they are answered: per fact over vPIC's, under an
 * operator's, each line with its source; the facts several entries agree on where several match; nothing where none.
 * Real entries of the EPA's file (2018 Honda Accords, of the shared sample).
 */
class SpecsFromEpaIT extends SeededRouteIT {

    private static final String ROUTE = "/api/v1/specs";
    private static final String SPORT = "2018-honda-accord-sport-2-0t-k20c4-fwd-epa";
    private static final String EX = "2018-honda-accord-ex-1-5l-i4-fwd-epa";
    private static final String TOURING = "2018-honda-accord-touring-k20c4-fwd-epa";
    private static final Instant EPA_IMPORTED = Instant.parse("2026-12-01T09:30:00.250Z");
    private static final EpaSource FILE = EpaEntries.sampleFile();
    private static final Provenance VPIC =
            Provenance.of(FactSource.vpic("2026-02-17", "f9b3118a"), Instant.parse("2026-11-21T07:27:36.776Z"));
    private static final Provenance OPERATOR =
            Provenance.of(FactSource.importFile("specs.csv", "5e0c3d9a"), Instant.parse("2026-11-21T07:27:36.776Z"));

    @Override
    protected void seed(DSLContext db) {
        ReadModelSeed.seedGroups(db);
        ReadModelSeed.configuration(db, SPORT, 2018, "Honda", "Accord", "Sport", "K20C4", "FWD", "2018 Honda Accord");
        ReadModelSeed.configuration(db, EX, 2018, "Honda", "Accord", "EX", "1.5l-i4", "FWD", "2018 Honda Accord EX");
        ReadModelSeed.configuration(
                db, TOURING, 2018, "Honda", "Accord", "Touring", "K20C4", "FWD", "2018 Honda Accord Touring");
        sheet(db, SPORT, VPIC, twoLitre("FWD/Front-Wheel Drive"));
        List<SpecItem> operators = new ArrayList<>(twoLitre("FWD/Front-Wheel Drive"));
        operators.add(new SpecItem("transmission", "type", "10-speed automatic", null));
        sheet(db, TOURING, OPERATOR, operators);
        entry(db, 39595, "Accord", "1.5", "Automatic (variable gear ratios)", 30, 38, 33);
        entry(db, 39596, "Accord", "1.5", "Automatic (AV-S7)", 29, 35, 31);
        entry(db, 39751, "Accord 2.0T Sport/Touring", "2.0", "Automatic 10-spd", 22, 32, 26);
        entry(db, 39755, "Accord", "2.0", "Automatic 10-spd", 23, 34, 27);
    }

    private Api withCoverage() {
        return new Api(port, TestKeys.fullAccess(db));
    }

    @Test
    void theOneMatchingEntryGivesTransmissionDriveAndMpgOverVpicEachWithItsSource() {
        JsonNode specs = api.get(ROUTE + query("config_key", SPORT)).ok().path("specs");

        assertThat(line(specs, "transmission/type")).isEqualTo("Automatic 10-spd from epa");
        assertThat(line(specs, "drivetrain/drive_type")).isEqualTo("Front-Wheel Drive from epa");
        assertThat(line(specs, "fuel_economy/combined")).isEqualTo("26 mpg from epa");
        assertThat(line(specs, "engine/displacement")).isEqualTo("2.0 L from vpic");
        assertThat(line(specs, "reference/epa_id")).isEqualTo("39751 from epa");
        JsonNode epa = source(specs, "transmission/type");
        assertThat(epa.path("name").asString()).isEqualTo(FILE.file());
        assertThat(epa.path("version").asString()).isEqualTo("2023-10-19");
        assertThat(epa.path("sha256").asString()).isEqualTo(FILE.sha256());
    }

    @Test
    void theWholeVehicleShowsTheSameSheet() {
        JsonNode alone = api.get(ROUTE + query("config_key", SPORT)).ok().path("specs");
        JsonNode included = api.get("/api/v1/vehicle" + query("config_key", SPORT, "include", "specs"))
                .ok()
                .path("specs");

        assertThat(included).isEqualTo(alone);
    }

    @Test
    void severalMatchingEntriesGiveOnlyWhatTheyAgreeOnAndAConfigurationWithoutASheetShowsItRecordedFromTheEpa() {
        JsonNode answer = withCoverage().get(ROUTE + query("config_key", EX)).ok();
        JsonNode specs = answer.path("specs");

        assertThat(line(specs, "reference/epa_id")).isEqualTo("39595, 39596 from epa");
        assertThat(line(specs, "drivetrain/drive_type")).isEqualTo("Front-Wheel Drive from epa");
        assertThat(line(specs, "transmission/type")).isNull();
        assertThat(line(specs, "fuel_economy/combined")).isNull();
        assertThat(answer.path("coverage").path("specs").path("status").asString())
                .isEqualTo("recorded");
        assertThat(answer.path("coverage")
                        .path("specs")
                        .path("source")
                        .path("kind")
                        .asString())
                .isEqualTo("epa");
        assertThat(answer.path("coverage").path("specs").path("recorded_at").asString())
                .isEqualTo("2026-12-01T09:30:00.250Z");
    }

    @Test
    void anOperatorsFactStandsOverTheEpasAndTheAnswerChangedWhenTheEpaWasImported() {
        Api.Reply reply = api.get(ROUTE + query("config_key", TOURING));
        JsonNode specs = reply.ok().path("specs");

        assertThat(line(specs, "transmission/type")).isEqualTo("10-speed automatic from import");
        assertThat(line(specs, "drivetrain/drive_type")).isEqualTo("FWD/Front-Wheel Drive from import");
        assertThat(line(specs, "fuel_economy/city")).isEqualTo("22 mpg from epa");
        assertThat(reply.header("Last-Modified")).isEqualTo("Tue, 01 Dec 2026 09:30:00 GMT");
    }

    @Test
    void aConfigurationNoEntryMatchesKeepsItsSheet() {
        JsonNode specs = api.get(ROUTE + query("config_key", ReadModelSeed.CIVIC_LX))
                .ok()
                .path("specs");

        assertThat(specs)
                .allSatisfy(line ->
                        assertThat(line.path("source").path("kind").asString()).isEqualTo("import"));
        assertThat(line(specs, "reference/epa_id")).isNull();
    }

    /** {@code value unit from kind} of the fact's lines, or null when the sheet does not state it. */
    private static String line(JsonNode specs, String fact) {
        for (JsonNode line : specs) {
            if ((line.path("section").asString() + "/" + line.path("name").asString()).equals(fact)) {
                String unit = line.path("unit").isNull()
                        ? ""
                        : " " + line.path("unit").asString();
                return line.path("value").asString() + unit + " from "
                        + line.path("source").path("kind").asString();
            }
        }
        return null;
    }

    private static JsonNode source(JsonNode specs, String fact) {
        for (JsonNode line : specs) {
            if ((line.path("section").asString() + "/" + line.path("name").asString()).equals(fact)) {
                return line.path("source");
            }
        }
        throw new AssertionError(fact + " is not in " + specs);
    }

    private static List<SpecItem> twoLitre(String driveType) {
        return List.of(
                new SpecItem("engine", "displacement", "2.0", "L"),
                new SpecItem("engine", "cylinders", "4", null),
                new SpecItem("drivetrain", "drive_type", driveType, null));
    }

    private static void sheet(DSLContext db, String key, Provenance provenance, List<SpecItem> items) {
        GroupDocument.SPECS.write(db, key, SpecView.of(items, Provenance.parse(provenance.source())), provenance);
    }

    private static void entry(
            DSLContext db,
            int id,
            String model,
            String displacement,
            String transmission,
            int city,
            int highway,
            int combined) {
        EpaVehicle vehicle = EpaEntries.gasoline(
                2018,
                "Honda",
                model,
                "Accord",
                displacement,
                4,
                "Front-Wheel Drive",
                transmission,
                city,
                highway,
                combined);
        db.insertInto(EPA_ENTRY)
                .set(EpaRows.row(new EpaEntryRecorded(id, vehicle, FILE), EPA_IMPORTED))
                .onConflictDoNothing()
                .execute();
    }
}
