package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.ConfigurationIdentity;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.LaborTime;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.ServiceInterval;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.TireFitment;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.identity.ConfigKey;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a catalog value must look like, in the catalog's own field names. The aggregates check every
 * command against these rules; the catalog reader checks a whole file against the same rules before
 * anything is sent, so a bad file is refused as a whole. Each rule reports to its {@link Problems}.
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
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
    /** Earliest time zone on Earth: a visit dated today there has already happened somewhere. */
    private static final ZoneOffset EARLIEST_ZONE = ZoneOffset.ofHours(14);

    private CatalogRules() {}

    /** Checks the identity of a configuration and answers the config_key derived from it. */
    static String identity(ConfigurationIdentity c, Problems problems) {
        if (c.year() < MIN_YEAR || c.year() > MAX_YEAR) {
            problems.report("year must be between " + MIN_YEAR + " and " + MAX_YEAR + "; got " + c.year());
        }
        problems.notBlank("make", c.make())
                .notBlank("model", c.model())
                .notBlank("trim", c.trim())
                .notBlank("engine_code", c.engineCode())
                .notBlankIfGiven("drivetrain", c.drivetrain())
                .notBlank("label", c.label());
        try {
            return ConfigKey.of(c.year(), c.make(), c.model(), c.trim(), c.engineCode(), c.drivetrain())
                    .value();
        } catch (ApiException e) {
            throw problems.refusal("make, model, trim, engine_code and drivetrain must each contain a letter or digit");
        }
    }

    /** A registration's identity, under the config_key derived from it. */
    static void check(RegisterConfiguration c, Problems problems) {
        String derived = identity(c, problems);
        if (!derived.equals(c.configKey())) {
            problems.report("config_key must be " + derived
                    + " (derived from year, make, model, trim, engine_code, drivetrain); got " + c.configKey());
        }
    }

    /**
     * A source a catalog file states for its facts (kind and name are the {@link FactSource}'s own rules): what an
     * export writes of a source, so that the facts are recorded again as they were.
     */
    static void source(FactSource s, Problems problems) {
        problems.notBlankIfGiven("version", s.version()).notNegativeIfGiven("response_millis", s.responseMillis());
        if (s.sha256() != null) {
            problems.matches("sha256", s.sha256(), SHA256, "a SHA-256 in lower-case hex (64 characters)");
        }
    }

    /** Another config_key that answers for the configuration {@code configKey}. */
    static void alias(String alias, String configKey, Problems problems) {
        if (!ConfigKey.isWellFormed(alias)) {
            problems.report("an alias is a config_key (a lowercase slug such as 2019-honda-civic-lx-k20c2-fwd); got "
                    + (alias == null ? "nothing" : "'" + alias + "'"));
        }
        if (alias.equals(configKey)) {
            problems.report(alias + " is the configuration's own config_key, not an alias");
        }
    }

    static void check(Fluid f, Problems problems) {
        problems.notBlank("type", f.type())
                .notBlank("specification", f.specification())
                .notNegative("capacity_litres", f.capacityLitres())
                .notNegative("capacity_us_quarts", f.capacityUsQuarts())
                .notBlankIfGiven("notes", f.notes());
    }

    static void check(SpecItem s, Problems problems) {
        problems.notBlank("section", s.section())
                .notBlank("name", s.name())
                .notBlank("value", s.value())
                .notBlankIfGiven("unit", s.unit());
    }

    static void check(TireFitment t, Problems problems) {
        problems.oneOf("axle", t.axle(), AXLES, "front, rear or both")
                .notBlank("size", t.size())
                .positive("load_index", t.loadIndex())
                .notBlank("speed_rating", t.speedRating())
                .positive("pressure_kpa", t.pressureKpa())
                .positive("pressure_psi", t.pressurePsi());
    }

    static void check(ServiceInterval i, Problems problems) {
        problems.oneOf("schedule", i.schedule(), SCHEDULES, "normal or severe")
                .notBlank("service", i.service())
                .notBlank("description", i.description())
                .positiveIfGiven("miles", i.miles())
                .positiveIfGiven("kilometres", i.kilometres())
                .positiveIfGiven("months", i.months());
        if (i.miles() == null && i.kilometres() == null && i.months() == null) {
            problems.report("give at least one of miles, kilometres, months");
        }
    }

    static void check(Part p, Problems problems) {
        problems.notBlank("part_number", p.partNumber())
                .notBlank("name", p.name())
                .notBlank("category", p.category())
                .notBlank("brand", p.brand())
                .positive("quantity", p.quantity())
                .notBlankIfGiven("service", p.service());
    }

    static void check(LaborTime l, Problems problems) {
        problems.notBlank("operation", l.operation())
                .notBlank("description", l.description())
                .notNegative("hours", l.hours());
    }

    static void price(String partNumber, BigDecimal amount, String currency, LocalDate asOf, Problems problems) {
        problems.notBlank("part_number", partNumber).notNegative("amount", amount);
        if (amount.stripTrailingZeros().scale() > 2) {
            problems.report("amount has at most 2 decimals; got " + amount.toPlainString());
        }
        problems.matches("currency", currency, CURRENCY, "3 upper-case letters (ISO 4217), e.g. USD")
                .required("as_of", asOf);
    }

    static void image(String contentType, long size, Problems problems) {
        problems.matches("content_type", contentType, IMAGE_TYPE, "an image type such as image/png");
        if (size <= 0) {
            problems.report("the image is empty");
        }
        if (size > MAX_IMAGE_BYTES) {
            problems.report("an image is at most 1 MiB (" + MAX_IMAGE_BYTES + " bytes); got " + size + " bytes");
        }
    }

    /** The latest date a service visit may carry: today's date where the day starts first. */
    static LocalDate latestServiceDate() {
        return LocalDate.now(EARLIEST_ZONE);
    }

    /** A VIN's service history: each visit on its own, listed oldest first, the odometer never going back. */
    static void serviceHistory(List<ServiceRecord> visits, LocalDate latest, Problems problems) {
        problems.each(visits, (visit, at) -> visit(visit, latest, at));
        for (int i = 1; i < visits.size(); i++) {
            order(visits.get(i - 1), visits.get(i), problems.item(i));
        }
    }

    /**
     * One visit. Only structured values pass: a date, odometer readings, a kind of workshop from a fixed
     * list and service codes, so nothing personal or free-form can be recorded.
     */
    private static void visit(ServiceRecord r, LocalDate latest, Problems problems) {
        LocalDate on = r.performedOn();
        problems.required("performed_on", on);
        if (on.isBefore(FIRST_SERVICE_DATE)) {
            problems.report("performed_on must not be before " + FIRST_SERVICE_DATE + "; got " + on);
        }
        if (on.isAfter(latest)) {
            problems.report("performed_on must not be in the future; got " + on);
        }
        problems.notNegativeIfGiven("odometer_miles", r.odometerMiles())
                .notNegativeIfGiven("odometer_km", r.odometerKm());
        if (r.odometerMiles() == null && r.odometerKm() == null) {
            problems.report("give at least one of odometer_miles, odometer_km");
        }
        if (r.odometerMiles() != null && r.odometerKm() != null && !unitsAgree(r.odometerMiles(), r.odometerKm())) {
            problems.report("odometer_miles " + r.odometerMiles() + " is " + Math.round(r.odometerMiles() * KM_PER_MILE)
                    + " km, more than 3% away from odometer_km " + r.odometerKm());
        }
        problems.oneOf("performed_by", r.performedBy(), PERFORMERS, "dealer, independent, fleet or owner");
        services(r.services(), problems);
    }

    private static void order(ServiceRecord previous, ServiceRecord next, Problems problems) {
        if (next.performedOn().isBefore(previous.performedOn())) {
            problems.report("performed_on " + next.performedOn() + " is before the previous visit's "
                    + previous.performedOn() + "; list visits oldest first");
        }
        if (compareOdometers(next, previous) < 0) {
            problems.report("the odometer went back from " + odometer(previous) + " at the previous visit to "
                    + odometer(next));
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

    private static void services(List<String> services, Problems problems) {
        if (services == null || services.isEmpty()) {
            problems.report("services must list at least one service code");
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < services.size(); i++) {
            String code = services.get(i);
            problems.matches(
                    "services[" + i + "]",
                    code,
                    SERVICE_CODE,
                    "a lower_snake_case service code such as engine_oil_change (a-z, 0-9 and _, 2-64 characters)");
            if (!seen.add(code)) {
                problems.report("services[" + i + "]: " + code + " is listed twice");
            }
        }
        int length = String.join(",", services).length();
        if (length > MAX_SERVICES_LENGTH) {
            problems.report(
                    "services of one visit are at most " + MAX_SERVICES_LENGTH + " characters together; got " + length);
        }
    }
}
