package dev.vspec.query.labor;

import dev.vspec.query.encoding.StoredJson;
import dev.vspec.query.vehicle.Coverage;
import dev.vspec.query.vehicle.CoveredAnswer;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.LaborView;

/**
 * {@code {"vehicle": {...}, "labor": [...], "coverage": {"labor": {...}}}}: every operation, or only the one
 * {@code operation=} names, and whether the vehicle's labor times are recorded.
 * {@code labor} is JSON written out as it is (a list of {@link LaborView}): the stored document, or the
 * matching entries rendered by the same {@link dev.vspec.readmodel.GroupDocument}.
 */
record LaborResponse(Vehicle vehicle, StoredJson labor, Coverage coverage) implements CoveredAnswer {}
