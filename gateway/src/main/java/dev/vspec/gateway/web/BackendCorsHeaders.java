package dev.vspec.gateway.web;

import java.util.List;
import java.util.Locale;
import org.springframework.cloud.gateway.server.mvc.filter.HttpHeadersFilter;
import org.springframework.http.HttpHeaders;
import org.springframework.web.servlet.function.ServerResponse;

/** Drops the CORS headers a backend answers with: the gateway's own ({@link GatewayCors}) are the only ones. */
final class BackendCorsHeaders implements HttpHeadersFilter.ResponseHttpHeadersFilter {

    @Override
    public HttpHeaders apply(HttpHeaders backend, ServerResponse response) {
        HttpHeaders kept = new HttpHeaders();
        backend.forEach((name, values) -> {
            if (!name.toLowerCase(Locale.ROOT).startsWith("access-control-")) {
                kept.addAll(name, List.copyOf(values));
            }
        });
        return kept;
    }
}
