package dev.vspec.platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.testing.Api.Reply;
import dev.vspec.testing.MockApi;
import jakarta.servlet.RequestDispatcher;
import java.io.IOException;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Every failure a handler can meet becomes the error record ({@link ApiExceptionHandler}, {@link JsonErrorController}),
 * whichever deployable serves it: the status and code, a message that repeats nothing internal, the request id, and
 * never a cache. Over a handler of this test's own, in a web slice of web-platform's web configuration alone.
 */
@WebMvcTest(properties = "vspec.site.url=" + ApiErrorMappingTest.SITE)
class ApiErrorMappingTest {

    static final String SITE = "https://site.example";

    @Autowired
    MockMvc mvc;

    private MockApi api;

    @BeforeEach
    void client() {
        api = new MockApi(mvc);
    }

    @Test
    void aRefusalIsItsOwnRecordNamingItsParameter() {
        Reply reply = api.get("/api/test/refused");

        assertThat(reply.error(400, "invalid_param").path("param").asString()).isEqualTo("color");
        assertThat(reply.body().path("message").asString()).isEqualTo("color is red or blue");
        assertThat(reply.body().path("docs").asString()).isEqualTo(SITE + "/docs#invalid_param");
        assertThat(reply.body().path("object").asString()).isEqualTo("error");
        assertNeverCached(reply);
    }

    @Test
    void aMissingParameterIsMissingParamNamingIt() {
        Reply reply = api.get("/api/test/color");

        assertThat(reply.error(400, "missing_param").path("message").asString())
                .isEqualTo("Parameter 'color' is required");
        assertThat(reply.body().path("param").asString()).isEqualTo("color");
    }

    @Test
    void aValueOfTheWrongTypeIsInvalidParamNamingIt() {
        Reply reply = api.get("/api/test/count?count=many");

        assertThat(reply.error(400, "invalid_param").path("message").asString())
                .isEqualTo("Parameter 'count' has an unreadable value");
        assertThat(reply.body().path("param").asString()).isEqualTo("count");
    }

    @Test
    void aRequestSpringCannotBindOtherwiseIsInvalidParam() {
        assertThat(api.get("/api/test/header")
                        .error(400, "invalid_param")
                        .path("message")
                        .asString())
                .isEqualTo("The request could not be read");
    }

    @Test
    void anUnreadableBodyIsInvalidBody() {
        assertThat(api.post("/api/test/body", "application/json", "{\"color\":")
                        .error(400, "invalid_body")
                        .path("message")
                        .asString())
                .isEqualTo("The request body is not valid JSON of the expected shape");
    }

    @Test
    void aContentTypeTheRouteDoesNotTakeIs415SayingWhichItTakes() {
        assertThat(api.post("/api/test/body", "text/plain", "red")
                        .error(415, "unsupported_media_type")
                        .path("message")
                        .asString())
                .isEqualTo("This Content-Type is not accepted here; send Content-Type: application/json");
        assertThat(api.post("/api/test/body", null, "red")
                        .error(415, "unsupported_media_type")
                        .path("message")
                        .asString())
                .isEqualTo("The request names no Content-Type; send Content-Type: application/json");
    }

    @Test
    void anAnswerTheClientDoesNotAcceptIs406() {
        api.getWith("/api/test/color?color=red", "Accept", "text/html").error(406, "not_acceptable");
    }

    @Test
    void aWrongMethodIs405ListingTheMethodsThePathTakes() {
        Reply reply = api.send("DELETE", "/api/test/color", null);

        assertThat(reply.error(405, "method_not_allowed").path("message").asString())
                .isEqualTo("DELETE is not accepted on /api/test/color; it takes GET, HEAD, OPTIONS");
        assertThat(reply.headers().allValues("Allow")).containsExactly("GET,HEAD,OPTIONS");
    }

    @Test
    void aPathNoRouteTakesIs404() {
        assertThat(api.get("/api/test/nothing-here")
                        .error(404, "not_found")
                        .path("message")
                        .asString())
                .isEqualTo("No route GET /api/test/nothing-here");
        api.get("/error").error(404, "not_found");
    }

    @Test
    void anUnreachableDatabaseIs503WithRetryAfter() {
        Reply reply = api.get("/api/test/database-down");

        assertThat(reply.error(503, "service_unavailable").path("message").asString())
                .isEqualTo("The database does not answer right now; retry shortly");
        assertThat(reply.header("Retry-After")).isEqualTo("5");
        assertNeverCached(reply);
    }

    @Test
    void aTransactionCutOffByTheDatabasesRestartIs503() {
        Reply reply = api.get("/api/test/rollback-on-closed-connection");

        reply.error(503, "service_unavailable");
        assertThat(reply.header("Retry-After")).isEqualTo("5");
    }

    @Test
    void aLibrarysOwnWrapperOfADroppedConnectionIs503() {
        api.get("/api/test/wrapped-closed-connection").error(503, "service_unavailable");
    }

    @Test
    void thePoolsStandInForAnEvictedConnectionIs503() {
        api.get("/api/test/pool-closed-connection").error(503, "service_unavailable");
    }

    @Test
    void aTransactionThatFailsWithTheDatabaseUpIs500() {
        api.get("/api/test/rollback-refused").error(500, "internal_error");
    }

