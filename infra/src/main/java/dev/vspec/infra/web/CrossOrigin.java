package dev.vspec.infra.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.http.HttpHeaders;

/** What the specification lets a browser page send and read across origins, for the gateway's and the sandbox's CORS. */
public final class CrossOrigin {

    /** The request headers the specification allows from other origins, and no more. */
    public static final List<String> ALLOWED_HEADERS = List.of("Authorization", "Content-Type", "x-api-key");

    /** The answer headers a page may read: the request id, every budget header, the wait, the ETag, a listing's next page. */
    public static final List<String> EXPOSED_HEADERS = List.of(RequestIds.HEADER, "X-RateLimit-Limit", "X-RateLimit-Remaining",
            "X-RateLimit-Reset", "X-Monthly-Limit", "X-Monthly-Remaining", "RateLimit-Policy", "RateLimit-Limit",
            "RateLimit-Remaining", "RateLimit-Reset", "Retry-After", "ETag", "Idempotent-Replayed", "Link");

    /** How long a browser may keep a preflight's answer. */
    public static final String MAX_AGE_SECONDS = "600";

    private static final Set<String> ALLOWED_HEADER_NAMES =
            ALLOWED_HEADERS.stream().map(header -> header.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());

    private CrossOrigin() {
    }

    /** A browser asking whether it may send a request: OPTIONS with Origin and Access-Control-Request-Method. */
    public static boolean isPreflight(HttpServletRequest request) {
        return "OPTIONS".equals(request.getMethod()) && request.getHeader(HttpHeaders.ORIGIN) != null
                && request.getHeader(HttpHeaders.ACCESS_CONTROL_REQUEST_METHOD) != null;
    }

    /** The preflight asks for one of {@code methods} and for no request header beyond {@link #ALLOWED_HEADERS}. */
    public static boolean asksOnly(HttpServletRequest preflight, Collection<String> methods) {
        if (!methods.contains(preflight.getHeader(HttpHeaders.ACCESS_CONTROL_REQUEST_METHOD))) {
            return false;
        }
        String headers = preflight.getHeader(HttpHeaders.ACCESS_CONTROL_REQUEST_HEADERS);
        return headers == null || Arrays.stream(headers.split(",")).map(header -> header.strip().toLowerCase(Locale.ROOT))
                .filter(header -> !header.isEmpty()).allMatch(ALLOWED_HEADER_NAMES::contains);
    }
}
