package dev.vspec.gateway.web;

import java.util.List;
import java.util.Locale;
import org.springframework.cloud.gateway.server.mvc.filter.HttpHeadersFilter;
import org.springframework.http.HttpHeaders;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * Drops what the gateway itself answers from a backend's headers: CORS (the gateway's own,
 * {@link GatewayCors}, are the only ones) and the request id (the gateway's, which the backend
 * was given, is already set), so neither arrives twice.
 */
final class BackendResponseHeaders implements HttpHeadersFilter.ResponseHttpHeadersFilter {

    @Override
    public HttpHeaders apply(HttpHeaders backend, ServerResponse response) {
        HttpHeaders kept = new HttpHeaders();
        backend.forEach((name, values) -> {
            String lower = name.toLowerCase(Locale.ROOT);
            if (!lower.startsWith("access-control-") && !lower.equals("x-request-id")) {
                kept.addAll(name, List.copyOf(values));
            }
        });
        return kept;
    }
}
