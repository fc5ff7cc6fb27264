package dev.vspec.query.maintenance;

import dev.vspec.query.vehicle.Vehicle;
import java.util.List;

/**
 * {@code {"vehicle": {...}, "schedule": "normal", "at": {"mileage", "months"}, "services": [...]}}: the
 * services due on that schedule at that point, in the schedule's order.
 */
record MaintenanceResponse(Vehicle vehicle, String schedule, Due at, List<DueService> services) {}
