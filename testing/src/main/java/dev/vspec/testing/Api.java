package dev.vspec.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Calls a running deployable over real HTTP, as a client would, and reads its JSON answers. */
public final class Api {

    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static final Pattern VEHICLE_PROVENANCE =
            Pattern.compile("\"drivetrain\":(?:null|\"[^\"]*\"),\"source\":\\{");
    private static final String ANSWER_COVERAGE = ",\"coverage\":{";

    private final String base;
    private final String key;
    private final boolean identityOnly;

    /** A client without a key. */
    public Api(int port) {
        this(port, null);
    }

    /** A client that sends {@code key} in the x-api-key header with every request. */
    public Api(int port, String key) {
        this(port, key, false);
    }

    private Api(int port, String key, boolean identityOnly) {
        this.base = "http://127.0.0.1:" + port;
        this.key = key;
        this.identityOnly = identityOnly;
    }

    /**
     * The same client, reading answers without the {@code source} and {@code coverage} of their
     * {@code vehicle} blocks, nor the {@code coverage} beside their groups, for tests about the identity and
     * the groups; tests about where the facts came from read them with a plain client.
     */
    public Api identityOnly() {
        return new Api(Integer.parseInt(base.substring(base.lastIndexOf(':') + 1)), key, true);
    }

    /**
     * The JSON text without each vehicle block's {@code source} and {@code coverage} (which follow its drivetrain),
     * nor the answer's own {@code coverage} of the groups it holds (its last field).
     */
    public static String withoutVehicleProvenance(String text) {
        String kept = withoutVehicleBlocksProvenance(text);
        int coverage = kept.lastIndexOf(ANSWER_COVERAGE);
        return coverage >= 0 && endOfObject(kept, coverage + ANSWER_COVERAGE.length() - 1) == kept.length() - 1
                ? kept.substring(0, coverage) + "}"
                : kept;
    }

    private static String withoutVehicleBlocksProvenance(String text) {
        StringBuilder kept = new StringBuilder(text.length());
        Matcher found = VEHICLE_PROVENANCE.matcher(text);
        int from = 0;
        while (found.find(from)) {
            int source = found.end() - "\"source\":{".length() - 1;
            int end = endOfObject(text, found.end() - 1);
            if (text.startsWith(",\"coverage\":{", end)) {
                end = endOfObject(text, end + ",\"coverage\":".length());
            }
            kept.append(text, from, source);
            from = end;
        }
        return kept.append(text, from, text.length()).toString();
    }

