package dev.vspec.query.servicehistory;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.query.vehicle.Vehicle;
import java.util.List;

/** {@code {"vehicle": {...}, "vin": "...", "service_history": [...]}}; an empty list when the VIN has no records. */
record ServiceHistoryResponse(Vehicle vehicle, String vin, @JsonProperty("service_history") List<ServiceVisit> serviceHistory) {
}
