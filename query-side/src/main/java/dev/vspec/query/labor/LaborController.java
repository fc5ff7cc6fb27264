package dev.vspec.query.labor;

import dev.vspec.access.RequiresScope;
import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.query.encoding.StoredJson;
import dev.vspec.query.lookup.VehicleResolver;
import dev.vspec.query.vehicle.Coverage;
import dev.vspec.query.vehicle.ResolvedVehicle;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.query.web.LastModified;
import dev.vspec.readmodel.Group;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.LaborView;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v0/labor[?operation=]}: the book times of the resolved vehicle, or of one operation.
 * An operation the vehicle has no time for is 404 {@code not_found} listing the ones it has.
 */
@RestController
class LaborController {

    private final VehicleResolver vehicles;

    LaborController(VehicleResolver vehicles) {
        this.vehicles = vehicles;
    }

    @RequiresScope(Scope.LABOR_READ)
    @GetMapping(Group.Routes.LABOR)
    LaborResponse labor(
            VehicleIdentifier identifier,
            @RequestParam(name = "operation", required = false) String operation,
            HttpServletResponse response) {
        ResolvedVehicle resolved = vehicles.resolve(identifier, GroupDocument.LABOR);
        Vehicle vehicle = resolved.vehicle();
        Coverage coverage = resolved.coverageOf(Group.LABOR);
        if (operation == null || operation.isBlank()) {
            LastModified.send(response, resolved.lastChange());
            return new LaborResponse(vehicle, resolved.json(GroupDocument.LABOR), coverage);
        }
        List<LaborView> all = resolved.value(GroupDocument.LABOR);
        String wanted = operation.strip().toLowerCase(Locale.ROOT);
        List<LaborView> matching =
                all.stream().filter(time -> time.operation().equals(wanted)).toList();
        if (matching.isEmpty()) {
            throw new ApiException(
                    ErrorCode.NOT_FOUND,
                    "No labor time for operation '" + operation.strip() + "' on " + vehicle.configKey() + "; "
                            + operations(all, coverage));
        }
        LastModified.send(response, resolved.lastChange());
        return new LaborResponse(vehicle, StoredJson.of(GroupDocument.LABOR.render(matching)), coverage);
    }

    /** The operations a vehicle has times for, as a refusal lists them: none recorded is not none known. */
    private static String operations(List<LaborView> all, Coverage coverage) {
        if (coverage.anyMissing()) {
            return "the catalog holds no labor times for it yet (labor is missing in its coverage)";
        }
        return "its operations: "
                + (all.isEmpty()
                        ? "none recorded"
                        : all.stream().map(LaborView::operation).collect(Collectors.joining(", ")));
    }
}
