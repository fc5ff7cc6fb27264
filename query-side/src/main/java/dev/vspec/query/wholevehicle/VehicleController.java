package dev.vspec.query.wholevehicle;

import dev.vspec.access.AccessGrant;
import dev.vspec.access.RequiresScope;
import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.platform.web.AskedRoutes;
import dev.vspec.query.binding.RepeatableParameters;
import dev.vspec.query.lookup.VehicleResolver;
import dev.vspec.query.vehicle.Coverage;
import dev.vspec.query.vehicle.GroupBuilder;
import dev.vspec.query.vehicle.ResolvedVehicle;
import dev.vspec.query.web.LastModified;
import dev.vspec.readmodel.Group;
import dev.vspec.readmodel.GroupDocument;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/vehicle[?include=a,b]}: the vehicle block plus every group {@code include} names
 * ({@link Group}). A stored group is its stored document, read with the vehicle in one statement and
 * written out verbatim, as its own route does; the image and the service history are built by the
 * very {@link GroupBuilder} their own routes call. {@code image} describes the render
 * ({@code content_type}, {@code etag}, {@code href}) or is null when none is cached; its bytes are
 * {@code GET /v0/vehicle-image}, which {@code href} names on the surface that answered.
 * {@code service_history} needs the vin mode. {@code coverage} holds the included groups' entries of the vehicle's
 * coverage, as their own routes show them.
 * Every parameter is checked before anything is resolved, so a bad include is a 400 even for a
 * lookup that would be ambiguous. Each included group needs the scope of its own route.
 */
@RestController
class VehicleController {

    private final VehicleResolver vehicles;
    private final Map<Group, GroupBuilder<?>> groups = new EnumMap<>(Group.class);

    VehicleController(VehicleResolver vehicles, List<GroupBuilder<?>> groups) {
        this.vehicles = vehicles;
        groups.forEach(group -> {
            if (this.groups.put(group.group(), group) != null) {
                throw new IllegalStateException("Two builders for group " + group.group());
            }
        });
        for (Group group : Group.values()) {
            if ((group.document() == null) != this.groups.containsKey(group)) {
                throw new IllegalStateException("Group " + group + " needs a builder if and only if it is not stored");
            }
        }
    }

    @RequiresScope(Scope.MAINTENANCE_READ)
    @RepeatableParameters("include")
    @GetMapping("/api/v1/vehicle")
    VehicleResponse vehicle(
            VehicleIdentifier identifier,
            @RequestParam(name = "include", required = false) String include,
            HttpServletRequest request,
            HttpServletResponse response) {
        Set<Group> wanted = Group.parseInclude(include);
        List<GroupDocument<?>> documents = new ArrayList<>();
        for (Group group : wanted) {
            AccessGrant.require(request, group.scope(), "include=" + group.key());
            if (group.document() != null) {
                documents.add(group.document());
            } else {
                groups.get(group).accepts(identifier);
            }
        }
        ResolvedVehicle resolved = vehicles.resolve(identifier, documents);
        Map<String, Object> values = new LinkedHashMap<>();
        Coverage coverage = resolved.vehicle().coverage().of(wanted);
        for (Group group : wanted) {
            if (group.document() != null) {
                values.put(group.key(), resolved.json(group.document()));
            } else {
                GroupBuilder<?> builder = groups.get(group);
                values.put(group.key(), builder.of(resolved.vehicle(), identifier, AskedRoutes.of(request)));
                coverage = builder.cover(coverage);
            }
        }
        // The groups built here show no more than their records, which the coverage dates.
        LastModified.send(response, resolved.lastChange().and(coverage.lastChange()));
        return new VehicleResponse(resolved.vehicle(), values, coverage);
    }
}
