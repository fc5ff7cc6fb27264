package dev.vspec.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import tools.jackson.databind.JsonNode;

/**
 * Requests Tomcat refuses before any filter or controller of a deployable sees them, each with the
 * error record every deployable must answer instead of Tomcat's HTML page. For a parameterized
 * test: {@code @MethodSource("dev.vspec.testing.HostileRequests#all")}.
 */
public final class HostileRequests {

    private static final String PATH = "/api/v1/fluids";
    private static final String OVER_8_KB = "a".repeat(9_000);

    private HostileRequests() {}

    public static List<HostileRequest> all() {
        return List.of(
                new HostileRequest("brackets in the query", get(PATH + "?vin[]=1", ""), 400, "invalid_request"),
                new HostileRequest(
                        "braces, quote, caret, angles and backslash in the query",
                        get(PATH + "?vin={\"^<>\\}", ""),
                        400,
                        "invalid_request"),
                new HostileRequest(
                        "bytes outside ASCII in the query",
                        get(PATH + "?make=citro\u00ebn", ""),
                        400,
                        "invalid_request"),
                new HostileRequest(
                        "an encoded slash in the path", get("/api/v1/wmi/1H%2FG", ""), 400, "invalid_request"),
                new HostileRequest(
                        "an encoded backslash in the path", get("/api/v1/wmi/1H%5CG", ""), 400, "invalid_request"),
                new HostileRequest("an encoded NUL in the path", get("/api/v1/wmi/1H%00G", ""), 400, "invalid_request"),
                new HostileRequest(
                        "a request line over 8 KB", get(PATH + "?vin=" + OVER_8_KB, ""), 431, "headers_too_large"),
                new HostileRequest(
                        "a header over 8 KB", get(PATH, "X-Large: " + OVER_8_KB + "\r\n"), 431, "headers_too_large"),
                new HostileRequest(
                        "more than 100 headers",
                        get(
                                PATH,
                                IntStream.range(0, 101)
                                        .mapToObj(i -> "X-Header-" + i + ": " + i + "\r\n")
                                        .collect(Collectors.joining())),
                        431,
                        "headers_too_large"),
                new HostileRequest(
                        "two Host headers", get(PATH, "Host: elsewhere.example\r\n"), 400, "invalid_request"),
                new HostileRequest(
                        "OPTIONS * with two Host headers",
                        "OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\n" + "Host: elsewhere.example\r\n\r\n",
                        400,
                        "invalid_request"),
                new HostileRequest(
                        "an unknown Transfer-Encoding",
                        "POST " + PATH + " HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n\r\n",
                        400,
                        "invalid_request"),
                new HostileRequest(
                        "an Expect other than 100-continue",
                        "POST " + PATH
                                + " HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\n{}",
                        417,
                        "expectation_failed"),
                new HostileRequest(
                        "CONNECT",
                        "CONNECT vspec.example:443 HTTP/1.1\r\nHost: vspec.example:443\r\n\r\n",
                        405,
                        "method_not_allowed"),
                new HostileRequest(
                        "HTTP/2.0 as a request line's version",
                        "GET " + PATH + " HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n",
                        400,
                        "invalid_request"));
    }

    private static String get(String target, String extraHeaders) {
        return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extraHeaders + "\r\n";
    }

    /** @param name what is wrong with it, as a test names it */
    public record HostileRequest(String name, String text, int status, String code) {

        /** The error record, as JSON, with the request id of its header, the connection closed after it, no class name. */
        public JsonNode assertRefusedAsErrorRecord(int port) {
            RawHttp.Answer answer = RawHttp.exchange(port, text);

            assertThat(answer.status()).as("%s: %s", name, answer.body()).isEqualTo(status);
            assertThat(answer.header("Content-Type")).as(name).startsWith("application/json");
            assertThat(answer.header("Connection")).as(name).isEqualTo("close");
            JsonNode error = answer.json();
            assertThat(error.path("error").asString()).as(name).isEqualTo(code);
            assertThat(error.path("message").asString())
                    .as(name)
                    .isNotBlank()
                    .doesNotContain("Exception", "java.", "org.apache", "tomcat");
            assertThat(error.path("request_id").asString())
                    .as(name)
                    .isNotBlank()
                    .isEqualTo(answer.header("X-Request-Id"));
            return error;
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
