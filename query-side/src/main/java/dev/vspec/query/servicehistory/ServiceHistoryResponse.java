package dev.vspec.query.servicehistory;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.Group;
import java.util.List;

/** {@code {"vehicle": {...}, "vin": "...", "service_history": [...]}}; an empty list when the VIN has no records. */
record ServiceHistoryResponse(
        Vehicle vehicle,
        String vin,
        @JsonProperty(Group.Keys.SERVICE_HISTORY) List<ServiceVisit> serviceHistory) {}
