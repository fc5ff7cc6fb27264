package dev.vspec.query.fluids;

import dev.vspec.query.encoding.StoredJson;
import dev.vspec.query.vehicle.Coverage;
import dev.vspec.query.vehicle.CoveredAnswer;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.FluidView;

/**
 * {@code {"vehicle": {...}, "fluids": [...], "coverage": {"fluids": {...}}}}; {@code fluids} is empty, never absent, when
 * none are recorded, and {@code coverage} says whether that is "none" (recorded) or "not known" (missing).
 * {@code fluids} is the stored document's JSON (a list of {@link FluidView}), written out as it is.
 */
record FluidsResponse(Vehicle vehicle, StoredJson fluids, Coverage coverage) implements CoveredAnswer {}
