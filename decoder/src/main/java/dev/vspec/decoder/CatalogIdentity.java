package dev.vspec.decoder;

import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.identity.ConfigKey;
import dev.vspec.contracts.identity.VehicleIdentifier;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The catalog identity a decoded VIN names: year, make, model, trim, engine code and drivetrain, as a
 * configuration built from vPIC is registered, and how a decode's trim and drive type compare with a
 * catalog's. The identity depends only on what the VIN's patterns decode to, never on the VIN's serial
 * number, so every VIN of one vehicle names the same {@code config_key}; and only on texts a new vPIC
 * release rewrites at most in case, spacing or punctuation, which the key's slug ignores.
 *
 * <p>Make and model are vPIC's own spelling ("HONDA"), which the configuration's registration records as
 * its source says it; the read model shows them as every make and model is shown
 * ({@link dev.vspec.contracts.identity.VehicleNames}).
 *
 * <p>vPIC writes a trim as alternatives where one VIN pattern covers several ("L/LE/SE/XLE/XSE",
 * "S, SE, R-Line", "LT (1LT)"), and a drive type with its synonyms ("4WD/4-Wheel Drive/4x4").
 *
 * @param trim       vPIC's Trim, else its Series, else {@value #NO_TRIM}; whitespace folded
 * @param drivetrain FWD, RWD, AWD, 4WD or 4X2 where vPIC decodes a drive type, else null
 */
public record CatalogIdentity(int year, String make, String model, String trim, String engineCode, String drivetrain) {

    /** The trim of a configuration whose VINs decode neither a trim nor a series. */
    public static final String NO_TRIM = "Base";

    /**
     * The identity of a decoded VIN, or empty when the decode does not tell year, make and model, or no
     * engine code resolves (the specification's 422 {@code unsupported_vehicle}).
     */
    public static Optional<CatalogIdentity> of(VinDecoding decoding) {
        if (!decoding.identifiesModel() || decoding.engineCode() == null) {
            return Optional.empty();
        }
        String trim = folded(decoding.trim());
        if (trim == null) {
            trim = folded(decoding.series());
        }
        List<String> drivetrains = drivetrains(decoding.driveType());
        return Optional.of(new CatalogIdentity(
                decoding.modelYear(),
                folded(decoding.vpicMake()),
                folded(decoding.vpicModel()),
                trim == null ? NO_TRIM : trim,
                decoding.engineCode().value(),
                drivetrains.isEmpty() ? null : drivetrains.get(0).toUpperCase(Locale.ROOT)));
    }

    public String configKey() {
        return ConfigKey.of(year, make, model, trim, engineCode, drivetrain).value();
    }

    /**
     * Whether a catalog configuration registered as {@code configuration} is this vehicle: the same year,
     * make, model, trim and engine code however written ({@link ConfigKey#sameSlug}), and the same
     * drivetrain where both name one (a catalog may tell a drivetrain vPIC does not decode).
     */
    public boolean isRegisteredAs(RegisterConfiguration configuration) {
        return configuration.year() == year
                && ConfigKey.sameSlug(configuration.make(), make)
                && ConfigKey.sameSlug(configuration.model(), model)
                && ConfigKey.sameSlug(configuration.trim(), trim)
                && ConfigKey.sameSlug(configuration.engineCode(), engineCode)
                && (configuration.drivetrain() == null
                        || drivetrain == null
                        || ConfigKey.sameSlug(configuration.drivetrain(), drivetrain));
    }

    /** "2003 HONDA Accord EX-V6 J30A4 FWD". */
    public String label() {
        return year + " " + make + " " + model + " " + trim + " " + engineCode
                + (drivetrain == null ? "" : " " + drivetrain);
    }

    /**
     * The normalised trims a decoded trim allows: the whole text (a configuration built from vPIC
     * carries it as its trim), each alternative, and each without what follows '(' or '+'.
     */
    public static List<String> trimAlternatives(String trim) {
        if (trim == null || trim.isBlank()) {
            return List.of();
        }
        Set<String> alternatives = new LinkedHashSet<>();
        add(alternatives, trim);
        for (String part : trim.split("[/,]")) {
            add(alternatives, part);
            add(alternatives, part.split("[(+]", 2)[0]);
        }
        return List.copyOf(alternatives);
    }

    /** The lower-case drivetrain names a decoded drive type means (fwd, rwd, awd, 4wd and 4x4, 4x2 and 2wd). */
    public static List<String> drivetrains(String driveType) {
        if (driveType == null || driveType.isBlank()) {
            return List.of();
        }
        String text = driveType.toLowerCase(Locale.ROOT);
        if (text.startsWith("fwd") || text.contains("front-wheel")) {
            return List.of("fwd");
        }
        if (text.startsWith("rwd") || text.contains("rear-wheel")) {
            return List.of("rwd");
        }
        if (text.startsWith("awd") || text.contains("all-wheel")) {
            return List.of("awd");
        }
        if (text.startsWith("4wd") || text.contains("4x4") || text.contains("4-wheel")) {
            return List.of("4wd", "4x4");
        }
        if (text.startsWith("4x2") || text.startsWith("2wd")) {
            return List.of("4x2", "2wd");
        }
        return List.of();
    }

    private static String folded(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        return text.strip().replaceAll("\\s+", " ");
    }

    private static void add(Set<String> alternatives, String text) {
        String normalized = VehicleIdentifier.normalize(text);
        if (!normalized.isEmpty()) {
            alternatives.add(normalized);
        }
    }
}
