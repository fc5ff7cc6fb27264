package dev.vspec.query.fluids;

import dev.vspec.query.vehicle.Vehicle;
import java.util.List;

/** {@code {"vehicle": {...}, "fluids": [...]}}; {@code fluids} is empty, never absent, when none are recorded. */
record FluidsResponse(Vehicle vehicle, List<FluidView> fluids) {
}
