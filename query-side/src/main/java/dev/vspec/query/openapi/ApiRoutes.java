package dev.vspec.query.openapi;

import dev.vspec.readmodel.Group;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the document says about each GET route beyond its handler's annotations: its section, the
 * identifier modes it takes and every error it can answer, each error named by its example in
 * {@code errors.json} (the example's {@code error} is its name up to the first dot). The one place
 * that knows which route answers which error; {@link RouteDocumentation} refuses a route missing here.
 */
final class ApiRoutes {

    enum Identifiers {
        /** vin, year+make+model[+trim] or config_key: exactly one of them. */
        ANY_MODE,
        /** vin alone; the other modes are 400 {@code missing_param}. */
        VIN_ONLY,
        NONE
    }

    /** The document's tags, in the order it lists them. */
    enum Section {
        IDENTITY(
                "Identity",
                "Which configuration an identifier names: the decode of a VIN (one, a partial one or up to"
                        + " 100 at once) by NHTSA's vPIC data, a manufacturer identifier (WMI), and the candidates of a lookup."),
        CATALOG(
                "Catalog",
                "What the catalog holds, level by level: its model years, the makes of a year, the models of"
                        + " a make and the trims of a model, each with how many configurations it has, a page at a time; the"
                        + " configurations of a year or of a year and make are GET /api/v1/configs?year=[&make=]."),
        VEHICLE_DATA(
                "Vehicle data",
                "The data groups of one configuration, each on its own route, or several in one read"
                        + " through /api/v1/vehicle?include=."),
        MAINTENANCE("Maintenance", "What is due at a mileage or age, and how long each job takes."),
        MEDIA("Media", "The cached exterior render."),
        SERVICE_HISTORY("Service history", "Sanitized service visits of one VIN."),
        ENRICHMENT(
                "Enrichment",
                "The status of the jobs that POST /api/v0/enrich schedules for VINs the service does"
                        + " not hold yet."),
        STATUS("Status", "Whether the API answers.");

        private final String title;
        private final String description;

        Section(String title, String description) {
            this.title = title;
            this.description = description;
        }

        String title() {
            return title;
        }

        String description() {
            return description;
        }
    }

    /**
     * @param parameters the route's parameters beyond its identifier modes that the document declares once as
     *                   components ({@link RouteDocumentation}), by name: {@code partial_vin}, {@code vins}, {@code wmi}
     */
    record Route(Section section, Identifiers identifiers, List<String> parameters, List<String> errors) {

        Route(Section section, Identifiers identifiers, List<String> errors) {
            this(section, identifiers, List.of(), errors);
        }

        Route plus(String... more) {
            List<String> all = new ArrayList<>(errors);
            all.addAll(Arrays.asList(more));
            return new Route(section, identifiers, parameters, List.copyOf(all));
        }

        Route without(String... left) {
            List<String> kept = new ArrayList<>(errors);
            kept.removeAll(Arrays.asList(left));
            return new Route(section, identifiers, parameters, List.copyOf(kept));
        }

        Route taking(String... more) {
            List<String> all = new ArrayList<>(parameters);
            all.addAll(Arrays.asList(more));
            return new Route(section, identifiers, List.copyOf(all), errors);
        }
    }

    /**
     * What reading the identifier (400) and resolving it to one configuration (404, 409, 422) can
     * answer on every route that takes one; and 503 when a VIN the catalog does not link needs a decode
     * and no vPIC release is installed (or it is still loading).
     */
    private static final List<String> RESOLVING = List.of(
            "missing_param",
            "invalid_vin",
            "invalid_param",
            "not_found",
            "not_found.vin",
            "multiple_matches",
            "unsupported_vehicle",
            "service_unavailable");

    /** The parameters of every paged listing, declared once as components. */
    private static final String[] PAGING = {"limit", "cursor"};

    private static final String[] PAGING_ERRORS = {"invalid_param.limit", "invalid_param.cursor"};

    private static final Map<String, Route> ROUTES = Map.ofEntries(
            // a VIN it decodes without a single match is a 200 (vehicle null, matches listed): its only VIN 404
            // is a WMI vPIC does not know; partial_vin is a mode of its own, with its own 400 and 404
            Map.entry(
                    "/api/v1/decode",
                    resolving(Section.IDENTITY)
                            .taking("partial_vin")
                            .without("not_found.vin")
                            .plus("invalid_param.partial_vin", "not_found.unknown_wmi", "not_found.partial_vin")),
            // each VIN's own error is inside its result: the request fails only as a whole
            Map.entry(
                    "/api/v1/decode/batch",
                    new Route(
                            Section.IDENTITY,
                            Identifiers.NONE,
                            List.of("vins"),
                            List.of("missing_param.vins", "invalid_param.vins", "service_unavailable.vins"))),
            Map.entry(
                    "/api/v1/wmi/{wmi}",
                    new Route(
                            Section.IDENTITY,
                            Identifiers.NONE,
                            List.of("wmi"),
                            List.of("invalid_param.wmi", "not_found.wmi", "service_unavailable.wmi"))),
            // lists every candidate instead of refusing several; a year (and make) without model is a paged listing
            Map.entry(
                    "/api/v1/configs",
                    resolving(Section.IDENTITY)
                            .without("multiple_matches")
                            .taking(PAGING)
                            .plus(PAGING_ERRORS)),
            Map.entry("/api/v1/years", listing().plus(PAGING_ERRORS)),
            Map.entry(
                    "/api/v1/makes",
                    listing().plus("missing_param.makes", "invalid_param").plus(PAGING_ERRORS)),
            Map.entry(
                    "/api/v1/models",
                    listing().plus("missing_param.models", "invalid_param").plus(PAGING_ERRORS)),
            Map.entry(
                    "/api/v1/trims",
                    listing().plus("missing_param.trims", "invalid_param").plus(PAGING_ERRORS)),
            Map.entry(
                    "/api/v1/vehicle",
                    resolving(Section.VEHICLE_DATA).plus("invalid_param.include", "invalid_param.include_mode")),
            Map.entry(Group.FLUIDS.route(), resolving(Section.VEHICLE_DATA)),
            Map.entry(Group.SPECS.route(), resolving(Section.VEHICLE_DATA)),
            Map.entry(Group.TIRES.route(), resolving(Section.VEHICLE_DATA)),
            Map.entry(Group.MAINTENANCE_SCHEDULE.route(), resolving(Section.VEHICLE_DATA)),
            Map.entry(Group.PARTS.route(), resolving(Section.VEHICLE_DATA)),
            Map.entry(
                    "/api/v0/maintenance",
                    resolving(Section.MAINTENANCE).plus("invalid_param.mileage", "invalid_param.schedule")),
            Map.entry(Group.LABOR.route(), resolving(Section.MAINTENANCE).plus("not_found.operation")),
            Map.entry(Group.IMAGE.route(), resolving(Section.MEDIA).plus("no_image")),
            Map.entry(
                    Group.SERVICE_HISTORY.route(),
                    new Route(
                            Section.SERVICE_HISTORY,
                            Identifiers.VIN_ONLY,
                            List.of(
                                    "missing_param",
                                    "missing_param.vin_only",
                                    "invalid_vin",
                                    "invalid_param",
                                    "not_found.vin",
                                    "multiple_matches.vin",
                                    "unsupported_vehicle",
                                    "service_unavailable"))),
            // takes job_id or vin, its own parameters, rather than an identifier mode
            Map.entry(
                    "/api/v0/enrich",
                    new Route(
                            Section.ENRICHMENT,
                            Identifiers.NONE,
                            List.of(
                                    "missing_param.job_or_vin",
                                    "invalid_param.job_and_vin",
                                    "invalid_vin",
                                    "not_found.job"))),
            Map.entry(
                    "/api/v1/status",
                    new Route(Section.STATUS, Identifiers.NONE, List.of("invalid_param.control_character"))));

    private ApiRoutes() {}

    static Optional<Route> of(String path) {
        return Optional.ofNullable(ROUTES.get(path));
    }

    private static Route listing() {
        return new Route(Section.CATALOG, Identifiers.NONE, List.of()).taking(PAGING);
    }

    private static Route resolving(Section section) {
        return new Route(section, Identifiers.ANY_MODE, RESOLVING);
    }
}
