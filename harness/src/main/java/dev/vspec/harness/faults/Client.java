package dev.vspec.harness.faults;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.function.Function;

/**
 * The load's HTTP client, talking to the gateway as a client following the specification would:
 * every answer is checked (an error is the specification's record, a 429 says when to retry),
 * then checked as its caller expects, and counted in its fault window.
 */
final class Client {

    /** Longer than the gateway's own longest route timeout (writes, 30 s), so the gateway answers first. */
    private static final Duration ANSWER_WITHIN = Duration.ofSeconds(45);

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
    private final String gateway;
    private final Timeline timeline;
    private final Observations observations;

    Client(String gateway, Timeline timeline, Observations observations) {
        this.gateway = gateway;
        this.timeline = timeline;
        this.observations = observations;
    }

    Reply get(String pathAndQuery, String key, Function<Reply, String> expected) {
        return send(request(pathAndQuery, key).GET().build(), expected);
    }

    Reply post(String path, String key, String idempotencyKey, String json, Function<Reply, String> expected) {
        return send(
                request(path, key)
                        .header("Content-Type", "application/json")
                        .header("Idempotency-Key", idempotencyKey)
                        .POST(HttpRequest.BodyPublishers.ofString(json))
                        .build(),
                expected);
    }

    private HttpRequest.Builder request(String pathAndQuery, String key) {
        return HttpRequest.newBuilder(URI.create(gateway + pathAndQuery))
                .timeout(ANSWER_WITHIN)
                .header("x-api-key", key);
    }

    private Reply send(HttpRequest request, Function<Reply, String> expected) {
        long start = System.nanoTime();
        Reply reply = exchange(request);
        long end = System.nanoTime();
        String problem = reply.answered() ? wellFormed(reply) : null;
        if (problem == null) {
            problem = expected.apply(reply);
        }
        observations.record(
                timeline.windowOf(start, end),
                reply,
                problem == null
                        ? null
                        : request.method() + " " + request.uri().getRawPath() + "?"
                                + request.uri().getRawQuery() + " " + problem);
        return reply;
    }

    private Reply exchange(HttpRequest request) {
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return new Reply(response.statusCode(), response.headers(), response.body(), null);
        } catch (ConnectException | HttpConnectTimeoutException e) {
            return Reply.failed("refused");
        } catch (HttpTimeoutException e) {
            return Reply.failed("no answer");
        } catch (IOException e) {
            return Reply.failed(e.getCause() instanceof ConnectException ? "refused" : "cut off");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Reply.failed("interrupted");
        }
    }

    /** What every answer owes a client: an error is the specification's record, and a 429 says when to retry. */
    private static String wellFormed(Reply reply) {
        if (reply.status() >= 400 && reply.errorCode() == null) {
            return "answered " + reply.status() + " without an error record: " + abbreviated(reply.body());
        }
        if (reply.status() == 429 && reply.header("Retry-After").isEmpty()) {
            return "answered 429 without Retry-After";
        }
        return null;
    }

    static String abbreviated(String body) {
        String line = body.replaceAll("\\s+", " ");
        return line.length() <= 160 ? line : line.substring(0, 160) + "...";
    }
}
