package dev.vspec.gateway.web;

import dev.vspec.platform.web.RequestIds;
import org.springframework.cloud.gateway.server.mvc.filter.HttpHeadersFilter;
import org.springframework.http.HttpHeaders;
import org.springframework.web.servlet.function.ServerRequest;

/** The backend answers under the gateway's request id, so one id names the request in every log and body. */
final class ForwardedRequestId implements HttpHeadersFilter.RequestHttpHeadersFilter {

    @Override
    public HttpHeaders apply(HttpHeaders headers, ServerRequest request) {
        String id = RequestIds.of(request.servletRequest());
        if (id == null) {
            return headers;
        }
        HttpHeaders forwarded = new HttpHeaders();
        headers.forEach((name, values) -> forwarded.addAll(name, values));
        forwarded.set(RequestIds.HEADER, id);
        return forwarded;
    }
}
