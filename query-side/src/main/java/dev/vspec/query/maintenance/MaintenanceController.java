package dev.vspec.query.maintenance;

import dev.vspec.access.RequiresScope;
import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.query.lookup.VehicleResolver;
import dev.vspec.query.maintenance.MaintenanceResponse.Status;
import dev.vspec.query.vehicle.Coverage;
import dev.vspec.query.vehicle.ResolvedVehicle;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.query.web.LastModified;
import dev.vspec.readmodel.FluidView;
import dev.vspec.readmodel.Group;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.LaborView;
import dev.vspec.readmodel.PartView;
import dev.vspec.readmodel.Schedules;
import dev.vspec.readmodel.ServiceItem;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v0/maintenance[?mileage=&months=&schedule=normal|severe]}: the services due for the
 * resolved vehicle (see {@link Due}), each with its parts, fluids and labor, read from the same
 * stored documents as {@code /v1/maintenance-schedule}, {@code /v1/parts}, {@code /v1/fluids} and
 * {@code /v0/labor} (in one statement with the vehicle). A vehicle whose schedule is not recorded answers that what is
 * due is unknown ({@link Status#UNKNOWN}).
 */
@RestController
class MaintenanceController {

    private final VehicleResolver vehicles;

    MaintenanceController(VehicleResolver vehicles) {
        this.vehicles = vehicles;
    }

    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping("/api/v0/maintenance")
    MaintenanceResponse maintenance(
            VehicleIdentifier identifier,
            @RequestParam(name = "mileage", required = false) String mileage,
            @RequestParam(name = "months", required = false) String months,
            @RequestParam(name = "schedule", required = false) String schedule,
            HttpServletResponse response) {
        Due at = new Due(count("mileage", mileage, Due.MAX_MILEAGE), count("months", months, Due.MAX_MONTHS));
        String scheduleName = schedule(schedule);
        ResolvedVehicle resolved = vehicles.resolve(
                identifier,
                GroupDocument.MAINTENANCE_SCHEDULE,
                GroupDocument.PARTS,
                GroupDocument.FLUIDS,
                GroupDocument.LABOR);
        LastModified.send(response, resolved.lastChange());
        Vehicle vehicle = resolved.vehicle();
        Coverage coverage = resolved.coverageOf(Group.FLUIDS, Group.MAINTENANCE_SCHEDULE, Group.PARTS, Group.LABOR);
        if (resolved.coverageOf(Group.MAINTENANCE_SCHEDULE).anyMissing()) {
            return new MaintenanceResponse(vehicle, scheduleName, at, Status.UNKNOWN, List.of(), coverage);
        }
        List<ServiceItem> due = resolved.value(GroupDocument.MAINTENANCE_SCHEDULE).named(scheduleName).stream()
                .filter(at::covers)
                .toList();
        return new MaintenanceResponse(
                vehicle, scheduleName, at, Status.KNOWN, withWhatTheyTake(due, resolved), coverage);
    }

    /** The due services, each with its parts, the fluids it uses and its labor time, read from the vehicle's documents. */
    private static List<DueService> withWhatTheyTake(List<ServiceItem> due, ResolvedVehicle resolved) {
        if (due.isEmpty()) {
            return List.of();
        }
        Map<String, List<PartView>> partsByService = resolved.value(GroupDocument.PARTS).stream()
                .filter(part -> part.service() != null)
                .collect(Collectors.groupingBy(PartView::service));
        List<FluidView> allFluids = resolved.value(GroupDocument.FLUIDS);
        Map<String, LaborView> laborByOperation = resolved.value(GroupDocument.LABOR).stream()
                .collect(Collectors.toMap(LaborView::operation, Function.identity(), (first, second) -> first));
        return due.stream()
                .map(service -> {
                    List<String> fluidTypes = ServiceFluids.typesFor(service.service());
                    return new DueService(
                            service.service(),
                            service.description(),
                            service.interval(),
                            partsByService.getOrDefault(service.service(), List.of()),
                            allFluids.stream()
                                    .filter(fluid -> fluidTypes.contains(fluid.type()))
                                    .toList(),
                            laborByOperation.get(service.service()));
                })
                .toList();
    }

    /** A non-negative whole number no greater than {@code max}; blank counts as absent, like identifier parameters. */
    private static Integer count(String name, String value, int max) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String text = value.strip();
        if (!text.matches("\\d+")) {
            throw ApiException.about(
                    name,
                    ErrorCode.INVALID_PARAM,
                    name + " is a non-negative whole number (at most " + max + "); got '" + text + "'");
        }
        String digits = text.replaceFirst("^0+(?=\\d)", "");
        if (digits.length() > 9 || Integer.parseInt(digits) > max) {
            throw ApiException.about(name, ErrorCode.INVALID_PARAM, name + " is at most " + max + "; got " + digits);
        }
        return Integer.parseInt(digits);
    }

    private static String schedule(String value) {
        if (value == null || value.isBlank()) {
            return Schedules.NORMAL;
        }
        String name = value.strip().toLowerCase(Locale.ROOT);
        if (!name.equals(Schedules.NORMAL) && !name.equals(Schedules.SEVERE)) {
            throw ApiException.about(
                    "schedule",
                    ErrorCode.INVALID_PARAM,
                    "schedule is '" + Schedules.NORMAL + "' or '" + Schedules.SEVERE + "'; got '" + value.strip()
                            + "'");
        }
        return name;
    }
}
