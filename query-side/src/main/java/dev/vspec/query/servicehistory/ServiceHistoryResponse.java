package dev.vspec.query.servicehistory;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.query.vehicle.Coverage;
import dev.vspec.query.vehicle.CoveredAnswer;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.Group;
import java.util.List;

/**
 * {@code {"vehicle": {...}, "vin": "...", "service_history": [...], "coverage": {"service_history": {...}}}}; an empty
 * list when the VIN has no records, which {@code coverage} tells apart from a history that is not recorded.
 */
record ServiceHistoryResponse(
        Vehicle vehicle,
        String vin,
        @JsonProperty(Group.Keys.SERVICE_HISTORY) List<ServiceVisit> serviceHistory,
        Coverage coverage)
        implements CoveredAnswer {}
