package dev.vspec.query.web;

import dev.vspec.query.vehicle.LastChange;
import dev.vspec.readmodel.Group;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.springframework.http.HttpHeaders;

/**
 * {@code Last-Modified} on the answers about one resolved vehicle: when the facts the answer shows last
 * changed ({@link LastChange}), as an HTTP date (GMT, whole seconds); none when one of them has no known
 * time. The routes whose answer is not stored facts (a decode, listings, candidates, the status) send none.
 * {@link HashedBodyEtagFilter} answers {@code If-Modified-Since} with it.
 */
public final class LastModified {

    /** The routes that send it, each about one resolved vehicle. */
    public static final Set<String> ROUTES = Stream.concat(
                    Stream.of(Group.values()).map(Group::route),
                    Stream.of("/api/v0/maintenance", CachePolicy.VEHICLE_ROUTE))
            .collect(Collectors.toUnmodifiableSet());

    private LastModified() {}

    /** Puts the answer's time on the response, when it is known; call it once the answer is sure to be a 200. */
    public static void send(HttpServletResponse response, LastChange change) {
        change.time().ifPresent(time -> response.setDateHeader(HttpHeaders.LAST_MODIFIED, time.toEpochMilli()));
    }
}
