package dev.vspec.harness.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** What the enrichment benchmark asks a local stack's gateway, as a client would: with a reader's and writers' keys. */
final class GatewayCalls {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String gateway;
    private final String reader;

    GatewayCalls(String gateway, String reader) {
        this.gateway = gateway;
        this.reader = reader;
    }

    /** Waits until the stack decodes VINs: a release installed just now is loaded by every decoder in the background. */
    void awaitDecoding(String vin) throws IOException, InterruptedException {
        HttpRequest decode = reading("/api/v1/decode?vin=" + vin);
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        int status;
        while ((status = http.send(decode, HttpResponse.BodyHandlers.discarding())
                        .statusCode())
                == 503) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("The stack did not decode VINs within 2 minutes of installing vPIC");
            }
            LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
        }
        if (status != 200) {
            throw new IllegalStateException("GET /api/v1/decode?vin=" + vin + " answered " + status);
        }
    }

    /** POSTs the VIN, then reads its fluids until they answer 200; returns the job's poll path. */
    String enrichToFirstRead(String writer, String vin) throws IOException, InterruptedException {
        long start = System.nanoTime();
        HttpResponse<String> posted = http.send(
                HttpRequest.newBuilder(URI.create(gateway + "/api/v0/enrich"))
                        .header("Authorization", "Bearer " + writer)
                        .header("Content-Type", "application/json")
                        .timeout(TIMEOUT)
                        .POST(HttpRequest.BodyPublishers.ofString("{\"vin\": \"" + vin + "\"}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (posted.statusCode() != 202) {
            throw new IllegalStateException(
                    "POST /api/v0/enrich for " + vin + " answered " + posted.statusCode() + ": " + posted.body());
        }
        HttpRequest read = reading("/api/v1/fluids?vin=" + vin);
        long deadline = start + Duration.ofMinutes(1).toNanos();
        while (true) {
            int status = http.send(read, HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status == 200) {
                return JSON.readTree(posted.body()).get("poll").asString();
            }
            // 404 (not held) or 409 (the VIN's decode matches several held trims) until the VIN is linked
            if ((status != 404 && status != 409) || System.nanoTime() > deadline) {
                throw new IllegalStateException("VIN " + vin + " did not become readable (last answer " + status + ")");
            }
            // a short pause, so that polling does not take the CPU from the stack it measures
            LockSupport.parkNanos(Duration.ofMillis(1).toNanos());
        }
    }

    /** The enrichment job at {@code poll}, as its writer sees it. */
    JsonNode job(String writer, String poll) throws IOException, InterruptedException {
        return JSON.readTree(http.send(
                        HttpRequest.newBuilder(URI.create(gateway + poll))
                                .header("Authorization", "Bearer " + writer)
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body());
    }

    private HttpRequest reading(String path) {
        return HttpRequest.newBuilder(URI.create(gateway + path))
                .header("Authorization", "Bearer " + reader)
                .timeout(TIMEOUT)
                .GET()
                .build();
    }
}
