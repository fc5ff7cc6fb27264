package dev.vspec.sandbox;

import static dev.vspec.sandbox.ReferenceVehicle.AMBIGUOUS_YMM;
import static dev.vspec.sandbox.ReferenceVehicle.CONFIG_KEY;
import static dev.vspec.sandbox.ReferenceVehicle.JOB_ID;
import static dev.vspec.sandbox.ReferenceVehicle.JOB_VIN;
import static dev.vspec.sandbox.ReferenceVehicle.OTHER_CONFIG_KEY;
import static dev.vspec.sandbox.ReferenceVehicle.UNKNOWN_VIN;
import static dev.vspec.sandbox.ReferenceVehicle.UNSUPPORTED_VIN;
import static dev.vspec.sandbox.ReferenceVehicle.VIN;
import static dev.vspec.sandbox.ReferenceVehicle.YMMT;
import static dev.vspec.sandbox.SandboxAnswers.assertDecorated;
import static dev.vspec.sandbox.SandboxAnswers.assertLimitHeaders;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.access.Window;
import dev.vspec.testing.Api;
import dev.vspec.testing.HostileRequests.HostileRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import tools.jackson.databind.JsonNode;

/**
 * The sandbox answers every read route for its reference data, keyless, with the live API's errors decorated; the
 * refusals its filters and the live handlers decide before any read are SandboxRefusalsTest's.
 */
@ExtendWith(OutputCaptureExtension.class)
class SandboxRoutesIT extends SandboxHttpIT {

    private static final String VEHICLE_ROUTES = "/api/sample/v1/vehicle,/api/sample/v1/fluids,/api/sample/v1/specs,"
            + "/api/sample/v1/tires,/api/sample/v1/maintenance-schedule,/api/sample/v1/parts,/api/sample/v0/maintenance,"
            + "/api/sample/v0/labor";

