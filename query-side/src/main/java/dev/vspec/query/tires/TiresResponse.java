package dev.vspec.query.tires;

import dev.vspec.query.encoding.StoredJson;
import dev.vspec.query.vehicle.Coverage;
import dev.vspec.query.vehicle.CoveredAnswer;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.TireView;

/**
 * {@code {"vehicle": {...}, "tires": [...], "coverage": {"tires": {...}}}}; {@code tires} is empty, never absent, when
 * none are recorded, and {@code coverage} says whether that is "none" (recorded) or "not known" (missing).
 * {@code tires} is the stored document's JSON (a list of {@link TireView}), written out as it is.
 */
record TiresResponse(Vehicle vehicle, StoredJson tires, Coverage coverage) implements CoveredAnswer {}
