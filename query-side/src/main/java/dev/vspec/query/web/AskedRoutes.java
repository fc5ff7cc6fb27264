package dev.vspec.query.web;

import jakarta.servlet.http.HttpServletRequest;

/**
 * The live routes as the client reaches them on the surface that answered, so that links in an
 * answer (a listing's next page, a render's {@code href}) stay on it. A filter that serves the live
 * routes under another prefix (the sandbox answers {@code /api/sample/v1/years} with the handler of
 * {@code /api/v1/years}) names that prefix in the request attribute {@link #PREFIX_ATTRIBUTE}.
 *
 * @param prefix what stands for {@link #LIVE_PREFIX} on this surface
 */
public record AskedRoutes(String prefix) {

    /** Where the live routes are: {@code /api/v1/...}, {@code /api/v0/...}. */
    public static final String LIVE_PREFIX = "/api";

    /** A request attribute: the prefix the client reached the live routes under, when not {@link #LIVE_PREFIX}. */
    public static final String PREFIX_ATTRIBUTE = AskedRoutes.class.getName() + ".prefix";

    public static AskedRoutes of(HttpServletRequest request) {
        return new AskedRoutes(request.getAttribute(PREFIX_ATTRIBUTE) instanceof String prefix ? prefix : LIVE_PREFIX);
    }

    /** {@code liveRoute} as the client reaches it here; a path outside the live routes is the same everywhere. */
    public String route(String liveRoute) {
        return liveRoute.startsWith(LIVE_PREFIX + "/") ? prefix + liveRoute.substring(LIVE_PREFIX.length()) : liveRoute;
    }
}
