package dev.vspec.infra.decoding;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Vehicle descriptor patterns: per WMI, a pattern over VIN positions 4-8 ({@code *} matches any
 * character) and a model-year range, mapped to model, trim, engine code, drivetrain and body.
 */
final class VdsPatterns {

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    /** One pattern as the resource writes it; {@code make} overrides the WMI's make (or names it for a shared WMI). */
    record VdsPattern(
            List<String> wmi,
            String vds,
            @JsonProperty("year_from") int yearFrom,
            @JsonProperty("year_to") int yearTo,
            String make,
            String model,
            String trim,
            @JsonProperty("engine_code") String engineCode,
            String drivetrain,
            String body,
            String note) {

        boolean matches(String positions4to8) {
            for (int i = 0; i < vds.length(); i++) {
                if (vds.charAt(i) != '*' && vds.charAt(i) != positions4to8.charAt(i)) {
                    return false;
                }
            }
            return true;
        }

        boolean covers(int year) {
            return year >= yearFrom && year <= yearTo;
        }

        /** Positions the pattern fixes; the more, the more specific. */
        int specificity() {
            return (int) vds.chars().filter(c -> c != '*').count();
        }

        boolean overlaps(VdsPattern other) {
            if (yearFrom > other.yearTo || other.yearFrom > yearTo) {
                return false;
            }
            for (int i = 0; i < vds.length(); i++) {
                char mine = vds.charAt(i);
                char theirs = other.vds.charAt(i);
                if (mine != '*' && theirs != '*' && mine != theirs) {
                    return false;
                }
            }
            return true;
        }
    }

    private record Document(String description, List<VdsPattern> patterns) {
    }

    private final Map<String, List<VdsPattern>> byWmi;
    private final int size;

    private VdsPatterns(List<VdsPattern> patterns) {
        Map<String, List<VdsPattern>> index = new HashMap<>();
        for (VdsPattern pattern : patterns) {
            for (String wmi : pattern.wmi()) {
                index.computeIfAbsent(wmi, w -> new ArrayList<>()).add(pattern);
            }
        }
        index.forEach(VdsPatterns::refuseAmbiguity);
        index.replaceAll((wmi, list) -> List.copyOf(list));
        this.byWmi = Map.copyOf(index);
        this.size = patterns.size();
    }

    static VdsPatterns load(String resource) {
        try (InputStream in = VdsPatterns.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing classpath resource " + resource);
            }
            return of(JSON.readValue(in, Document.class).patterns(), resource);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Validates and indexes patterns; {@code source} names them in error messages. */
    static VdsPatterns of(List<VdsPattern> patterns, String source) {
        patterns.forEach(pattern -> validate(pattern, source));
        return new VdsPatterns(patterns);
    }

    /**
     * The most specific pattern of this WMI that matches positions 4-8 in this model year. A null
     * year (position 10 unreadable) matches across years, but only when that leaves one pattern.
     */
    Optional<VdsPattern> match(String wmi, String positions4to8, Integer year) {
        List<VdsPattern> candidates = byWmi.getOrDefault(wmi, List.of()).stream()
                .filter(pattern -> pattern.matches(positions4to8))
                .filter(pattern -> year == null || pattern.covers(year))
                .sorted(Comparator.comparingInt(VdsPattern::specificity).reversed())
                .toList();
        if (candidates.isEmpty()) {
            return Optional.empty();
        }
        VdsPattern best = candidates.get(0);
        boolean tied = candidates.size() > 1 && candidates.get(1).specificity() == best.specificity();
        return tied ? Optional.empty() : Optional.of(best);
    }

    /** Every WMI the patterns name. */
    Set<String> wmis() {
        return byWmi.keySet();
    }

    int size() {
        return size;
    }

    private static void validate(VdsPattern pattern, String resource) {
        String where = resource + " pattern " + pattern.wmi() + " " + pattern.vds() + ": ";
        if (pattern.wmi() == null || pattern.wmi().isEmpty()
                || !pattern.wmi().stream().allMatch(wmi -> wmi.matches("[A-HJ-NPR-Z0-9]{3}"))) {
            throw new IllegalStateException(where + "wmi must list three-character WMIs");
        }
        if (pattern.vds() == null || !pattern.vds().matches("[A-HJ-NPR-Z0-9*]{5}")) {
            throw new IllegalStateException(where + "vds must be five VIN characters or '*'");
        }
        if (pattern.yearFrom() < 1980 || pattern.yearTo() < pattern.yearFrom()) {
            throw new IllegalStateException(where + "year range must start in 1980 or later and not end before it starts");
        }
        if (blank(pattern.model())) {
            throw new IllegalStateException(where + "model is required");
        }
        for (String optional : new String[] {pattern.make(), pattern.trim(), pattern.engineCode(), pattern.drivetrain(),
                pattern.body()}) {
            if (optional != null && optional.isBlank()) {
                throw new IllegalStateException(where + "an optional field is given but blank");
            }
        }
    }

    /** Two patterns that could both match one VIN with the same specificity would make the answer depend on file order. */
    private static void refuseAmbiguity(String wmi, List<VdsPattern> patterns) {
        for (int i = 0; i < patterns.size(); i++) {
            for (int j = i + 1; j < patterns.size(); j++) {
                VdsPattern a = patterns.get(i);
                VdsPattern b = patterns.get(j);
                if (a.specificity() == b.specificity() && a.overlaps(b)) {
                    throw new IllegalStateException("VDS patterns " + a.vds() + " and " + b.vds() + " of WMI " + wmi
                            + " overlap with equal specificity in model years "
                            + Math.max(a.yearFrom(), b.yearFrom()) + "-" + Math.min(a.yearTo(), b.yearTo()));
                }
            }
        }
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }
}
