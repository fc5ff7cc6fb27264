package dev.vspec.query.web;

import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.QuerySideWebSlice;
import dev.vspec.query.lookup.HeldVehicle;
import dev.vspec.testing.Api.Reply;
import dev.vspec.testing.MockApi;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Value;

/**
 * Failures outside the handlers (unknown route, wrong method) still answer the JSON error record, never Spring's
 * default body; every answer carries a request id. What Tomcat refuses before any handler is RoutingErrorsIT's.
 */
class RoutingErrorsTest extends QuerySideWebSlice {

    @Value("${vspec.site.url}")
    String siteUrl;

    @BeforeEach
    void holdTheCivic() {
        HeldVehicle.resolveEveryLookupTo(vehicles, CIVIC_LX);
    }

    /** With a key or without: no handler runs, so the method is refused whatever the key. */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "POST, /api/v1/fluids",
        "PUT, /api/v1/fluids",
        "PATCH, /api/v1/specs",
        "DELETE, /api/v1/configs",
        "POST, /api/v1/configs",
        "PUT, /api/v0/enrich",
        "DELETE, /api/v1/wmi/1HG",
        "POST, /api/v1/decode/batch"
    })
    void aWrongMethodIs405JsonWithAllowWithOrWithoutAKey(String method, String route) {
        for (MockApi client : List.of(api, new MockApi(mvc))) {
            Reply reply = client.send(method, route + query("config_key", CIVIC_LX), null);

            assertThat(reply.error(405, "method_not_allowed").path("message").asString())
                    .isEqualTo(method + " is not accepted on " + route + "; it takes GET, HEAD, OPTIONS");
            assertThat(reply.headers().allValues("Allow")).containsExactly("GET,HEAD,OPTIONS");
        }
    }

    @Test
    void headAndOptionsKeepWorking() {
        Reply head = api.send("HEAD", "/api/v1/fluids" + query("config_key", CIVIC_LX), null);
        assertThat(head.status()).isEqualTo(200);

        Reply options = new MockApi(mvc).send("OPTIONS", "/api/v1/fluids", null);
        assertThat(options.status()).isEqualTo(200);
        assertThat(options.header("Allow")).isEqualTo("GET,HEAD,OPTIONS");
    }

    @ParameterizedTest
    @CsvSource({"GET", "POST", "PUT"})
    void theErrorPathAskedForItselfIsNotFound(String method) {
        api.send(method, "/error", null).error(404, "not_found");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"GET, /api/v1/nothing-here", "GET, /api/v2/fluids", "GET, /", "POST, /api/v1/nothing-here"})
    void anUnknownRouteIs404Json(String method, String route) {
        api.send(method, route, null).error(404, "not_found");
    }

    @Test
    void theCallersRequestIdIsAnsweredAndRepeatedInErrors() {
        Reply failed = api.send("GET", "/api/v1/fluids", "gw-req-0001");
        assertThat(failed.requestId()).isEqualTo("gw-req-0001");
        assertThat(failed.error(400, "missing_param").path("request_id").asString())
                .isEqualTo("gw-req-0001");

        Reply answered = api.send("GET", "/api/v1/fluids" + query("config_key", CIVIC_LX), "gw-req-0002");
        answered.ok();
        assertThat(answered.requestId()).isEqualTo("gw-req-0002");
    }

    @Test
    void anErrorAnsweredByTheQuerySideItselfLinksToItsExplanation() {
        Reply missing = api.get("/api/v1/fluids");

        assertThat(missing.error(400, "missing_param").path("object").asString())
                .isEqualTo("error");
        assertThat(missing.body().path("docs").asString()).isEqualTo(siteUrl + "/docs#missing_param");
        assertThat(api.get("/api/v1/no-such-route")
                        .error(404, "not_found")
                        .path("docs")
                        .asString())
                .isEqualTo(siteUrl + "/docs#not_found");
    }

    @Test
    void everyAnswerWithoutACallerIdGetsAFreshOne() {
        Reply first = api.get("/api/v1/configs" + query("config_key", CIVIC_LX));
        Reply second = api.get("/api/v1/configs" + query("config_key", CIVIC_LX));

        first.ok();
        second.ok();
        assertThat(first.requestId()).isNotEqualTo(second.requestId());
    }
}
