package dev.vspec.query.vehicle;

import dev.vspec.contracts.identity.VehicleIdentifier;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * How a decoded trim and drive type compare with a catalog's: vPIC writes a trim as alternatives where one
 * VIN pattern covers several ("L/LE/SE/XLE/XSE", "S, SE, R-Line", "LT (1LT)"), and a drive type with its
 * synonyms ("4WD/4-Wheel Drive/4x4").
 */
final class DecodedIdentity {

    private DecodedIdentity() {
    }

    /** The normalised trims a decoded trim allows: each alternative, and each without what follows '(' or '+'. */
    static List<String> trimAlternatives(String trim) {
        if (trim == null || trim.isBlank()) {
            return List.of();
        }
        Set<String> alternatives = new LinkedHashSet<>();
        for (String part : trim.split("[/,]")) {
            add(alternatives, part);
            add(alternatives, part.split("[(+]", 2)[0]);
        }
        return List.copyOf(alternatives);
    }

    /** The lower-case drivetrain names a decoded drive type means (fwd, rwd, awd, 4wd and 4x4, 4x2 and 2wd). */
    static List<String> drivetrains(String driveType) {
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

    private static void add(Set<String> alternatives, String text) {
        String normalized = VehicleIdentifier.normalize(text);
        if (!normalized.isEmpty()) {
            alternatives.add(normalized);
        }
    }
}
