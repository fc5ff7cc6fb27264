package dev.vspec.contracts.epa;

import dev.vspec.contracts.recalls.RecallMatching;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which EPA entries are a configuration (docs/fuel-economy.md states this rule for operators):
 * <ol>
 *   <li>the same model year and make (compared as {@link RecallMatching#makeKey} compares makes);
 *   <li>the same model: the EPA's base model, or the leading words of its model text ({@code F150 Pickup 4WD} is an
 *       {@code F-150}, {@code Model 3 Long Range AWD} a {@code Model 3}), compared by letters and digits alone, unless
 *       the base model names a longer model ({@code Mustang Mach-E} is not a {@code Mustang});
 *   <li>where both sides know it, the same displacement (within 0.05 L; an electric vehicle has none), the same
 *       number of cylinders and a drive that agrees ({@code 4WD} is the EPA's 4-wheel, part-time 4-wheel or
 *       "4-wheel or all-wheel" drive);
 *   <li>then, where they leave several and would leave at least one: the hybrids when the subject is electrified,
 *       the others when it is not known to be; and the entries whose model text names the subject's trim.
 * </ol>
 */
public final class EpaMatching {

    private static final BigDecimal DISPLACEMENT_TOLERANCE = new BigDecimal("0.05");

    private EpaMatching() {}

    /** How many entries a subject met. */
    public enum Outcome {
        NONE,
        ONE,
        SEVERAL
    }

    /** The entries a subject matched, in the order given. */
    public record Match(List<EpaEntry> entries) {

        public Match {
            entries = List.copyOf(entries);
        }

        public Outcome outcome() {
            return entries.isEmpty() ? Outcome.NONE : entries.size() == 1 ? Outcome.ONE : Outcome.SEVERAL;
        }
    }

    /** The entries of {@code candidates} that are the subject (candidates of other years or makes are passed over). */
    public static Match match(EpaSubject subject, List<EpaEntry> candidates) {
        List<EpaEntry> kept = agreeing(subject, candidates);
        kept = preferring(kept, entry -> entry.vehicle().isHybrid() == electrified(subject));
        if (subject.trim() != null) {
            kept = preferring(kept, entry -> namesTrim(entry.vehicle().model(), subject.trim()));
        }
        return new Match(kept);
    }

    /** The entries that rules 1 to 3 keep, without the preferences of rule 4. */
    public static List<EpaEntry> agreeing(EpaSubject subject, List<EpaEntry> candidates) {
        List<EpaEntry> kept = new ArrayList<>();
        for (EpaEntry candidate : candidates) {
            if (isModel(subject, candidate.vehicle()) && agreesOnEngineAndDrive(subject, candidate.vehicle())) {
                kept.add(candidate);
            }
        }
        return kept;
    }

    /** Whether the entry is the subject's year, make and model (rules 1 and 2). */
    public static boolean isModel(EpaSubject subject, EpaVehicle entry) {
        return entry.year() == subject.year()
                && RecallMatching.makeKey(entry.make()).equals(RecallMatching.makeKey(subject.make()))
                && namesModel(entry, key(subject.model()));
    }

    private static boolean namesModel(EpaVehicle entry, String model) {
        if (model.isEmpty()) {
            return false;
        }
        if (entry.baseModel() != null) {
            String base = key(entry.baseModel());
            if (base.equals(model)) {
                return true;
            }
            if (base.startsWith(model)) {
                return false;
            }
        }
        String[] words = entry.model().strip().split("\\s+");
        for (int count = 1; count <= words.length; count++) {
            if (key(String.join("", Arrays.asList(words).subList(0, count))).equals(model)) {
                return true;
            }
        }
        return false;
    }

    private static boolean agreesOnEngineAndDrive(EpaSubject subject, EpaVehicle entry) {
        if (subject.displacementL() != null) {
            if (entry.displacementL() == null
                    || subject.displacementL()
                                    .subtract(entry.displacementL())
                                    .abs()
                                    .compareTo(DISPLACEMENT_TOLERANCE)
                            > 0) {
                return false;
            }
        }
        if (subject.cylinders() != null
                && entry.cylinders() != null
                && !subject.cylinders().equals(entry.cylinders())) {
            return false;
        }
        return subject.drivetrain() == null
                || entry.drive() == null
                || drivesAgree(subject.drivetrain(), entry.drive());
    }

    /** Whether a drivetrain ({@code FWD}, {@code 4WD}, ...) is the drive the EPA wrote ({@code Front-Wheel Drive}). */
    static boolean drivesAgree(String drivetrain, String epaDrive) {
        String drive = epaDrive.toLowerCase(Locale.ROOT);
        return switch (drivetrain.toUpperCase(Locale.ROOT)) {
            case "FWD" -> drive.startsWith("front");
            case "RWD" -> drive.startsWith("rear");
            case "AWD" -> drive.contains("all-wheel");
            case "4WD", "4X4" -> drive.contains("4-wheel");
            case "4X2", "2WD" -> drive.startsWith("2-wheel") || drive.startsWith("front") || drive.startsWith("rear");
            default -> true;
        };
    }

    private static boolean electrified(EpaSubject subject) {
        String level = subject.electrification();
        return level != null && level.toUpperCase(Locale.ROOT).matches(".*(HEV|HYBRID).*");
    }

    /** Whether every word of the trim ({@code Sport}, {@code EX-L}) is a word of the EPA's model text. */
    static boolean namesTrim(String epaModel, String trim) {
        Set<String> words = Set.of(words(epaModel));
        String[] trimWords = words(trim);
        return trimWords.length > 0 && words.containsAll(Arrays.asList(trimWords));
    }

    private static String[] words(String text) {
        return Arrays.stream(text.toUpperCase(Locale.ROOT).split("[^A-Z0-9.]+"))
                .filter(word -> !word.isEmpty())
                .toArray(String[]::new);
    }

    /** The entries the test keeps, when it keeps some; else all of them. */
    private static List<EpaEntry> preferring(List<EpaEntry> entries, Predicate<EpaEntry> test) {
        if (entries.size() < 2) {
            return entries;
        }
        List<EpaEntry> kept = entries.stream().filter(test).toList();
        return kept.isEmpty() ? entries : kept;
    }

    private static String key(String text) {
        return RecallMatching.makeKey(text);
    }
}
