package dev.vspec.query.wholevehicle;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.query.vehicle.StoredJson;
import dev.vspec.query.vehicle.Vehicle;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code {"vehicle": {...}, "<group>": ..., ...}}: the vehicle block, then each included group under
 * its own key with the value its own route answers under that key (a stored group as its stored
 * bytes, {@link dev.vspec.query.vehicle.StoredJson}). Written by {@link VehicleResponseConverter}.
 */
final class VehicleResponse {

    private static final byte[] OPEN = "{\"vehicle\":".getBytes(StandardCharsets.US_ASCII);

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

    /**
     * The answer in order, as JSON text ({@code byte[]}, UTF-8) and stored documents ({@link StoredJson}) to
     * copy between it; a group that is not a stored document is serialized by {@code mapper}.
     */
    List<Object> parts(JsonMapper mapper) {
        List<Object> parts = new ArrayList<>(2 * groups.size() + 2);
        ByteArrayOutputStream text = new ByteArrayOutputStream(2048);
        text.writeBytes(OPEN);
        text.writeBytes(mapper.writeValueAsBytes(vehicle));
        for (Map.Entry<String, Object> group : groups.entrySet()) {
            // Group keys are fixed ASCII names (Group.key()): nothing to escape.
            text.writeBytes((",\"" + group.getKey() + "\":").getBytes(StandardCharsets.US_ASCII));
            if (group.getValue() instanceof StoredJson stored) {
                parts.add(text.toByteArray());
                parts.add(stored);
                text.reset();
            } else {
                text.writeBytes(mapper.writeValueAsBytes(group.getValue()));
            }
        }
        text.write('}');
        parts.add(text.toByteArray());
        return parts;
    }
}