    /** The index after the JSON object that opens at {@code open}. */
    private static int endOfObject(String text, int open) {
        int depth = 0;
        boolean inString = false;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i + 1;
            }
        }
        throw new IllegalArgumentException("unbalanced JSON object at " + open);
    }

    public Reply get(String pathAndQuery) {
        return send("GET", pathAndQuery, null);
    }

    public Reply send(String method, String pathAndQuery, String requestId) {
        HttpRequest.Builder request = request(pathAndQuery)
                .header("Accept", "application/json")
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (requestId != null) {
            request.header("X-Request-Id", requestId);
        }
        return reply(execute(request, new String[0], HttpResponse.BodyHandlers.ofString()));
    }

    /** A POST of {@code body} (none when null) as {@code contentType} (none when null), with extra headers as name/value pairs. */
    public Reply post(String path, String contentType, String body, String... headerNamesAndValues) {
        HttpRequest.Builder request = request(path)
                .header("Accept", "application/json")
                .POST(body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        return reply(execute(request, headerNamesAndValues, HttpResponse.BodyHandlers.ofString()));
    }

    /** A GET with extra request headers given as name/value pairs, e.g. {@code If-None-Match}. */
    public Reply getWith(String pathAndQuery, String... headerNamesAndValues) {
        return reply(execute(request(pathAndQuery).GET(), headerNamesAndValues, HttpResponse.BodyHandlers.ofString()));
    }

    /** A request of any method without a body, with extra request headers given as name/value pairs. */
    public Reply sendWith(String method, String pathAndQuery, String... headerNamesAndValues) {
        return reply(execute(
                request(pathAndQuery).method(method, HttpRequest.BodyPublishers.noBody()),
                headerNamesAndValues,
                HttpResponse.BodyHandlers.ofString()));
    }

    /** A GET whose answer is read as bytes (the image route), with extra request headers as name/value pairs. */
    public HttpResponse<byte[]> bytes(String pathAndQuery, String... headerNamesAndValues) {
        return execute(request(pathAndQuery).GET(), headerNamesAndValues, HttpResponse.BodyHandlers.ofByteArray());
    }

    /** A request to this client's host, with its key when it has one. */
    private HttpRequest.Builder request(String pathAndQuery) {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(base + pathAndQuery)).timeout(Duration.ofSeconds(10));
        if (key != null) {
            request.header("x-api-key", key);
        }
        return request;
    }

    private static <T> HttpResponse<T> execute(
            HttpRequest.Builder request, String[] headerNamesAndValues, HttpResponse.BodyHandler<T> body) {
        for (int i = 0; i < headerNamesAndValues.length; i += 2) {
            request.header(headerNamesAndValues[i], headerNamesAndValues[i + 1]);
        }
        try {
            return CLIENT.send(request.build(), body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private Reply reply(HttpResponse<String> response) {
        String body =
                identityOnly && response.body() != null ? withoutVehicleProvenance(response.body()) : response.body();
        return new Reply(response.statusCode(), response.headers(), body);
    }

    /**
     * The field names an answer varies on, lower-cased, from every Vary header: Tomcat merges them into one,
     * lower-cased, when it adds {@code accept-encoding} to an answer it may compress.
     */
    public static java.util.Set<String> varyFields(HttpHeaders headers) {
        return fields(headers, "Vary");
    }

    /** The comma-separated entries of every {@code name} header, lower-cased: how HTTP reads a list, whatever its spacing. */
    public static java.util.Set<String> fields(HttpHeaders headers, String name) {
        java.util.Set<String> fields = new java.util.TreeSet<>();
        headers.allValues(name)
                .forEach(value -> java.util.Arrays.stream(value.split(","))
                        .map(String::trim)
                        .filter(field -> !field.isEmpty())
                        .forEach(field -> fields.add(field.toLowerCase(java.util.Locale.ROOT))));
        return fields;
    }

    public static String query(String... namesAndValues) {
        StringJoiner query = new StringJoiner("&", "?", "");
        for (int i = 0; i < namesAndValues.length; i += 2) {
            query.add(URLEncoder.encode(namesAndValues[i], StandardCharsets.UTF_8) + "="
                    + URLEncoder.encode(namesAndValues[i + 1], StandardCharsets.UTF_8));
        }
        return query.toString();
    }

    public static JsonNode json(String text) {
        return JSON.readTree(text);
    }

    public record Reply(int status, HttpHeaders headers, String text) {

        public JsonNode body() {
            return Api.json(text);
        }

        public String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        public String requestId() {
            return headers.firstValue("X-Request-Id").orElse(null);
        }

        /** A 200 JSON answer carrying a request id. */
        public JsonNode ok() {
            return json(200);
        }

        /** A JSON answer with this status carrying a request id. */
        public JsonNode json(int expectedStatus) {
            assertThat(status).as("status of %s", text).isEqualTo(expectedStatus);
            assertJson();
            return body();
        }

        /**
         * The contract's error record with this status and code, the request id of the header repeated
         * in the body, and nothing of Spring's default error body.
         */
        public JsonNode error(int expectedStatus, String expectedCode) {
            assertThat(status).as("status of %s", text).isEqualTo(expectedStatus);
            assertJson();
            JsonNode body = body();
            assertThat(body.path("error").asString()).isEqualTo(expectedCode);
            assertThat(body.path("message").asString()).isNotBlank();
            assertThat(body.path("request_id").asString()).isEqualTo(requestId());
            assertThat(body.propertyNames()).doesNotContain("timestamp", "status", "path", "trace");
            return body;
        }

        private void assertJson() {
            assertThat(headers.firstValue("Content-Type"))
                    .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
            assertThat(requestId()).isNotBlank();
        }
    }
}
