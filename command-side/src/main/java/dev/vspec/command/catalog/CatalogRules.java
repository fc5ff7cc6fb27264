package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.LaborTime;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.ServiceInterval;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.TireFitment;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.ConfigKey;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * What a catalog value must look like. The aggregates enforce these rules on every command; the
 * catalog importer applies the same rules to a whole file before it sends anything, so a bad
 * file is refused as a whole. Each check answers a problem in the catalog's own field names, or
 * null when the value is fine.
 */
final class CatalogRules {

    static final int MIN_YEAR = 1900;
    static final int MAX_YEAR = 2100;
    static final int MAX_IMAGE_BYTES = 1024 * 1024;
    static final Set<String> SCHEDULES = Set.of("normal", "severe");
    static final Set<String> AXLES = Set.of("front", "rear", "both");

    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");
    private static final Pattern IMAGE_TYPE = Pattern.compile("image/[a-z0-9][a-z0-9.+-]*");

    private CatalogRules() {
    }

    static ApiException refusal(String message) {
        return new ApiException(ErrorCode.INVALID_PARAM, message);
    }

    /** Refuses the first item of a group that breaks its rule, naming it as {@code group[index]}. */
    static <T> void requireEach(String group, List<T> items, Function<T, String> rule) {
        if (items == null) {
            throw refusal(group + " must be a list (empty for none)");
        }
        for (int i = 0; i < items.size(); i++) {
            T item = items.get(i);
            String problem = item == null ? "must not be null" : rule.apply(item);
            if (problem != null) {
                throw refusal(group + "[" + i + "]: " + problem);
            }
        }
    }

    /** Checks the identity fields of a configuration; when they pass, {@link #derivedKey} is safe to call. */
    static String problemWithIdentity(int year, String make, String model, String trim, String engineCode,
                                      String drivetrain, String label) {
        if (year < MIN_YEAR || year > MAX_YEAR) {
            return "year must be between " + MIN_YEAR + " and " + MAX_YEAR + "; got " + year;
        }
        String problem = firstProblem(
                blank("make", make), blank("model", model), blank("trim", trim),
                blank("engine_code", engineCode), blankIfPresent("drivetrain", drivetrain), blank("label", label));
        if (problem != null) {
            return problem;
        }
        try {
            derivedKey(year, make, model, trim, engineCode, drivetrain);
            return null;
        } catch (ApiException e) {
            return "make, model, trim, engine_code and drivetrain must each contain a letter or digit";
        }
    }

    static String derivedKey(int year, String make, String model, String trim, String engineCode, String drivetrain) {
        return ConfigKey.of(year, make, model, trim, engineCode, drivetrain).value();
    }

    static String problemWithIdentity(RegisterConfiguration c) {
        String problem = problemWithIdentity(c.year(), c.make(), c.model(), c.trim(), c.engineCode(), c.drivetrain(),
                c.label());
        if (problem != null) {
            return problem;
        }
        String derived = derivedKey(c.year(), c.make(), c.model(), c.trim(), c.engineCode(), c.drivetrain());
        if (!derived.equals(c.configKey())) {
            return "config_key must be " + derived
                    + " (derived from year, make, model, trim, engine_code, drivetrain); got " + c.configKey();
        }
        return null;
    }

    static String problemWith(Fluid f) {
        return firstProblem(
                blank("type", f.type()),
                blank("specification", f.specification()),
                notNegative("capacity_litres", f.capacityLitres()),
                notNegative("capacity_us_quarts", f.capacityUsQuarts()),
                blankIfPresent("notes", f.notes()));
    }

    static String problemWith(SpecItem s) {
        return firstProblem(
                blank("section", s.section()), blank("name", s.name()), blank("value", s.value()),
                blankIfPresent("unit", s.unit()));
    }

    static String problemWith(TireFitment t) {
        if (t.axle() == null || !AXLES.contains(t.axle())) {
            return "axle must be front, rear or both; got " + quoted(t.axle());
        }
        return firstProblem(
                blank("size", t.size()),
                positive("load_index", t.loadIndex()),
                blank("speed_rating", t.speedRating()),
                positive("pressure_kpa", t.pressureKpa()),
                positive("pressure_psi", t.pressurePsi()));
    }

    static String problemWith(ServiceInterval i) {
        if (i.schedule() == null || !SCHEDULES.contains(i.schedule())) {
            return "schedule must be normal or severe; got " + quoted(i.schedule());
        }
        String problem = firstProblem(
                blank("service", i.service()), blank("description", i.description()),
                positiveIfPresent("miles", i.miles()), positiveIfPresent("kilometres", i.kilometres()),
                positiveIfPresent("months", i.months()));
        if (problem == null && i.miles() == null && i.kilometres() == null && i.months() == null) {
            return "give at least one of miles, kilometres, months";
        }
        return problem;
    }

    static String problemWith(Part p) {
        return firstProblem(
                blank("part_number", p.partNumber()), blank("name", p.name()),
                blank("category", p.category()), blank("brand", p.brand()),
                positive("quantity", p.quantity()), blankIfPresent("service", p.service()));
    }

    static String problemWith(LaborTime l) {
        return firstProblem(
                blank("operation", l.operation()), blank("description", l.description()),
                notNegative("hours", l.hours()));
    }

    static String problemWithPrice(String partNumber, BigDecimal amount, String currency, LocalDate asOf) {
        String problem = firstProblem(blank("part_number", partNumber), notNegative("amount", amount));
        if (problem != null) {
            return problem;
        }
        if (amount.stripTrailingZeros().scale() > 2) {
            return "amount has at most 2 decimals; got " + amount.toPlainString();
        }
        if (currency == null || !CURRENCY.matcher(currency).matches()) {
            return "currency must be 3 upper-case letters (ISO 4217), e.g. USD; got " + quoted(currency);
        }
        return asOf == null ? "as_of must be a date (YYYY-MM-DD)" : null;
    }

    static String problemWithImage(String contentType, long size) {
        if (contentType == null || !IMAGE_TYPE.matcher(contentType).matches()) {
            return "content_type must be an image type such as image/png; got " + quoted(contentType);
        }
        if (size <= 0) {
            return "the image is empty";
        }
        if (size > MAX_IMAGE_BYTES) {
            return "an image is at most 1 MiB (" + MAX_IMAGE_BYTES + " bytes); got " + size + " bytes";
        }
        return null;
    }

    private static String firstProblem(String... problems) {
        for (String problem : problems) {
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    private static String blank(String field, String value) {
        return value == null || value.isBlank() ? field + " must not be blank" : null;
    }

    private static String blankIfPresent(String field, String value) {
        return value != null && value.isBlank() ? field + " must be left out or not blank" : null;
    }

    private static String notNegative(String field, BigDecimal value) {
        if (value == null) {
            return field + " is required";
        }
        return value.signum() < 0 ? field + " must not be negative; got " + value.toPlainString() : null;
    }

    private static String positive(String field, int value) {
        return value <= 0 ? field + " must be positive; got " + value : null;
    }

    private static String positiveIfPresent(String field, Integer value) {
        return value != null && value <= 0 ? field + " must be positive; got " + value : null;
    }

    private static String quoted(String value) {
        return value == null ? "nothing" : "'" + value + "'";
    }
}
