package dev.vspec.query.lookup;

import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.CatalogIdentity;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.query.vehicle.Vehicle;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Component;

/**
 * What the catalog holds for VINs, however many at once: the configurations VINs are linked to, and the
 * configurations decodes match. A decode matches a configuration of its year, make and model whose trim, engine
 * code and drivetrain agree with the decode's where vPIC decoded them: a trim vPIC writes as alternatives
 * ("L/LE/SE", "S, SE, R-Line") agrees with any of them; the engine code (read from vPIC's engine model, or derived
 * as {@code 5.0l-v8}) regardless of case; a configuration without a drivetrain with any; and when one of them is
 * the configuration registered from exactly that decode (its {@link CatalogIdentity#configKey()}), that one alone.
 * The models' configurations are read for all the decodes at once, and kept by the store's cache until
 * a change is reported: a VIN read decodes in memory and usually matches without a statement.
 */
@Component
public class DecodedMatches {

    private final Configurations configurations;

    DecodedMatches(Configurations configurations) {
        this.configurations = configurations;
    }

    /** The config_key each of the VINs is linked to, in one statement; VINs linked to none are absent. */
    public Map<String, String> linkedKeys(Collection<Vin> vins) {
        return configurations.linkedKeys(vins);
    }

    /**
     * For each decode, in order, the held configurations it matches, in candidate order; none for a decode
     * that does not tell year, make and model.
     */
    public List<List<Vehicle>> matching(List<VinDecoding> decodings) {
        return matching(configurations, decodings);
    }

    static List<List<Vehicle>> matching(Configurations configurations, List<VinDecoding> decodings) {
        Set<ModelOf> models = new LinkedHashSet<>();
        for (VinDecoding decoding : decodings) {
            if (decoding.identifiesModel()) {
                models.add(ModelOf.of(decoding));
            }
        }
        Map<ModelOf, List<Candidate>> candidates = models.isEmpty() ? Map.of() : configurations.ofModels(models);
        List<List<Vehicle>> matches = new ArrayList<>(decodings.size());
        for (VinDecoding decoding : decodings) {
            if (!decoding.identifiesModel()) {
                matches.add(List.of());
                continue;
            }
            Told told = Told.of(decoding);
            List<Vehicle> found = new ArrayList<>();
            for (Candidate candidate : candidates.get(ModelOf.of(decoding))) {
                if (candidate.agreesWith(told)) {
                    found.add(candidate.vehicle());
                }
            }
            if (found.size() > 1) {
                // The configuration registered from exactly this decode (by enrichment or import-vpic) is the VIN's:
                // every VIN of a vehicle names its key, even where other trims agree with a decode that tells none.
                String own = CatalogIdentity.of(decoding)
                        .map(CatalogIdentity::configKey)
                        .orElse(null);
                Optional<Vehicle> exact = found.stream()
                        .filter(vehicle -> vehicle.configKey().equals(own))
                        .findFirst();
                if (exact.isPresent()) {
                    matches.add(List.of(exact.get()));
                    continue;
                }
            }
            found.sort(Lookup.CANDIDATE_ORDER);
            matches.add(List.copyOf(found));
        }
        return matches;
    }

    /** A decoded year, make and model, make and model normalised as the catalog's match columns are. */
    public record ModelOf(int year, String make, String model) {

        static ModelOf of(VinDecoding decoding) {
            return new ModelOf(
                    decoding.modelYear(),
                    VehicleIdentifier.normalize(decoding.make()),
                    VehicleIdentifier.normalize(decoding.model()));
        }
    }

    /** A configuration of a decoded year, make and model, with its normalised trim. */
    public record Candidate(Vehicle vehicle, String trimMatch) {

        /** Whether a decode of this configuration's year, make and model agrees with its trim, engine code and drivetrain. */
        boolean agreesWith(Told told) {
            if (!told.trims().isEmpty() && !told.trims().contains(trimMatch)) {
                return false;
            }
            String engineCode = vehicle.engineCode();
            if (told.engineCode() != null
                    && (engineCode == null || !told.engineCode().equalsIgnoreCase(engineCode))) {
                return false;
            }
            String drivetrain = vehicle.drivetrain();
            return told.drivetrains().isEmpty()
                    || drivetrain == null
                    || told.drivetrains().contains(drivetrain.toLowerCase(Locale.ROOT));
        }
    }

    /** What a decode tells that its model's configurations must agree with, worked out once per decode. */
    private record Told(List<String> trims, String engineCode, List<String> drivetrains) {

        static Told of(VinDecoding decoding) {
            return new Told(
                    CatalogIdentity.trimAlternatives(decoding.trim()),
                    decoding.engineCode() == null ? null : decoding.engineCode().value(),
                    CatalogIdentity.drivetrains(decoding.driveType()));
        }
    }
}
