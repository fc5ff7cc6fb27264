package dev.vspec.command.enrichment.vendor;

import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.CatalogIdentity;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/**
 * The HTTP exchange with the catalog vendor ({@code docs/vendor-contract.md}): its two requests, each with
 * the token when one is set, and one request sent and its whole answer read within the request timeout.
 */
final class VendorRequests {

    /** The largest answer read; one configuration's document is some tens of KiB. */
    static final int MAX_ANSWER_BYTES = 4 * 1024 * 1024;

    private static final BodyHandler<byte[]> BODY = answer ->
            answer.statusCode() == 200 ? new BoundedBody(MAX_ANSWER_BYTES) : BodySubscribers.replacing(new byte[0]);

    private final String baseUrl;
    private final String authorization;
    private final Duration requestTimeout;
    private final HttpClient client;

    VendorRequests(VendorProperties vendor) {
        this.baseUrl = vendor.baseUrl();
        this.authorization = vendor.token() == null ? null : "Bearer " + vendor.token();
        this.requestTimeout = vendor.requestTimeout();
        this.client = HttpClient.newBuilder()
                .connectTimeout(vendor.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .version(HttpClient.Version.HTTP_1_1)
                .build();
    }

    /** {@code GET {base-url}/v1/vins/{VIN}}. */
    HttpRequest byVin(Vin vin) {
        return request("/v1/vins/" + vin.value());
    }

    /** {@code GET {base-url}/v1/configurations?year=...}: the identity's parameters, drivetrain only when known. */
    HttpRequest byIdentity(CatalogIdentity identity) {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("year", String.valueOf(identity.year()));
        parameters.put("make", identity.make());
        parameters.put("model", identity.model());
        parameters.put("trim", identity.trim());
        parameters.put("engine_code", identity.engineCode());
        if (identity.drivetrain() != null) {
            parameters.put("drivetrain", identity.drivetrain());
        }
        return request("/v1/configurations?"
                + parameters.entrySet().stream()
                        .map(parameter -> parameter.getKey() + "=" + encoded(parameter.getValue()))
                        .collect(Collectors.joining("&")));
    }

    /** One request and its whole answer, bounded by the request timeout. */
    VendorAttempt send(HttpRequest request) {
        CompletableFuture<HttpResponse<byte[]>> exchange = client.sendAsync(request, BODY);
        try {
            return VendorAttempt.answered(exchange.get(requestTimeout.toNanos(), TimeUnit.NANOSECONDS));
        } catch (TimeoutException e) {
            exchange.cancel(true);
            return VendorAttempt.failed("timeout", noAnswerInTime(), e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof HttpConnectTimeoutException || cause instanceof ConnectException) {
                return VendorAttempt.failed("connect_failed", "could not connect", cause);
            }
            if (cause instanceof HttpTimeoutException) {
                return VendorAttempt.failed("timeout", noAnswerInTime(), cause);
            }
            return VendorAttempt.failed("connection_failed", "the connection failed", cause);
        } catch (InterruptedException e) {
            exchange.cancel(true);
            throw interrupted(e);
        }
    }

    /** A lookup whose thread is interrupted (the service stopping) is cancelled, not failed by the vendor. */
    static CancellationException interrupted(InterruptedException e) {
        Thread.currentThread().interrupt();
        CancellationException cancelled = new CancellationException("interrupted while asking the catalog vendor");
        cancelled.initCause(e);
        return cancelled;
    }

    private HttpRequest request(String pathAndQuery) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + pathAndQuery))
                .timeout(requestTimeout)
                .header("Accept", "application/json")
                .GET();
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return request.build();
    }

    private String noAnswerInTime() {
        return "no answer within " + requestTimeout;
    }

    /** UTF-8 percent-encoding with a space as {@code %20}, which reads the same whether a vendor decodes '+' or not. */
    private static String encoded(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
