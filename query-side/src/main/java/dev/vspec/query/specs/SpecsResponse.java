package dev.vspec.query.specs;

import dev.vspec.query.vehicle.StoredJson;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.SpecView;

/**
 * {@code {"vehicle": {...}, "specs": [...]}}; {@code specs} is empty, never absent, when none are recorded.
 * {@code specs} is the stored document's JSON (a list of {@link SpecView}), written out as it is.
 */
record SpecsResponse(Vehicle vehicle, StoredJson specs) {}
