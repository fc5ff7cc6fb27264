package dev.vspec.query.parts;

import dev.vspec.query.encoding.StoredJson;
import dev.vspec.query.vehicle.Coverage;
import dev.vspec.query.vehicle.CoveredAnswer;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.PartView;

/**
 * {@code {"vehicle": {...}, "parts": [...], "coverage": {"parts": {...}}}}; {@code parts} is empty, never absent, when
 * none are recorded, and {@code coverage} says whether that is "none" (recorded) or "not known" (missing).
 * {@code parts} is the stored document's JSON (a list of {@link PartView}), written out as it is.
 */
record PartsResponse(Vehicle vehicle, StoredJson parts, Coverage coverage) implements CoveredAnswer {}
