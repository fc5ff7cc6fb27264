package dev.vspec.query.web;

import dev.vspec.query.vehicle.LastChange;
import dev.vspec.readmodel.Group;
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
            Group.FLUIDS.route(),
            Group.SPECS.route(),
            Group.TIRES.route(),
            Group.MAINTENANCE_SCHEDULE.route(),
            Group.PARTS.route(),
            Group.LABOR.route(),
            "/api/v0/maintenance",
            Group.SERVICE_HISTORY.route(),
            Group.IMAGE.route(),
            CachePolicy.VEHICLE_ROUTE);

    private LastModified() {}

    /** Puts the answer's time on the response, when it is known; call it once the answer is sure to be a 200. */
    public static void send(HttpServletResponse response, LastChange change) {
        change.time().ifPresent(time -> response.setDateHeader(HttpHeaders.LAST_MODIFIED, time.toEpochMilli()));
    }
}
