package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.LaborTime;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.ServiceInterval;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.TireFitment;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.ConfigKey;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashSet;
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
    static final Set<String> PERFORMERS = Set.of("dealer", "independent", "fleet", "owner");
    /** 17-character VINs, and with them histories keyed by VIN, start with model year 1981. */
    static final LocalDate FIRST_SERVICE_DATE = LocalDate.of(1981, 1, 1);
    static final double KM_PER_MILE = 1.609344;
    static final int MAX_SERVICES_LENGTH = 500;

    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");
    private static final Pattern IMAGE_TYPE = Pattern.compile("image/[a-z0-9][a-z0-9.+-]*");
    private static final Pattern SERVICE_CODE = Pattern.compile("[a-z][a-z0-9_]{1,63}");
    /** Earliest time zone on Earth: a visit dated today there has already happened somewhere. */
    private static final ZoneOffset EARLIEST_ZONE = ZoneOffset.ofHours(14);

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

    /** The latest date a service visit may carry: today's date where the day starts first. */
    static LocalDate latestServiceDate() {
        return LocalDate.now(EARLIEST_ZONE);
    }

    /**
     * Checks one visit of a service history. Only structured values pass: a date, odometer
     * readings, a kind of workshop from a fixed list and service codes, so nothing personal or
     * free-form can be recorded.
     */
    static String problemWith(ServiceRecord r, LocalDate latest) {
        LocalDate on = r.performedOn();
        if (on == null) {
            return "performed_on must be a date (YYYY-MM-DD)";
        }
        if (on.isBefore(FIRST_SERVICE_DATE)) {
            return "performed_on must not be before " + FIRST_SERVICE_DATE + "; got " + on;
        }
        if (on.isAfter(latest)) {
            return "performed_on must not be in the future; got " + on;
        }
        String problem = firstProblem(notNegative("odometer_miles", r.odometerMiles()),
                notNegative("odometer_km", r.odometerKm()));
        if (problem != null) {
            return problem;
        }
        if (r.odometerMiles() == null && r.odometerKm() == null) {
            return "give at least one of odometer_miles, odometer_km";
        }
        if (r.odometerMiles() != null && r.odometerKm() != null && !unitsAgree(r.odometerMiles(), r.odometerKm())) {
            return "odometer_miles " + r.odometerMiles() + " is " + Math.round(r.odometerMiles() * KM_PER_MILE)
                    + " km, more than 3% away from odometer_km " + r.odometerKm();
        }
        if (r.performedBy() == null || !PERFORMERS.contains(r.performedBy())) {
            return "performed_by must be dealer, independent, fleet or owner; got " + quoted(r.performedBy());
        }
        return problemWithServices(r.services());
    }

    /** Visits are listed oldest first, and the odometer never goes back. */
    static String problemWithOrder(ServiceRecord previous, ServiceRecord next) {
        if (next.performedOn().isBefore(previous.performedOn())) {
            return "performed_on " + next.performedOn() + " is before the previous visit's " + previous.performedOn()
                    + "; list visits oldest first";
        }
        if (compareOdometers(next, previous) < 0) {
            return "the odometer went back from " + odometer(previous) + " at the previous visit to " + odometer(next);
        }
        return null;
    }

    /** Refuses a service history that breaks a rule, naming the visit as {@code service_history[index]}. */
    static void requireServiceHistory(List<ServiceRecord> records, LocalDate latest) {
        requireEach("service_history", records, r -> problemWith(r, latest));
        for (int i = 1; i < records.size(); i++) {
            String problem = problemWithOrder(records.get(i - 1), records.get(i));
            if (problem != null) {
                throw refusal("service_history[" + i + "]: " + problem);
            }
        }
    }

    /** Whole-number readings: 3% apart at most, or 1 km, which rounding alone can cause on a new car. */
    private static boolean unitsAgree(int miles, int km) {
        double expected = miles * KM_PER_MILE;
        return Math.abs(km - expected) <= Math.max(expected * 0.03, 1.0);
    }

    /** In a unit both readings give, else in kilometres. */
    private static int compareOdometers(ServiceRecord a, ServiceRecord b) {
        if (a.odometerMiles() != null && b.odometerMiles() != null) {
            return Integer.compare(a.odometerMiles(), b.odometerMiles());
        }
        if (a.odometerKm() != null && b.odometerKm() != null) {
            return Integer.compare(a.odometerKm(), b.odometerKm());
        }
        return Long.compare(kilometres(a), kilometres(b));
    }

    private static long kilometres(ServiceRecord r) {
        return r.odometerKm() != null ? r.odometerKm() : Math.round(r.odometerMiles() * KM_PER_MILE);
    }

    private static String odometer(ServiceRecord r) {
        return r.odometerMiles() != null ? r.odometerMiles() + " miles" : r.odometerKm() + " km";
    }

    private static String problemWithServices(List<String> services) {
        if (services == null || services.isEmpty()) {
            return "services must list at least one service code";
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < services.size(); i++) {
            String code = services.get(i);
            if (code == null || !SERVICE_CODE.matcher(code).matches()) {
                return "services[" + i + "] must be a lower_snake_case service code such as engine_oil_change"
                        + " (a-z, 0-9 and _, 2-64 characters); got " + quoted(code);
            }
            if (!seen.add(code)) {
                return "services[" + i + "]: " + code + " is listed twice";
            }
        }
        int length = String.join(",", services).length();
        if (length > MAX_SERVICES_LENGTH) {
            return "services of one visit are at most " + MAX_SERVICES_LENGTH + " characters together; got " + length;
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

    private static String notNegative(String field, Integer value) {
        return value != null && value < 0 ? field + " must not be negative; got " + value : null;
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