    @Test
    void anUnexpectedFailureIs500RepeatingNothingOfIt() {
        Reply reply = api.get("/api/test/failure");

        reply.error(500, "internal_error");
        assertThat(reply.text()).doesNotContain("secret detail", "IllegalStateException", "dev.vspec");
    }

    @Test
    void theCallersRequestIdIsKeptAndEveryOtherAnswerGetsAFreshOne() {
        Reply echoed = api.send("GET", "/api/test/refused", "caller-0001");
        Reply first = api.get("/api/test/color?color=red");
        Reply second = api.get("/api/test/color?color=red");

        assertThat(echoed.error(400, "invalid_param").path("request_id").asString())
                .isEqualTo("caller-0001");
        assertThat(first.requestId()).isNotBlank().isNotEqualTo(second.requestId());
    }

    /** A surface that serves the live routes under another prefix (the sandbox) has its own paths named. */
    @Test
    void routesAreNamedUnderThePrefixTheClientUsed() throws Exception {
        AskedRoutes sample = new AskedRoutes("/api/sample", false);

        assertThat(answered(get("/api/test/nothing-here"), sample)
                        .error(404, "not_found")
                        .path("message")
                        .asString())
                .isEqualTo("No route GET /api/sample/test/nothing-here");
        assertThat(answered(delete("/api/test/color"), sample)
                        .error(405, "method_not_allowed")
                        .path("message")
                        .asString())
                .isEqualTo("DELETE is not accepted on /api/sample/test/color; it takes GET, HEAD, OPTIONS");
    }

    /** What the container dispatches to /error after a handler or Tomcat itself failed. */
    @Test
    void theContainersErrorDispatchIsTheRecordOfItsStatus() throws Exception {
        Reply notFound = dispatched(404, null);
        notFound.error(404, "not_found");

        Reply cutShort = dispatched(400, new IOException("the body ended"));
        assertThat(cutShort.error(400, "invalid_body").path("message").asString())
                .startsWith("The request body did not arrive in full");
    }

    private Reply dispatched(int status, Throwable cause) throws Exception {
        MockHttpServletRequestBuilder dispatch = get("/error")
                .accept(MediaType.APPLICATION_JSON)
                .requestAttr(RequestDispatcher.ERROR_STATUS_CODE, status)
                .requestAttr(RequestDispatcher.ERROR_REQUEST_URI, "/api/test/body");
        if (cause != null) {
            dispatch.requestAttr(RequestDispatcher.ERROR_EXCEPTION, cause);
        }
        return MockApi.reply(mvc.perform(dispatch).andReturn().getResponse());
    }

    /** The answer to {@code request} on {@code surface}, as a filter serving the live routes there names it. */
    private Reply answered(MockHttpServletRequestBuilder request, AskedRoutes surface) throws Exception {
        return MockApi.reply(
                mvc.perform(request.accept(MediaType.APPLICATION_JSON).with(sent -> {
                            surface.applyTo(sent);
                            return sent;
                        }))
                        .andReturn()
                        .getResponse());
    }

    private static void assertNeverCached(Reply reply) {
        assertThat(reply.headers().allValues("Cache-Control")).containsExactly("no-store");
    }

    @SpringBootConfiguration
    @ImportAutoConfiguration(ApiWebAutoConfiguration.class)
    @Import(Handlers.class)
    static class Slice {}

    @RestController
    static class Handlers {

        @GetMapping("/api/test/refused")
        String refused() {
            throw ApiException.about("color", ErrorCode.INVALID_PARAM, "color is red or blue");
        }

        @GetMapping(path = "/api/test/color", produces = MediaType.APPLICATION_JSON_VALUE)
        Map<String, String> color(@RequestParam String color) {
            return Map.of("color", color);
        }

        @GetMapping("/api/test/count")
        int count(@RequestParam int count) {
            return count;
        }

        @GetMapping("/api/test/header")
        String header(@RequestHeader("X-Color") String color) {
            return color;
        }

        @PostMapping(path = "/api/test/body", consumes = MediaType.APPLICATION_JSON_VALUE)
        Map<String, String> body(@RequestBody Map<String, String> body) {
            return body;
        }

        @GetMapping("/api/test/database-down")
        String databaseDown() {
            throw new DataAccessResourceFailureException("connection refused");
        }

        @GetMapping("/api/test/rollback-on-closed-connection")
        String rollbackOnClosedConnection() {
            throw new TransactionSystemException(
                    "JDBC rollback failed", new SQLException("Connection is closed", "08003"));
        }

        @GetMapping("/api/test/wrapped-closed-connection")
        String wrappedClosedConnection() {
            throw new IllegalStateException(
                    "Failed to create a SQL statement", new SQLException("Connection is closed", "08003"));
        }

        /** As Axon's event store met HikariCP's stand-in for a connection evicted while PostgreSQL restarted. */
        @GetMapping("/api/test/pool-closed-connection")
        String poolClosedConnection() {
            throw new IllegalStateException(
                    "Failed to create a SQL statement", new SQLException("Connection is closed"));
        }

        @GetMapping("/api/test/rollback-refused")
        String rollbackRefused() {
            throw new TransactionSystemException("JDBC rollback failed", new SQLException("deadlock", "40P01"));
        }

        @GetMapping("/api/test/failure")
        String failure() {
            throw new IllegalStateException("secret detail");
        }
    }
}
