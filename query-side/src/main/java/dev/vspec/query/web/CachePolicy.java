package dev.vspec.query.web;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.readmodel.Group;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The one place that decides every route's {@code Cache-Control}, by how often the data behind the
 * answer changes. Applied to every GET ({@link CacheControlInterceptor}); errors replace it with
 * {@code no-store} (written by web-platform).
 */
public final class CachePolicy {

    static final String VEHICLE_ROUTE = "/api/v1/vehicle";

    private static final Map<String, Freshness> ROUTES = Map.ofEntries(
            // a decode changes with a new vPIC release or a new configuration: as often as the catalog
            Map.entry("/api/v1/decode", Freshness.CATALOG),
            Map.entry("/api/v1/decode/batch", Freshness.CATALOG),
            Map.entry("/api/v1/wmi/{wmi}", Freshness.CATALOG),
            // the configurations an identifier matches: an enrichment or import can add one at any time
            Map.entry("/api/v1/configs", Freshness.LISTING),
            Map.entry("/api/v1/years", Freshness.LISTING),
            Map.entry("/api/v1/makes", Freshness.LISTING),
            Map.entry("/api/v1/models", Freshness.LISTING),
            Map.entry("/api/v1/trims", Freshness.LISTING),
            Map.entry("/api/v0/maintenance", Freshness.PRICES),
            Map.entry("/api/v0/enrich", Freshness.NO_STORE),
            Map.entry("/api/v1/status", Freshness.STATUS));

    /** Each group's own route; the image's answers the bytes, which are {@link Freshness#IMAGE}. */
    private static final Map<String, Freshness> GROUP_ROUTES = Stream.of(Group.values())
            .collect(Collectors.toUnmodifiableMap(
                    Group::route, group -> group == Group.IMAGE ? Freshness.IMAGE : of(group)));

    private CachePolicy() {}

    /** A group's freshness, the same on its own route and inside {@code /v1/vehicle}. */
    public static Freshness of(Group group) {
        return switch (group) {
            case FLUIDS, SPECS, TIRES, MAINTENANCE_SCHEDULE -> Freshness.CATALOG;
            // The group carries the image's metadata (ETag and link), which is as stable as the catalog;
            // the bytes themselves are IMAGE on their own route.
            case IMAGE -> Freshness.CATALOG;
            case PARTS -> Freshness.PRICES;
            case LABOR -> Freshness.LABOR;
            case SERVICE_HISTORY -> Freshness.SERVICE_HISTORY;
            case RECALLS -> Freshness.RECALLS;
        };
    }

    /**
     * The freshness of a successful answer of the route with this mapping pattern; empty for a route
     * this policy does not know (which then goes without {@code Cache-Control}).
     *
     * @param parameters the request's query parameters, for {@code /v1/vehicle}'s {@code include}
     */
    public static Optional<Freshness> forRoute(String route, Function<String, String> parameters) {
        if (VEHICLE_ROUTE.equals(route)) {
            Set<Group> groups;
            try {
                groups = Group.parseInclude(parameters.apply("include"));
            } catch (ApiException refused) {
                return Optional.empty(); // the route itself answers the 400
            }
            // The vehicle block alone is catalog data; with groups, the shortest-lived one decides.
            return Optional.of(
                    Freshness.shortest(groups.stream().map(CachePolicy::of).toList(), Freshness.CATALOG));
        }
        return Optional.ofNullable(GROUP_ROUTES.getOrDefault(route, ROUTES.get(route)));
    }
}
