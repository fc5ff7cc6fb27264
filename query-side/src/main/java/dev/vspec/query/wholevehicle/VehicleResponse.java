package dev.vspec.query.wholevehicle;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.query.vehicle.Vehicle;
import java.util.Map;

/**
 * {@code {"vehicle": {...}, "<group>": ..., ...}}: the vehicle block, then each included group under
 * its own key with the value its own route answers under that key (a stored group as its stored
 * bytes, {@link dev.vspec.query.vehicle.StoredJson}).
 */
final class VehicleResponse {

    private final Vehicle vehicle;
    private final Map<String, Object> groups;

    VehicleResponse(Vehicle vehicle, Map<String, Object> groups) {
        this.vehicle = vehicle;
        this.groups = groups;
    }

    @JsonProperty("vehicle")
    Vehicle vehicle() {
        return vehicle;
    }

    @JsonAnyGetter
    Map<String, Object> groups() {
        return groups;
    }
}
