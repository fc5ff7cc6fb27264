package dev.vspec.query.labor;

import dev.vspec.query.vehicle.StoredJson;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.LaborView;

/**
 * {@code {"vehicle": {...}, "labor": [...]}}: every operation, or only the one {@code operation=} names.
 * {@code labor} is JSON written out as it is (a list of {@link LaborView}): the stored document, or the
 * matching entries rendered by the same {@link dev.vspec.readmodel.GroupDocument}.
 */
record LaborResponse(Vehicle vehicle, StoredJson labor) {}
