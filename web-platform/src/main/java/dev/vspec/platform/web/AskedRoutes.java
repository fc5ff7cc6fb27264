package dev.vspec.platform.web;

import jakarta.servlet.ServletRequest;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * The live routes as the client reaches them on the surface that answered, so that links in an answer (a
 * listing's next page, a render's {@code href}) and routes named in messages stay on it. The gateway passes
 * every path on as the client sent it, so a deployable serving the live routes as they are answers under
 * {@link #LIVE_PREFIX}; a filter that serves them under another prefix (the sandbox answers
 * {@code /api/sample/v1/years} with the handler of {@code /api/v1/years}) names that surface on the request
 * ({@link #applyTo}).
 *
 * @param prefix      what stands for {@link #LIVE_PREFIX} on this surface
 * @param takesWrites whether this surface takes writes: a read-only one (the sandbox) suggests none
 */
public record AskedRoutes(String prefix, boolean takesWrites) {

    /** Where the live routes are: {@code /api/v1/...}, {@code /api/v0/...}. */
    public static final String LIVE_PREFIX = "/api";

    /** The live API: every route, writes included. */
    public static final AskedRoutes LIVE = new AskedRoutes(LIVE_PREFIX, true);

    private static final String ATTRIBUTE = AskedRoutes.class.getName();

    public static AskedRoutes of(ServletRequest request) {
        return request.getAttribute(ATTRIBUTE) instanceof AskedRoutes routes ? routes : LIVE;
    }

    /**
     * The surface of the request this thread answers, for code below the handlers (the vehicle resolver) that
     * words a refusal; {@link #LIVE} outside a request.
     */
    public static AskedRoutes current() {
        return RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes
                ? of(attributes.getRequest())
                : LIVE;
    }

    /** Names this surface as the one that answers {@code request}. */
    public void applyTo(HttpServletRequest request) {
        request.setAttribute(ATTRIBUTE, this);
    }

    /** {@code liveRoute} as the client reaches it here; a path outside the live routes is the same everywhere. */
    public String route(String liveRoute) {
        return liveRoute.startsWith(LIVE_PREFIX + "/") ? prefix + liveRoute.substring(LIVE_PREFIX.length()) : liveRoute;
    }
}
