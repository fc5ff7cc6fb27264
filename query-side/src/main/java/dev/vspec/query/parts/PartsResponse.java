package dev.vspec.query.parts;

import dev.vspec.query.vehicle.StoredJson;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.PartView;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * {@code {"vehicle": {...}, "parts": [...]}}; {@code parts} is empty, never absent, when none are recorded.
 * {@code parts} is the stored document's JSON (a list of {@link PartView}), written out as it is.
 */
record PartsResponse(
        Vehicle vehicle,
        @Schema(implementation = PartView[].class) StoredJson parts) {}
