package dev.vspec.contracts.epa;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The engines the EPA lists for a model year, make and model (and drive, where known): what a VIN whose vPIC decode
 * gives no engine data can still be told. Entries with the same displacement (to a tenth of a litre), cylinders and
 * kind of fuel are one engine; an electric vehicle's is {@code electric}.
 */
public final class EpaEngines {

    private EpaEngines() {}

    /**
     * One engine of the model.
     *
     * @param fuel        {@code gasoline}, {@code diesel} or {@code electric} (the EPA's fuels, grouped)
     * @param epaIds      the entries that list it, in the order given
     * @param descriptions the EPA's engine notes of those entries, each once ({@code SIDI}, {@code SIDI; Mild Hybrid})
     */
    @JsonPropertyOrder({"engine", "displacement_l", "cylinders", "fuel", "epa_ids", "descriptions"})
    public record Engine(
            @JsonProperty("displacement_l") @Nullable BigDecimal displacementL,
            @Nullable Integer cylinders,
            String fuel,
            @JsonProperty("epa_ids") List<Integer> epaIds,
            List<String> descriptions) {

        public Engine {
            epaIds = List.copyOf(epaIds);
            descriptions = List.copyOf(descriptions);
        }

        /** {@code 2.0 L, 4 cylinders, gasoline}; {@code electric}. */
        @JsonProperty("engine")
        public String describedAs() {
            if (displacementL == null) {
                return fuel;
            }
            return displacementL.toPlainString() + " L, " + cylinders + " cylinders, " + fuel;
        }
    }

    /**
     * The distinct engines of the subject's model: its year, make, model and drive where known ({@link
     * EpaMatching#agreeing}); its engine, trim and electrification are not asked, so no engine is left out.
     */
    public static List<Engine> of(EpaSubject subject, List<EpaEntry> candidates) {
        EpaSubject model = new EpaSubject(
                subject.year(), subject.make(), subject.model(), null, null, null, subject.drivetrain(), null);
        Map<List<Object>, List<EpaEntry>> byEngine = new LinkedHashMap<>();
        for (EpaEntry entry : EpaMatching.agreeing(model, candidates)) {
            EpaVehicle v = entry.vehicle();
            byEngine.computeIfAbsent(
                            Arrays.asList(tenths(v.displacementL()), v.cylinders(), fuel(v)), key -> new ArrayList<>())
                    .add(entry);
        }
        List<Engine> engines = new ArrayList<>(byEngine.size());
        byEngine.forEach((key, entries) -> {
            Set<String> descriptions = new LinkedHashSet<>();
            entries.stream()
                    .map(entry -> entry.vehicle().engineDescriptor())
                    .filter(Objects::nonNull)
                    .forEach(descriptions::add);
            engines.add(new Engine(
                    (BigDecimal) key.get(0),
                    (Integer) key.get(1),
                    (String) key.get(2),
                    entries.stream().map(EpaEntry::epaId).toList(),
                    List.copyOf(descriptions)));
        });
        return engines;
    }

    private static @Nullable BigDecimal tenths(@Nullable BigDecimal litres) {
        return litres == null ? null : litres.setScale(1, RoundingMode.HALF_UP);
    }

    private static String fuel(EpaVehicle vehicle) {
        if (vehicle.isElectric()) {
            return "electric";
        }
        String fuel = vehicle.fuelType() == null ? "" : vehicle.fuelType().toLowerCase(Locale.ROOT);
        return fuel.contains("diesel") ? "diesel" : "gasoline";
    }
}
