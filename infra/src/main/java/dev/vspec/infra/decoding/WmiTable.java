package dev.vspec.infra.decoding;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** World manufacturer identifiers (VIN positions 1-3), read from a CSV resource. */
final class WmiTable {

    /** The vehicle types the model-year position-7 rule of 49 CFR 565.15 covers. */
    static final Set<String> POSITION_7_RULE_TYPES = Set.of("passenger_car", "mpv", "truck");
    static final Set<String> VEHICLE_TYPES =
            Set.of("passenger_car", "mpv", "truck", "heavy_truck", "incomplete_vehicle", "bus", "motorcycle");
    private static final Set<String> NORTH_AMERICA = Set.of("United States", "Canada", "Mexico");
    private static final List<String> HEADER = List.of("wmi", "manufacturer", "make", "country", "vehicle_type");

    /** One row; {@code make} is null where the WMI serves several makes. */
    record Manufacturer(String wmi, String name, String make, String country, String vehicleType) {

        boolean followsPosition7Rule() {
            return POSITION_7_RULE_TYPES.contains(vehicleType);
        }

        boolean northAmerican() {
            return NORTH_AMERICA.contains(country);
        }
    }

    private final Map<String, Manufacturer> byWmi;

    private WmiTable(Map<String, Manufacturer> byWmi) {
        this.byWmi = Map.copyOf(byWmi);
    }

    Optional<Manufacturer> find(String wmi) {
        return Optional.ofNullable(byWmi.get(wmi));
    }

    boolean contains(String wmi) {
        return byWmi.containsKey(wmi);
    }

    int size() {
        return byWmi.size();
    }

    /** Lines starting with {@code #} are comments; the first other line is the header. */
    static WmiTable load(String resource) {
        try (InputStream in = WmiTable.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing classpath resource " + resource);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            Map<String, Manufacturer> rows = new LinkedHashMap<>();
            boolean headerSeen = false;
            int lineNumber = 0;
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lineNumber++;
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                List<String> fields = fields(line);
                if (!headerSeen) {
                    if (!fields.equals(HEADER)) {
                        throw invalid(resource, lineNumber, "header must be " + String.join(",", HEADER));
                    }
                    headerSeen = true;
                    continue;
                }
                Manufacturer row = row(fields, resource, lineNumber);
                if (rows.putIfAbsent(row.wmi(), row) != null) {
                    throw invalid(resource, lineNumber, "WMI " + row.wmi() + " is listed twice");
                }
            }
            return new WmiTable(rows);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Manufacturer row(List<String> fields, String resource, int lineNumber) {
        if (fields.size() != HEADER.size()) {
            throw invalid(resource, lineNumber, "expected " + HEADER.size() + " fields, got " + fields.size());
        }
        String wmi = fields.get(0);
        if (!wmi.matches("[A-HJ-NPR-Z0-9]{3}")) {
            throw invalid(resource, lineNumber, "'" + wmi + "' is not three VIN characters");
        }
        String vehicleType = fields.get(4);
        if (!VEHICLE_TYPES.contains(vehicleType)) {
            throw invalid(resource, lineNumber, "unknown vehicle type '" + vehicleType + "'");
        }
        if (fields.get(1).isEmpty() || fields.get(3).isEmpty()) {
            throw invalid(resource, lineNumber, "manufacturer and country are required");
        }
        String make = fields.get(2).isEmpty() ? null : fields.get(2);
        return new Manufacturer(wmi, fields.get(1), make, fields.get(3), vehicleType);
    }

    /** Comma-separated fields; a field in double quotes may contain commas. */
    private static List<String> fields(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                fields.add(field.toString().strip());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString().strip());
        return fields;
    }

    private static IllegalStateException invalid(String resource, int line, String problem) {
        return new IllegalStateException(resource + " line " + line + ": " + problem);
    }
}
