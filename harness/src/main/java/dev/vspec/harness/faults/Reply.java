package dev.vspec.harness.faults;

import java.net.http.HttpHeaders;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One answer as the client saw it: a status with its headers and body, or how the exchange failed
 * ({@link #failure}: the connection refused, no answer in time, the answer cut off).
 */
record Reply(int status, HttpHeaders headers, String body, String failure) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    static Reply failed(String failure) {
        return new Reply(0, HttpHeaders.of(java.util.Map.of(), (name, value) -> true), "", failure);
    }

    boolean answered() {
        return failure == null;
    }

    Optional<String> header(String name) {
        return headers.firstValue(name);
    }

    /** How the drill counts it: {@code 2xx}, {@code 4xx}, {@code 429}, {@code 502}, {@code 503}, {@code 500}, ..., or the failure. */
    String category() {
        if (!answered()) {
            return failure;
        }
        if (status == 429 || status >= 500) {
            return status == 503 && header("Retry-After").isEmpty()
                    ? "503 without Retry-After"
                    : Integer.toString(status);
        }
        return status / 100 + "xx";
    }

    /** The body as JSON, or null when it is none. */
    JsonNode json() {
        try {
            return JSON.readTree(body);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The error record's code, or null when the body is not an error record with a message. */
    String errorCode() {
        JsonNode json = json();
        if (json == null
                || !json.path("error").isString()
                || !json.path("message").isString()
                || json.path("message").asString().isBlank()) {
            return null;
        }
        return json.get("error").asString();
    }
}
