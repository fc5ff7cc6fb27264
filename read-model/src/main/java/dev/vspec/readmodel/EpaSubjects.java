package dev.vspec.readmodel;

import dev.vspec.contracts.epa.EpaSubject;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A configuration as EPA entries are matched against it: its identity, and its engine as its spec sheet states it
 * (displacement in litres, cylinders, electrification) or, where the sheet does not, as a derived engine code names it
 * ({@code 2.0l-i4}, {@code 3.0l-v6-diesel}).
 */
public final class EpaSubjects {

    /** A derived engine code: displacement in litres, layout letter and cylinders. */
    private static final Pattern DERIVED_ENGINE = Pattern.compile("(\\d+(?:\\.\\d+)?)l-[a-z]*?(\\d+)(?:-.*)?");

    private EpaSubjects() {}

    public static EpaSubject of(
            int year,
            String make,
            String model,
            @Nullable String trim,
            @Nullable String engineCode,
            @Nullable String drivetrain,
            List<SpecView> sheet) {
        BigDecimal displacement = decimal(line(sheet, "engine", "displacement", "L"));
        Integer cylinders = integer(line(sheet, "engine", "cylinders", null));
        Matcher derived = engineCode == null ? null : DERIVED_ENGINE.matcher(engineCode.toLowerCase(Locale.ROOT));
        if (derived != null && derived.matches()) {
            displacement = displacement == null ? new BigDecimal(derived.group(1)) : displacement;
            cylinders = cylinders == null ? Integer.valueOf(derived.group(2)) : cylinders;
        }
        return new EpaSubject(
                year,
                make,
                model,
                trim,
                displacement,
                cylinders,
                drivetrain,
                line(sheet, "engine", "electrification", null));
    }

    private static @Nullable String line(List<SpecView> sheet, String section, String name, @Nullable String unit) {
        for (SpecView line : sheet) {
            if (line.section().equals(section)
                    && line.name().equals(name)
                    && (unit == null || unit.equalsIgnoreCase(line.unit()))) {
                return line.value();
            }
        }
        return null;
    }

    private static @Nullable BigDecimal decimal(@Nullable String text) {
        try {
            return text == null ? null : new BigDecimal(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static @Nullable Integer integer(@Nullable String text) {
        BigDecimal value = decimal(text);
        return value == null ? null : value.intValue();
    }
}
