package dev.vspec.infra.decoding;

import dev.vspec.contracts.identity.Vin;
import dev.vspec.infra.decoding.VdsPatterns.VdsPattern;
import dev.vspec.infra.decoding.WmiTable.Manufacturer;
import java.time.Clock;
import java.time.Year;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * vspec's built-in VIN decoder: check digit (49 CFR 565.15), manufacturer from the WMI table,
 * model year from position 10 with the position-7 rule, plant and serial, and model, trim, engine
 * code, drivetrain and body from the VDS pattern table. Plain Java, thread-safe, no I/O after
 * construction.
 */
public final class VinDecoder {

    static final String WMI_RESOURCE = "decoding/wmi.csv";
    static final String VDS_RESOURCE = "decoding/vds-patterns.json";

    /** Position 10 codes in cycle order: A = 1980 (and 2010), ..., Y = 2000 (2030), 1 = 2001 (2031), ..., 9 = 2009 (2039). */
    private static final String MODEL_YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";
    private static final int FIRST_CYCLE_START = 1980;
    private static final int CYCLE = 30;

    private final WmiTable wmis;
    private final VdsPatterns patterns;
    private final Clock clock;

    VinDecoder(WmiTable wmis, VdsPatterns patterns, Clock clock) {
        for (String wmi : patterns.wmis()) {
            if (!wmis.contains(wmi)) {
                throw new IllegalStateException("a VDS pattern names WMI " + wmi + ", which the WMI table does not list");
            }
        }
        this.wmis = wmis;
        this.patterns = patterns;
        this.clock = clock;
    }

    /** The decoder over the tables shipped in this module, loaded once per JVM. */
    public static VinDecoder standard() {
        return Standard.INSTANCE;
    }

    private static final class Standard {
        static final VinDecoder INSTANCE = new VinDecoder(
                WmiTable.load(WMI_RESOURCE), VdsPatterns.load(VDS_RESOURCE), Clock.systemUTC());
    }

    public VinDecoding decode(Vin vin) {
        String value = vin.value();
        String wmi = vin.wmi();
        String vds = value.substring(3, 8);
        List<DecodeWarning> warnings = new ArrayList<>();

        VinDecoding.CheckDigit checkDigit = checkDigit(vin, warnings);
        Optional<Manufacturer> manufacturer = wmis.find(wmi);
        if (manufacturer.isEmpty()) {
            warnings.add(new DecodeWarning(DecodeWarning.UNKNOWN_WMI, "WMI " + wmi
                    + " (positions 1-3) is not in the decoder's table: manufacturer, make, model and engine code are unknown"));
        }
        YearReading year = readModelYear(value, wmi, vds, manufacturer, warnings);
        Optional<VdsPattern> pattern = year.pattern();
        if (manufacturer.isPresent() && pattern.isEmpty()) {
            warnings.add(new DecodeWarning(DecodeWarning.UNKNOWN_VDS, "No descriptor pattern of WMI " + wmi
                    + " matches positions 4-8 '" + vds + "'"
                    + (year.year() == null ? "" : " in model year " + year.year())
                    + ": model, trim, engine code and drivetrain are unknown"));
        }

        String make = pattern.map(VdsPattern::make).orElse(null);
        if (make == null) {
            make = manufacturer.map(Manufacturer::make).orElse(null);
        }
        return new VinDecoding(
                value,
                checkDigit,
                wmi,
                vds,
                value.substring(9),
                manufacturer.map(Manufacturer::name).orElse(null),
                make,
                manufacturer.map(Manufacturer::country).orElse(null),
                manufacturer.map(Manufacturer::vehicleType).orElse(null),
                year.year(),
                pattern.map(VdsPattern::model).orElse(null),
                pattern.map(VdsPattern::trim).orElse(null),
                pattern.map(VdsPattern::engineCode).orElse(null),
                pattern.map(VdsPattern::drivetrain).orElse(null),
                pattern.map(VdsPattern::body).orElse(null),
                value.substring(10, 11),
                value.substring(11),
                warnings);
    }

    /** Size of the WMI table. */
    public int wmiCount() {
        return wmis.size();
    }

    /** Number of VDS patterns. */
    public int vdsPatternCount() {
        return patterns.size();
    }

