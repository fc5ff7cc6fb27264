package dev.vspec.query.tires;

import dev.vspec.query.vehicle.StoredJson;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.TireView;

/**
 * {@code {"vehicle": {...}, "tires": [...]}}; {@code tires} is empty, never absent, when none are recorded.
 * {@code tires} is the stored document's JSON (a list of {@link TireView}), written out as it is.
 */
record TiresResponse(Vehicle vehicle, StoredJson tires) {}
