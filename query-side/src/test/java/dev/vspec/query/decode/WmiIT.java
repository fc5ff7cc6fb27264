package dev.vspec.query.decode;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.SeededRouteIT;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** {@code /api/v1/wmi/{wmi}} over the real installed vPIC release. */
class WmiIT extends SeededRouteIT {

    @Test
    void describesAManufacturerIdentifier() {
        JsonNode honda = api.get("/api/v1/wmi/1hg").ok();

        assertThat(honda.path("wmi").asString()).isEqualTo("1HG");
        assertThat(honda.path("manufacturer").asString()).isEqualTo("AMERICAN HONDA MOTOR CO., INC.");
        assertThat(honda.path("makes").toString()).contains("Honda");
        assertThat(honda.path("vpic_makes").toString()).contains("Honda");
        assertThat(honda.path("country").asString()).isEqualTo("UNITED STATES (USA)");
        assertThat(honda.path("vehicle_type").asString()).isEqualTo("Passenger Car");
        assertThat(honda.path("model_years").isEmpty()).isFalse();
        assertThat(honda.path("schemas").size()).isGreaterThan(10);
        assertThat(honda.at("/schemas/0/name").asString()).isNotBlank();
        assertThat(honda.at("/release/data_date").asString()).isEqualTo("2026-02-17");
    }

    /** A WMI of another shape: DecodeParametersTest. */
    @Test
    void doesNotKnowAnUnregisteredOne() {
        api.get("/api/v1/wmi/111").error(404, "not_found");
    }
}