    private static VinDecoding.CheckDigit checkDigit(Vin vin, List<DecodeWarning> warnings) {
        String expected = String.valueOf(vin.expectedCheckDigit());
        if (vin.hasValidCheckDigit()) {
            return new VinDecoding.CheckDigit(true, expected, null);
        }
        String corrected = vin.withCorrectCheckDigit().value();
        warnings.add(new DecodeWarning(DecodeWarning.CHECK_DIGIT_MISMATCH, "Position 9 is '" + vin.value().charAt(8)
                + "' but 49 CFR 565.15 computes '" + expected + "' from the other positions: some character was misread"
                + " or mistyped, or the check digit itself is wrong; if only the check digit is wrong, the VIN is "
                + corrected));
        return new VinDecoding.CheckDigit(false, expected, corrected);
    }

    private record YearReading(Integer year, Optional<VdsPattern> pattern) {
    }

    /**
     * Position 10 names a model year, but its 30 codes repeat every 30 years. 49 CFR 565.15 settles
     * which cycle for passenger cars, MPVs and trucks up to 10,000 lb GVWR: a digit in position 7 means
     * 1980-2009, a letter means 2010-2039. Vehicles the rule does not cover (buses, heavy trucks,
     * motorcycles, incomplete vehicles) and VINs of vehicles built for markets outside North America
     * (European VINs need not encode the year at all) still get this North American reading, with an
     * {@code ambiguous_model_year} warning. Where the VDS pattern table knows the descriptor only in
     * the other cycle, the table wins, again with the warning.
     */
    private YearReading readModelYear(String value, String wmi, String vds, Optional<Manufacturer> manufacturer,
            List<DecodeWarning> warnings) {
        char code = value.charAt(9);
        int index = MODEL_YEAR_CODES.indexOf(code);
        if (index < 0) {
            warnings.add(new DecodeWarning(DecodeWarning.UNKNOWN_MODEL_YEAR, "Position 10 is '" + code
                    + "', which is not a model-year code (0, U and Z are never used there): the model year is unknown"));
            return new YearReading(null, patterns.match(wmi, vds, null));
        }
        int earlier = FIRST_CYCLE_START + index;
        int later = earlier + CYCLE;
        boolean letterAt7 = Character.isLetter(value.charAt(6));
        int byRule = letterAt7 ? later : earlier;
        int other = letterAt7 ? earlier : later;
        String rule = "position 7 is " + (letterAt7 ? "a letter" : "a digit") + ", so the position-7 rule of 49 CFR 565.15"
                + " reads position 10 '" + code + "' as " + byRule;

        Optional<VdsPattern> pattern = patterns.match(wmi, vds, byRule);
        if (pattern.isPresent()) {
            return new YearReading(byRule, pattern);
        }
        Optional<VdsPattern> otherCycle = patterns.match(wmi, vds, other);
        if (otherCycle.isPresent()) {
            warnings.add(new DecodeWarning(DecodeWarning.AMBIGUOUS_MODEL_YEAR, capitalized(rule) + ", but descriptor '"
                    + vds + "' of WMI " + wmi + " is known only for " + otherCycle.get().yearFrom() + "-"
                    + otherCycle.get().yearTo() + ": read as " + other));
            return new YearReading(other, otherCycle);
        }

        int latest = Year.now(clock).getValue() + 1;
        if (byRule > latest) {
            warnings.add(new DecodeWarning(DecodeWarning.AMBIGUOUS_MODEL_YEAR, capitalized(rule)
                    + ", a model year not built yet: read as " + other));
            return new YearReading(other, Optional.empty());
        }
        if (other <= latest) {
            if (manufacturer.isPresent() && !manufacturer.get().followsPosition7Rule()) {
                warnings.add(new DecodeWarning(DecodeWarning.AMBIGUOUS_MODEL_YEAR, capitalized(rule)
                        + ", but the rule covers passenger cars, MPVs and light trucks, not this WMI's "
                        + manufacturer.get().vehicleType().replace('_', ' ') + ": it may also be " + other));
            } else if (!northAmerican(wmi, manufacturer)) {
                warnings.add(new DecodeWarning(DecodeWarning.AMBIGUOUS_MODEL_YEAR, capitalized(rule)
                        + " (the North American reading); a VIN of a vehicle built for another market need not follow"
                        + " the rule or encode the year at all: it may also be " + other));
            }
        }
        return new YearReading(byRule, Optional.empty());
    }

    /** By the WMI table's country, or for an unknown WMI by position 1 (1-5 are North American). */
    private static boolean northAmerican(String wmi, Optional<Manufacturer> manufacturer) {
        return manufacturer.map(Manufacturer::northAmerican).orElse("12345".indexOf(wmi.charAt(0)) >= 0);
    }

    private static String capitalized(String text) {
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
