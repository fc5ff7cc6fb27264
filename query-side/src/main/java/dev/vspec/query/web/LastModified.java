package dev.vspec.query.web;

import dev.vspec.query.vehicle.LastChange;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Set;
import org.springframework.http.HttpHeaders;

/**
 * {@code Last-Modified} on the answers about one resolved vehicle: when the facts the answer shows last
 * changed ({@link LastChange}), as an HTTP date (GMT, whole seconds); none when one of them has no known
 * time. The routes whose answer is not stored facts (a decode, listings, candidates, the status) send none.
 * {@link HashedBodyEtagFilter} answers {@code If-Modified-Since} with it.
 */
public final class LastModified {

    /** The routes that send it, each about one resolved vehicle. */
    public static final Set<String> ROUTES = Set.of(
            "/api/v1/fluids", "/api/v1/specs", "/api/v1/tires", "/api/v1/maintenance-schedule", "/api/v1/parts",
            "/api/v0/labor", "/api/v0/maintenance", "/api/v0/service-history", "/api/v0/vehicle-image",
            CachePolicy.VEHICLE_ROUTE);

    private LastModified() {
    }

    /** Puts the answer's time on the response, when it is known; call it once the answer is sure to be a 200. */
    public static void send(HttpServletResponse response, LastChange change) {
        change.time().ifPresent(time -> response.setDateHeader(HttpHeaders.LAST_MODIFIED, time.toEpochMilli()));
    }
}
