package dev.vspec.readmodel;

import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.recalls.RecallsRoute;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The data groups of a vehicle, each declared here once: its key (what its answers carry it under and
 * {@code include=} names it by), its own route, the scope a key needs to read it, and, for a group stored
 * pre-rendered, its {@link GroupDocument}. {@code GET /v1/vehicle?include=<key>} adds the value the group's own
 * route answers under the same key. The image, the service history and the recalls are built per request.
 */
public enum Group {
    FLUIDS(Keys.FLUIDS, Routes.FLUIDS, Scope.MAINTENANCE_READ, () -> GroupDocument.FLUIDS),
    SPECS(Keys.SPECS, Routes.SPECS, Scope.MAINTENANCE_READ, () -> GroupDocument.SPECS),
    TIRES(Keys.TIRES, Routes.TIRES, Scope.MAINTENANCE_READ, () -> GroupDocument.TIRES),
    MAINTENANCE_SCHEDULE(
            Keys.MAINTENANCE_SCHEDULE,
            Routes.MAINTENANCE_SCHEDULE,
            Scope.MAINTENANCE_READ,
            () -> GroupDocument.MAINTENANCE_SCHEDULE),
    PARTS(Keys.PARTS, Routes.PARTS, Scope.MAINTENANCE_READ, () -> GroupDocument.PARTS),
    LABOR(Keys.LABOR, Routes.LABOR, Scope.LABOR_READ, () -> GroupDocument.LABOR),
    IMAGE(Keys.IMAGE, Routes.IMAGE, Scope.MEDIA_READ, () -> null),
    SERVICE_HISTORY(Keys.SERVICE_HISTORY, Routes.SERVICE_HISTORY, Scope.SERVICE_HISTORY_READ, () -> null),
    /** NHTSA's campaigns for the vehicle's model year, make and model: kept per model, not per configuration. */
    RECALLS(Keys.RECALLS, Routes.RECALLS, Scope.MAINTENANCE_READ, () -> null);

    /** The groups' keys, as constants for annotations such as {@code @JsonProperty}. */
    public static final class Keys {
        public static final String FLUIDS = "fluids",
                SPECS = "specs",
                TIRES = "tires",
                MAINTENANCE_SCHEDULE = "maintenance_schedule",
                PARTS = "parts",
                LABOR = "labor",
                IMAGE = "image",
                SERVICE_HISTORY = "service_history",
                RECALLS = "recalls";

        private Keys() {}
    }

    /** The groups' own routes, as constants for request mappings: those of API version 1, then those still in 0. */
    public static final class Routes {
        public static final String FLUIDS = "/api/v1/fluids",
                SPECS = "/api/v1/specs",
                TIRES = "/api/v1/tires",
                MAINTENANCE_SCHEDULE = "/api/v1/maintenance-schedule",
                PARTS = "/api/v1/parts",
                RECALLS = RecallsRoute.PATH;
        public static final String LABOR = "/api/v0/labor",
                IMAGE = "/api/v0/vehicle-image",
                SERVICE_HISTORY = "/api/v0/service-history";

        private Routes() {}
    }

    private static final String ALLOWED = Stream.of(values()).map(Group::key).collect(Collectors.joining(", "));

    private final String key;
    private final String route;
    private final Scope scope;
    /** Looked up when asked for: the documents name their groups, so neither class waits for the other's initialisation. */
    private final Supplier<GroupDocument<?>> document;

    Group(String key, String route, Scope scope, Supplier<GroupDocument<?>> document) {
        this.key = key;
        this.route = route;
        this.scope = scope;
        this.document = document;
    }

    /** The include= value and the group's key in both answers, e.g. {@code maintenance_schedule}. */
    public String key() {
        return key;
    }

    /** The stored document this group is answered from; null for a group built per request. */
    public GroupDocument<?> document() {
        return document.get();
    }

    /** The group's own route, e.g. {@code /api/v1/fluids}. */
    public String route() {
        return route;
    }

    /** The scope the group's own route needs, which including it needs too. */
    public Scope scope() {
        return scope;
    }

    /**
     * The groups an {@code include} parameter names, in declaration order: comma-separated,
     * whitespace around names and repeated names tolerated, absent or blank meaning none.
     *
     * @throws ApiException {@code invalid_param} naming the unknown values and listing the allowed ones
     */
    public static Set<Group> parseInclude(String include) {
        Set<Group> groups = EnumSet.noneOf(Group.class);
        if (include == null) {
            return groups;
        }
        List<String> unknown = new ArrayList<>();
        for (String name : include.split(",")) {
            String key = name.strip().toLowerCase(Locale.ROOT);
            if (key.isEmpty()) {
                continue;
            }
            Group group = named(key);
            if (group == null) {
                unknown.add("'" + name.strip() + "'");
            } else {
                groups.add(group);
            }
        }
        if (!unknown.isEmpty()) {
            throw ApiException.about(
                    "include",
                    ErrorCode.INVALID_PARAM,
                    "include names unknown group" + (unknown.size() > 1 ? "s " : " ") + String.join(", ", unknown)
                            + "; allowed values: " + ALLOWED);
        }
        return groups;
    }

    private static Group named(String key) {
        for (Group group : values()) {
            if (group.key.equals(key)) {
                return group;
            }
        }
        return null;
    }
}
