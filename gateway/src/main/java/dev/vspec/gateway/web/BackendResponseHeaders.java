package dev.vspec.gateway.web;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.cloud.gateway.server.mvc.filter.HttpHeadersFilter;
import org.springframework.http.HttpHeaders;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * Drops what the gateway itself answers from a backend's headers: CORS (the gateway's own,
 * {@code GatewayWebConfiguration.gatewayCors}, are the only ones, the {@code Vary} fields CORS adds included) and the request id (the
 * gateway's, which the backend was given, is already set), so none arrives twice.
 */
final class BackendResponseHeaders implements HttpHeadersFilter.ResponseHttpHeadersFilter {

    @Override
    public HttpHeaders apply(HttpHeaders backend, ServerResponse response) {
        HttpHeaders kept = new HttpHeaders();
        backend.forEach((name, values) -> {
            String lower = name.toLowerCase(Locale.ROOT);
            if (lower.equals("vary")) {
                values.stream()
                        .map(BackendResponseHeaders::withoutCorsFields)
                        .filter(value -> !value.isEmpty())
                        .forEach(value -> kept.add(name, value));
            } else if (!lower.startsWith("access-control-") && !lower.equals("x-request-id")) {
                kept.addAll(name, List.copyOf(values));
            }
        });
        return kept;
    }

    /** The {@code Vary} fields CORS adds, which are the gateway's to say. */
    private static final Set<String> CORS_FIELDS = Set.of(
                    HttpHeaders.ORIGIN,
                    HttpHeaders.ACCESS_CONTROL_REQUEST_METHOD,
                    HttpHeaders.ACCESS_CONTROL_REQUEST_HEADERS)
            .stream()
            .map(field -> field.toLowerCase(Locale.ROOT))
            .collect(Collectors.toSet());

    private static String withoutCorsFields(String vary) {
        return Arrays.stream(vary.split(","))
                .map(String::trim)
                .filter(field -> !field.isEmpty() && !CORS_FIELDS.contains(field.toLowerCase(Locale.ROOT)))
                .collect(Collectors.joining(", "));
    }
}
