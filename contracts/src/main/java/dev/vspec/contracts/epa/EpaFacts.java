package dev.vspec.contracts.epa;

import dev.vspec.contracts.catalog.SpecItem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The spec-sheet lines the EPA's entries give a configuration they match ({@link EpaMatching}): transmission, drive,
 * fuel, MPG (MPGe for an electric vehicle), electric range and motor, CO2, turbo, supercharger, start-stop, the EPA's
 * size class, and its ids as a cross-reference. Of several entries, only the lines on which all of them agree: where
 * they differ (a manual and an automatic) the EPA does not say which one the configuration is.
 */
public final class EpaFacts {

    /** The section of the cross-reference line, {@code reference / epa_id}. */
    public static final String REFERENCE = "reference";

    private EpaFacts() {}

    /** The lines all the entries agree on, in spec-sheet order, then the EPA ids (comma-separated); none for none. */
    public static List<SpecItem> agreedBy(List<EpaEntry> entries) {
        if (entries.isEmpty()) {
            return List.of();
        }
        List<Map<String, List<SpecItem>>> each =
                entries.stream().map(entry -> byFact(of(entry.vehicle()))).toList();
        List<SpecItem> agreed = new ArrayList<>();
        each.get(0).forEach((fact, lines) -> {
            if (each.stream().allMatch(other -> lines.equals(other.get(fact)))) {
                agreed.addAll(lines);
            }
        });
        agreed.add(new SpecItem(
                REFERENCE,
                "epa_id",
                entries.stream().map(entry -> Integer.toString(entry.epaId())).collect(Collectors.joining(", ")),
                null));
        return agreed;
    }

    /** Every line one entry gives, in spec-sheet order. */
    public static List<SpecItem> of(EpaVehicle v) {
        List<SpecItem> lines = new ArrayList<>();
        String mpg = v.isElectric() ? "MPGe" : "mpg";
        SpecItem.addStated(lines, "transmission", "type", v.transmission(), null);
        SpecItem.addStated(lines, "drivetrain", "drive_type", v.drive(), null);
        SpecItem.addStated(lines, "engine", "turbo", yesNo(v.turbo()), null);
        SpecItem.addStated(lines, "engine", "supercharger", yesNo(v.supercharger()), null);
        SpecItem.addStated(lines, "engine", "start_stop", yesNo(v.startStop()), null);
        SpecItem.addStated(lines, "fuel", "fuel_type", v.fuelType(), null);
        SpecItem.addStated(lines, "fuel", "fuel_type_secondary", v.fuelTypeSecondary(), null);
        SpecItem.addStated(lines, "fuel_economy", "city", v.cityMpg(), mpg);
        SpecItem.addStated(lines, "fuel_economy", "highway", v.highwayMpg(), mpg);
        SpecItem.addStated(lines, "fuel_economy", "combined", v.combinedMpg(), mpg);
        SpecItem.addStated(lines, "fuel_economy", "city_secondary_fuel", v.cityMpgSecondary(), mpg);
        SpecItem.addStated(lines, "fuel_economy", "highway_secondary_fuel", v.highwayMpgSecondary(), mpg);
        SpecItem.addStated(lines, "fuel_economy", "combined_secondary_fuel", v.combinedMpgSecondary(), mpg);
        SpecItem.addStated(
                lines,
                "electric",
                "range",
                v.rangeMiles() == null || v.rangeMiles() == 0 ? null : v.rangeMiles(),
                "mi");
        SpecItem.addStated(lines, "electric", "motor", v.electricMotor(), null);
        SpecItem.addStated(lines, "emissions", "co2_tailpipe", v.co2GramsPerMile(), "g/mi");
        SpecItem.addStated(lines, "body", "epa_class", v.vehicleClass(), null);
        return lines;
    }

    private static Map<String, List<SpecItem>> byFact(List<SpecItem> lines) {
        return lines.stream().collect(Collectors.groupingBy(SpecItem::fact, LinkedHashMap::new, Collectors.toList()));
    }

    private static String yesNo(Boolean value) {
        return value == null ? null : value ? "Yes" : "No";
    }
}
