package dev.vspec.query.web;

import dev.vspec.infra.access.AccessGrant;
import dev.vspec.infra.web.RequestParameters;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.HandlerMapping;

/**
 * Puts the {@link CachePolicy}'s {@code Cache-Control} on every GET of a known route before its
 * handler runs, so it also rides on 304 answers, which skip the body: {@code private} and
 * {@code Vary} on the key's headers for an answer given to a key. An error replaces it with
 * infra's {@code no-store}.
 */
final class CacheControlInterceptor implements HandlerInterceptor {

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if ("GET".equals(request.getMethod()) || "HEAD".equals(request.getMethod())) {
            Object route = request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
            if (route != null) {
                Map<String, String[]> parameters = RequestParameters.of(request);
                CachePolicy.forRoute(route.toString(), name -> joined(parameters.get(name)))
                        .ifPresent(freshness -> cacheControl(request, response, freshness));
            }
        }
        return true;
    }

    private static void cacheControl(HttpServletRequest request, HttpServletResponse response, Freshness freshness) {
        if (AccessGrant.keyOf(request).isEmpty()) {
            response.setHeader(HttpHeaders.CACHE_CONTROL, freshness.cacheControl());
            return;
        }
        response.setHeader(HttpHeaders.CACHE_CONTROL, freshness.keyedCacheControl());
        if (freshness.stored()) {
            response.addHeader(HttpHeaders.VARY, AccessGrant.KEY_HEADERS);
        }
    }

    /** Repeated parameters read as one comma-separated value, as Spring binds them to a String. */
    private static String joined(String[] values) {
        return values == null ? null : String.join(",", values);
    }
}
