package dev.vspec.query.specs;

import dev.vspec.query.encoding.StoredJson;
import dev.vspec.query.vehicle.Coverage;
import dev.vspec.query.vehicle.CoveredAnswer;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.SpecView;

/**
 * {@code {"vehicle": {...}, "specs": [...], "coverage": {"specs": {...}}}}; {@code specs} is empty, never absent, when
 * none are recorded, and {@code coverage} says whether that is "none" (recorded) or "not known" (missing).
 * {@code specs} is the stored document's JSON (a list of {@link SpecView}), written out as it is.
 */
record SpecsResponse(Vehicle vehicle, StoredJson specs, Coverage coverage) implements CoveredAnswer {}
