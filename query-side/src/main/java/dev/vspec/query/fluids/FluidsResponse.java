package dev.vspec.query.fluids;

import dev.vspec.query.vehicle.StoredJson;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.FluidView;

/**
 * {@code {"vehicle": {...}, "fluids": [...]}}; {@code fluids} is empty, never absent, when none are recorded.
 * {@code fluids} is the stored document's JSON (a list of {@link FluidView}), written out as it is.
 */
record FluidsResponse(Vehicle vehicle, StoredJson fluids) {}
