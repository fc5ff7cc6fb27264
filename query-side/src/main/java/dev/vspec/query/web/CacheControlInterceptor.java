package dev.vspec.query.web;

import dev.vspec.access.AccessGrant;
import dev.vspec.platform.web.RequestParameters;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;
import java.util.Optional;
import org.springframework.http.HttpHeaders;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.HandlerMapping;

/**
 * Puts the {@link CachePolicy}'s {@code Cache-Control} on every GET of a known route before its
 * handler runs, so it also rides on 304 answers, which skip the body: {@code private} and
 * {@code Vary} on the key's headers for an answer given to a key. An answer that holds something unknown
 * is shortened once written ({@link BriefWhileUnknown}); an error replaces it with web-platform's {@code no-store}.
 */
public final class CacheControlInterceptor implements HandlerInterceptor {

    /** The request attribute holding the {@link Freshness} the answer was given. */
    private static final String GIVEN = Freshness.class.getName();

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if ("GET".equals(request.getMethod()) || "HEAD".equals(request.getMethod())) {
            Object route = request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
            if (route != null) {
                Map<String, String[]> parameters = RequestParameters.of(request);
                CachePolicy.forRoute(route.toString(), name -> joined(parameters.get(name)))
                        .ifPresent(freshness -> {
                            give(request, response, freshness);
                            if (AccessGrant.keyOf(request).isPresent() && freshness.stored()) {
                                response.addHeader(HttpHeaders.VARY, AccessGrant.KEY_HEADERS);
                            }
                        });
            }
        }
        return true;
    }

    /** The answer's Cache-Control for this freshness: {@code private} when it is given to a key. */
    static void give(HttpServletRequest request, HttpServletResponse response, Freshness freshness) {
        request.setAttribute(GIVEN, freshness);
        response.setHeader(
                HttpHeaders.CACHE_CONTROL,
                AccessGrant.keyOf(request).isEmpty() ? freshness.cacheControl() : freshness.keyedCacheControl());
    }

    /** The freshness {@link #give} gave the answer to this request, if any. */
    static Optional<Freshness> given(HttpServletRequest request) {
        return Optional.ofNullable((Freshness) request.getAttribute(GIVEN));
    }

    /** Repeated parameters read as one comma-separated value, as Spring binds them to a String. */
    private static String joined(String[] values) {
        return values == null ? null : String.join(",", values);
    }
}
