package dev.vspec.query.vehicle;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.access.Scope;
import dev.vspec.readmodel.GroupDocument;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The data groups of a vehicle. Each has its own route, which answers the group under {@link #key()},
 * and {@code GET /v1/vehicle?include=<key>} adds the same value under the same key. Most are stored
 * pre-rendered ({@link #document()}), so both answers carry the same stored bytes; the image and the
 * service history are built per request.
 */
public enum Group {
    FLUIDS("fluids", GroupDocument.FLUIDS, Scope.MAINTENANCE_READ),
    SPECS("specs", GroupDocument.SPECS, Scope.MAINTENANCE_READ),
    TIRES("tires", GroupDocument.TIRES, Scope.MAINTENANCE_READ),
    MAINTENANCE_SCHEDULE("maintenance_schedule", GroupDocument.MAINTENANCE_SCHEDULE, Scope.MAINTENANCE_READ),
    PARTS("parts", GroupDocument.PARTS, Scope.MAINTENANCE_READ),
    LABOR("labor", GroupDocument.LABOR, Scope.LABOR_READ),
    IMAGE("image", null, Scope.MEDIA_READ),
    SERVICE_HISTORY("service_history", null, Scope.SERVICE_HISTORY_READ);

    private static final String ALLOWED = Stream.of(values()).map(Group::key).collect(Collectors.joining(", "));

    private final String key;
    private final GroupDocument<?> document;
    private final Scope scope;

    Group(String key, GroupDocument<?> document, Scope scope) {
        this.key = key;
        this.document = document;
        this.scope = scope;
    }

    /** The scope the group's own route needs, which including it needs too. */
    public Scope scope() {
        return scope;
    }

    /** The include= value and the group's key in both answers. */
    public String key() {
        return key;
    }

    /** The stored document this group is answered from; null for a group built per request. */
    public GroupDocument<?> document() {
        return document;
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
            throw ApiException.about("include", ErrorCode.INVALID_PARAM, "include names unknown group" + (unknown.size() > 1 ? "s " : " ")
                    + String.join(", ", unknown) + "; allowed values: " + ALLOWED);
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