    @ParameterizedTest(name = "{0} by {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "/api/sample/v1/decode|vin=" + VIN + "|vehicle",
                "/api/sample/v1/vehicle|vin=" + VIN
                        + "&include=fluids,specs,tires,maintenance_schedule,parts,labor,image,service_history|fluids",
                "/api/sample/v1/fluids|vin=" + VIN + "|fluids",
                "/api/sample/v1/fluids|config_key=" + CONFIG_KEY + "|fluids",
                "/api/sample/v1/fluids|" + YMMT + "|fluids",
                "/api/sample/v1/specs|config_key=" + CONFIG_KEY + "|specs",
                "/api/sample/v1/tires|" + YMMT + "|tires",
                "/api/sample/v1/maintenance-schedule|vin=" + VIN + "|maintenance_schedule",
                "/api/sample/v1/parts|config_key=" + CONFIG_KEY + "|parts",
                "/api/sample/v0/maintenance|config_key=" + CONFIG_KEY + "&mileage=30000|services",
                "/api/sample/v0/labor|" + YMMT + "|labor",
                "/api/sample/v0/service-history|vin=" + VIN + "|service_history",
                "/api/sample/v1/fluids|vin=" + JOB_VIN + "|fluids"
            })
    void theReferenceVehicleAnswersOnEveryRouteByEachIdentifier(String route, String query, String group) {
        SandboxClient client = newClient();

        JsonNode body = client.get(route + "?" + query).ok();

        assertThat(body.path("vehicle").path("config_key").asString()).isEqualTo(CONFIG_KEY);
        JsonNode filled = body.path(group);
        assertThat(filled.isMissingNode()).as("%s in %s", group, body).isFalse();
        assertThat(filled.isEmpty()).as("%s is filled", group).isFalse();
    }

    /** The reference vehicle's groups are recorded; the VIN the sample job linked has no service history recorded. */
    @Test
    void answersShowTheirGroupsCoverageAndAMissingOneIsKeptAMinute() {
        SandboxClient client = newClient();

        Api.Reply recorded = client.get("/api/sample/v1/fluids?vin=" + VIN);
        Api.Reply missing = client.get("/api/sample/v0/service-history?vin=" + JOB_VIN);

        assertThat(recorded.ok().at("/coverage/fluids/status").asString()).isEqualTo("recorded");
        assertThat(recorded.header("Cache-Control")).isEqualTo("max-age=86400");
        assertThat(missing.ok().path("service_history")).isEmpty();
        assertThat(missing.body().at("/coverage/service_history/status").asString())
                .isEqualTo("missing");
        assertThat(missing.header("Cache-Control")).isEqualTo("private, max-age=60");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.vspec.testing.HostileRequests#all")
    void whatTomcatRefusesIsAnErrorRecordAsTheSandboxWritesThem(HostileRequest request) {
        JsonNode error = request.assertRefusedAsErrorRecord(port);

        assertThat(error.path("object").asString()).isEqualTo("error");
        assertThat(error.path("docs").asString()).endsWith("/docs#" + request.code());
    }

    @Test
    void everyGroupOfTheWholeVehicleIsFilled() {
        JsonNode body = newClient()
                .get("/api/sample/v1/vehicle?vin=" + VIN
                        + "&include=fluids,specs,tires,maintenance_schedule,parts,labor,image,service_history")
                .ok();

        for (String group : List.of(
                "fluids", "specs", "tires", "maintenance_schedule", "parts", "labor", "image", "service_history")) {
            assertThat(body.path(group).isEmpty())
                    .as("group %s of %s", group, body)
                    .isFalse();
        }
        assertThat(body.path("parts").get(0).path("price").path("as_of").asString())
                .as("dated prices")
                .isNotBlank();
    }

    @Test
    void theImageIsServedWithItsOwnType() {
        HttpResponse<byte[]> image = newClient().bytes("/api/sample/v0/vehicle-image?config_key=" + CONFIG_KEY);

        assertThat(image.statusCode()).isEqualTo(200);
        assertThat(image.headers().firstValue("Content-Type")).hasValue("image/svg+xml");
        assertThat(new String(image.body(), java.nio.charset.StandardCharsets.UTF_8))
                .contains("<svg");
    }

    /** The render's href is the sandbox's own image route: followed without a key, it answers the bytes the group describes. */
    @Test
    void theImageHrefLeadsToTheSandboxsOwnImageRoute() {
        SandboxClient client = newClient();
        JsonNode image = client.get("/api/sample/v1/vehicle?vin=" + VIN + "&include=image")
                .ok()
                .path("image");

        String href = image.path("href").asString();
        HttpResponse<byte[]> followed = client.bytes(href);

        assertThat(href).isEqualTo("/api/sample/v0/vehicle-image?config_key=" + CONFIG_KEY);
        assertThat(followed.statusCode()).isEqualTo(200);
        assertThat(followed.headers().firstValue("Content-Type"))
                .hasValue(image.path("content_type").asString());
        assertThat(followed.headers().firstValue("ETag"))
                .hasValue(image.path("etag").asString());
        assertThat(new String(followed.body(), java.nio.charset.StandardCharsets.UTF_8))
                .contains("<svg");
    }

    @Test
    void configsListsTheAmbiguousLookupsCandidates() {
        JsonNode configs =
                newClient().get("/api/sample/v1/configs?" + AMBIGUOUS_YMM).ok().path("configs");

        assertThat(configs.findValuesAsString("config_key")).containsExactly(OTHER_CONFIG_KEY, CONFIG_KEY);
    }

    @Test
    void theListingsPageUnderTheSandboxPath() {
        SandboxClient client = newClient();

        assertThat(client.get("/api/sample/v1/years").ok().path("years").findValuesAsString("year"))
                .contains("2019");
        assertThat(client.get("/api/sample/v1/trims?" + AMBIGUOUS_YMM)
                        .ok()
                        .path("trims")
                        .findValuesAsString("trim"))
                .containsExactly("EX", "LX");
        Api.Reply first = client.get("/api/sample/v1/configs?year=2019&make=honda&limit=1");
        String next = first.ok().path("next").asString();
        assertThat(next).startsWith("/api/sample/v1/configs?year=2019&make=honda&limit=1&cursor=");
        assertThat(first.header("Link")).isEqualTo("<" + next + ">; rel=\"next\"");
        assertThat(first.header("Cache-Control")).isEqualTo("max-age=60");
        assertThat(first.body().path("configs").findValuesAsString("config_key"))
                .containsExactly(OTHER_CONFIG_KEY);

        JsonNode second = client.get(next).ok();
        assertThat(second.path("configs").findValuesAsString("config_key")).containsExactly(CONFIG_KEY);
        assertThat(second.path("next").isNull()).isTrue();
        assertDecorated(client.get("/api/sample/v1/makes").error(400, "missing_param"), "missing_param");
    }

    @Test
    void theSampleJobIsCompletedForEveryCaller() {
        JsonNode job = newClient().get("/api/sample/v0/enrich?job_id=" + JOB_ID).ok();

        assertThat(job.path("status").asString()).isEqualTo("completed");
        assertThat(job.path("config_key").asString()).isEqualTo(CONFIG_KEY);
        assertThat(job.path("steps").findValuesAsString("step"))
                .containsExactly("decoded", "found_upstream", "catalog_recorded", "vin_linked");
        assertThat(newClient()
                        .get("/api/sample/v0/enrich?vin=" + JOB_VIN)
                        .ok()
                        .path("job_id")
                        .asString())
                .isEqualTo(JOB_ID);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"/api/sample/v1/fluids", "/api/sample/v1/specs", "/api/sample/v0/labor", "/api/sample/v1/vehicle"
            })
    void anAmbiguousLookupIs409WithItsMatches(String route) {
        JsonNode error = newClient().get(route + "?" + AMBIGUOUS_YMM).error(409, "multiple_matches");

        assertDecorated(error, "multiple_matches");
        assertThat(error.path("matches").findValuesAsString("config_key"))
                .containsExactly(OTHER_CONFIG_KEY, CONFIG_KEY);
    }

    @Test
    void theDecodeRoutesAnswerForTheSampleVins() {
        SandboxClient client = newClient();

        JsonNode batch = client.get("/api/sample/v1/decode/batch?vins=" + VIN + "," + UNKNOWN_VIN)
                .ok();
        assertThat(batch.at("/results/0/vehicle/config_key").asString()).isEqualTo(CONFIG_KEY);
        assertThat(batch.at("/results/0/decode/model").asString()).isEqualTo("Civic");
        assertThat(batch.at("/results/1/status").asInt()).isEqualTo(404);
        assertThat(client.get("/api/sample/v1/decode?partial_vin=" + VIN.substring(0, 11))
                        .ok()
                        .at("/partial_decode/determined/Model")
                        .asString())
                .isEqualTo("Civic");
        assertThat(client.get("/api/sample/v1/wmi/" + VIN.substring(0, 3))
                        .ok()
                        .path("wmi")
                        .asString())
                .isEqualTo(VIN.substring(0, 3));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/api/sample/v1/decode?vin=" + UNKNOWN_VIN,
                "/api/sample/v1/decode?partial_vin=1HGCM826",
                "/api/sample/v1/wmi/1HG"
            })
    void theSandboxDecodesItsSampleVinsAlone(String pathAndQuery) {
        JsonNode error = newClient().get(pathAndQuery).error(404, "not_found");

        assertDecorated(error, "not_found");
        assertThat(error.path("message").asString()).contains("sample VINs only");
        assertThat(error.path("available").valueStream().map(JsonNode::asString).toList())
                .contains("vin=" + VIN);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/sample/v1/wmi/1%2B8%25G", "/api/sample/v1/wmi/1H%25", "/api/sample/v1/wmi/%25zz"})
    void anEncodedPercentInThePathReachesTheRouteAsAPercent(String path) {
        Api.Reply reply = newClient().get(path);

        // as the live route answers a WMI that is not three VIN characters
        assertDecorated(reply.error(400, "invalid_param"), "invalid_param");
    }

    @Test
    void aVinWithoutEngineCodeIs422() {
        assertDecorated(
                newClient().get("/api/sample/v1/fluids?vin=" + UNSUPPORTED_VIN).error(422, "unsupported_vehicle"),
                "unsupported_vehicle");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/api/sample/v1/fluids?vin=" + UNKNOWN_VIN,
                "/api/sample/v1/specs?config_key=2020-honda-civic-lx-k20c2-fwd",
                "/api/sample/v0/labor?year=1999&make=Honda&model=Civic&trim=LX",
                "/api/sample/v9/nothing-here",
                "/api/sample/v1/fluids?config_key=Not%20A%20Slug",
                "/api/sample/v1/tires?config_key=2019-HONDA-CIVIC-LX-K20C2-FWD"
            })
    void aVehicleNotFoundListsTheAvailableIdentifiers(String pathAndQuery) {
        JsonNode error = newClient().get(pathAndQuery).error(404, "not_found");

        assertDecorated(error, "not_found");
        // the sandbox takes no writes, so it suggests none, and names its own routes alone
        assertThat(error.path("message").asString())
                .doesNotContain("POST", "/v0/enrich")
                .doesNotContainPattern("/api/v[0-9]");
        assertThat(error.path("available").valueStream().map(JsonNode::asString).toList())
                .contains(
                        "vin=" + VIN,
                        "config_key=" + CONFIG_KEY,
                        YMMT,
                        "config_key=" + OTHER_CONFIG_KEY,
                        "vin=" + JOB_VIN);
    }

    @Test
    void notFoundOnRoutesOfOtherIdentifiersListsTheirs() {
        JsonNode history = newClient()
                .get("/api/sample/v0/service-history?vin=" + UNKNOWN_VIN)
                .error(404, "not_found");
        assertThat(history.path("available")
                        .valueStream()
                        .map(JsonNode::asString)
                        .toList())
                .containsExactly("vin=" + VIN);

        JsonNode job = newClient()
                .get("/api/sample/v0/enrich?job_id=enr_" + VIN + "_7")
                .error(404, "not_found");
        assertThat(job.path("available").valueStream().map(JsonNode::asString).toList())
                .containsExactly("job_id=" + JOB_ID, "vin=" + JOB_VIN);

        JsonNode recalls = newClient()
                .get("/api/sample/v1/recalls?config_key=" + OTHER_CONFIG_KEY + "-not-held")
                .error(404, "not_found");
        assertThat(recalls.path("available")
                        .valueStream()
                        .map(JsonNode::asString)
                        .toList())
                .containsExactly("year=2018&make=HONDA&model=ACCORD", "year=2023&make=FORD&model=RANGER");
    }

    /** The sandbox's recalls are real rows of NHTSA's sample file, and any model answers without a configuration. */
    @Test
    void theSampleRecallsAnswerByModel() {
        JsonNode ranger = newClient()
                .get("/api/sample/v1/recalls?year=2023&make=Ford&model=Ranger")
                .ok();

        assertThat(ranger.path("recalls").get(0).path("campaign_number").asString())
                .isEqualTo("23V283000");
        assertThat(ranger.path("recalls").get(0).path("do_not_drive").asBoolean())
                .isTrue();
        assertThat(newClient()
                        .get("/api/sample/v1/recalls?year=2018&make=Honda&model=Accord")
                        .ok()
                        .path("recalls"))
                .hasSize(5);
    }

    @Test
    void aKeyInAHeaderIsNeitherCheckedNorLoggedAndAKeyInTheUrlIsRefused(CapturedOutput output) {
        String bearer = "vsk_live_SandboxBearerKeyNotValidated0123abcdef";
        String header = "vsk_live_SandboxHeaderKeyNotValidated0123abcdef";
        String inQuery = "vsk_live_SandboxQueryKeyNotValidated01234abcdef";
        SandboxClient client = newClient();

        client.get("/api/sample/v1/fluids?vin=" + VIN, "Authorization", "Bearer " + bearer)
                .ok();
        client.get("/api/sample/v1/fluids?vin=" + VIN, "x-api-key", header).ok();
        client.get("/api/sample/v1/fluids?vin=" + VIN, "Authorization", "Basic not-even-bearer")
                .ok();
        for (String parameter : List.of("api_key", "token", "k")) {
            JsonNode refused = client.get("/api/sample/v1/fluids?vin=" + VIN + "&" + parameter + "=" + inQuery)
                    .error(401, "invalid_api_key");
            assertDecorated(refused, "invalid_api_key");
            assertThat(refused.path("message").asString())
                    .contains("x-api-key header")
                    .doesNotContain(inQuery);
        }

        // the request log is written once the answer has gone
        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() ->
                        assertThat(output.getAll()).contains("/api/sample/v1/fluids?vin=" + VIN + "&token=[redacted]"));
        assertThat(output.getAll()).doesNotContain(bearer, header, inQuery, "not-even-bearer");
    }

    @Test
    void pathsAreJudgedAsTheContainerResolvesThem() {
        SandboxClient client = newClient();

        Api.Reply read = client.get("/actuator/../api/sample/v1/fluids?vin=" + VIN);
        assertThat(read.status()).isEqualTo(200);
        assertLimitHeaders(read);
        assertDecorated(
                client.send("POST", "/actuator/../api/sample/v0/enrich").error(403, "write_disabled"),
                "write_disabled");
        assertDecorated(client.get("/api/sample/../v1/fluids?vin=" + VIN).error(404, "not_found"), "not_found");
    }

    @Test
    void healthIsNeitherLimitedNorPrefixed() {
        Api.Reply health = newClient().get("/actuator/health");

        assertThat(health.status()).isEqualTo(200);
        assertThat(health.text()).contains("\"status\":\"UP\"");
        assertThat(health.header("X-RateLimit-Limit")).isNull();
    }

    @Test
    void everyResponseCarriesTheLimitHeaders() {
        awaitTimeLeftIn(Window.MINUTE, 20);
        SandboxClient client = newClient();
        List<Api.Reply> replies = List.of(
                client.get("/api/sample/v1/fluids?vin=" + VIN),
                client.get("/api/sample/v1/fluids?" + AMBIGUOUS_YMM),
                client.get("/api/sample/v1/fluids?vin=" + UNSUPPORTED_VIN),
                client.get("/api/sample/v1/fluids?vin=" + UNKNOWN_VIN),
                client.get("/api/sample/v1/fluids?vin=BAD"),
                client.send("POST", "/api/sample/v0/enrich"),
                client.get("/api/sample/v1/status"));

        for (int i = 0; i < replies.size(); i++) {
            assertLimitHeaders(replies.get(i));
            assertThat(replies.get(i).header("X-RateLimit-Remaining")).isEqualTo(Integer.toString(29 - i));
        }
    }
}
