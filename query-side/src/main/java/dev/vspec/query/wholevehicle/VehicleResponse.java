package dev.vspec.query.wholevehicle;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.query.encoding.StoredJson;
import dev.vspec.query.vehicle.Coverage;
import dev.vspec.query.vehicle.CoveredAnswer;
import dev.vspec.query.vehicle.Vehicle;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code {"vehicle": {...}, "<group>": ..., ..., "coverage": {"<group>": {...}, ...}}}: the vehicle block, then each
 * included group under its own key with the value its own route answers under that key (a stored group as its stored
 * bytes, {@link dev.vspec.query.encoding.StoredJson}), then the included groups' coverage, as their own routes show it.
 * Written by {@link VehicleResponseConverter}.
 */
final class VehicleResponse implements CoveredAnswer {

    private static final byte[] OPEN = "{\"vehicle\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] COVERAGE = ",\"coverage\":".getBytes(StandardCharsets.US_ASCII);

    private final Vehicle vehicle;
    private final Map<String, Object> groups;
    private final Coverage coverage;

    VehicleResponse(Vehicle vehicle, Map<String, Object> groups, Coverage coverage) {
        this.vehicle = vehicle;
        this.groups = groups;
        this.coverage = coverage;
    }

    @JsonProperty("vehicle")
    Vehicle vehicle() {
        return vehicle;
    }

    @JsonAnyGetter
    Map<String, Object> groups() {
        return groups;
    }

    @JsonProperty("coverage")
    @Override
    public Coverage coverage() {
        return coverage;
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
        text.writeBytes(COVERAGE);
        text.writeBytes(mapper.writeValueAsBytes(coverage));
        text.write('}');
        parts.add(text.toByteArray());
        return parts;
    }
}
