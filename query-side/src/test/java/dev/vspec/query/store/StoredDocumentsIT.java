package dev.vspec.query.store;

import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.F150_XLT_50;
import static dev.vspec.query.ReadModelSeed.RANGE_ROVER;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.SeededRouteIT;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.testing.Api.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

/** Stored group documents go out as they are stored, and read back the way the rest of the API renders. */
class StoredDocumentsIT extends SeededRouteIT {

    /** The mapper Spring MVC writes every other answer with. */
    @Autowired
    JsonMapper mvcJson;

    /** {@code {"vehicle": ..., "<group>": ...}} either way, so the whole answers and their ETags are the same bytes. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "fluids, /api/v1/fluids",
        "specs, /api/v1/specs",
        "tires, /api/v1/tires",
        "maintenance_schedule, /api/v1/maintenance-schedule",
        "parts, /api/v1/parts",
        "labor, /api/v0/labor"
    })
    void aGroupRouteAndIncludeAnswerTheSameBytes(String group, String route) {
        for (String key : new String[] {CIVIC_LX, F150_XLT_50, RANGE_ROVER}) {
            Reply own = api.get(route + query("config_key", key));
            Reply included = api.get("/api/v1/vehicle" + query("config_key", key, "include", group));

            own.ok();
            assertThat(included.text()).as(key).isEqualTo(own.text());
            assertThat(included.header("ETag")).isEqualTo(own.header("ETag"));
        }
    }

    /** /v0/maintenance and labor's operation= render values parsed from documents; they must come out the same. */
    @Test
    void theMvcMapperRendersEveryStoredGroupToItsStoredBytes() {
        for (GroupDocument<?> document : GroupDocument.all()) {
            String body = db.select(document.body())
                    .from(document.table())
                    .where(document.configKey().eq(CIVIC_LX))
                    .fetchSingle()
                    .value1();

            assertThat(mvcJson.writeValueAsString(document.parse(body)))
                    .as(document.group().key())
                    .isEqualTo(body);
        }
    }
}
