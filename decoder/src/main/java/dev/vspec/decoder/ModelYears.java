package dev.vspec.decoder;

import dev.vspec.decoder.VpicIndex.SchemaLink;
import dev.vspec.decoder.VpicIndex.Wmi;

/**
 * The model year of position 10, by NHTSA's {@code fVinModelYear2} and the choice {@code spVinDecode}
 * makes with it. Position 10's 30 codes repeat every 30 years (A is 1980 and 2010). 49 CFR 565.15 settles
 * the cycle for passenger cars, MPVs and light trucks: a digit in position 7 means 1980-2009, a letter
 * 2010-2039. For every other vehicle (motorcycles, buses, heavy trucks, trailers) the year stays open and
 * both candidates are decoded. A year later than two years from now shifts back 30 years.
 */
final class ModelYears {

    /** Years of more than this many years from now are not built yet. */
    static final int YEARS_AHEAD = 2;

    static final int FIRST_YEAR = 1980;
    private static final int CYCLE = 30;
    /** Position 10's codes by (year - 1980) % 30. */
    private static final String CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";

    private ModelYears() {}

    /**
     * The candidate years: {@code year} (null when position 10 is no year code), and {@code other} (null
     * when the rule settled it) when the year stays open.
     */
    record Reading(Integer year, Integer other, boolean conclusive) {}

    /** The position-10 code of a model year from 1980 on. */
    static char code(int year) {
        if (year < FIRST_YEAR) {
            throw new IllegalArgumentException("model years start in " + FIRST_YEAR + "; got " + year);
        }
        return CODES.charAt((year - FIRST_YEAR) % CYCLE);
    }

    /** Whether a character can stand in position 10 (not I, O, Q, U, Z or 0). */
    static boolean isYearCode(char c) {
        return (c >= '1' && c <= '9') || (c >= 'A' && c <= 'Y' && "IOQUZ".indexOf(c) < 0);
    }

    /** The year of the later cycle (2010-2039) a position-10 code names, or null. */
    static Integer laterCycle(char c) {
        if (!isYearCode(c)) {
            return null;
        }
        if (c >= '1' && c <= '9') {
            return 2031 + (c - '1');
        }
        int skipped = c > 'I' ? 1 : 0;
        skipped += c > 'O' ? 1 : 0;
        skipped += c > 'Q' ? 1 : 0;
        skipped += c > 'U' ? 1 : 0;
        return 2010 + (c - 'A') - skipped;
    }

    /**
     * Reads position 10 as {@code spVinDecode} does, for a VIN of {@code wmi} (null when unknown), in
     * {@code currentYear}.
     */
    static Reading read(String vin, Wmi wmi, int currentYear) {
        if (vin.length() < 10) {
            return new Reading(null, null, false);
        }
        Integer later = laterCycle(vin.charAt(9));
        if (later == null) {
            return new Reading(null, null, true);
        }
        int year = later;
        boolean conclusive = false;
        if (wmi != null && wmi.carMpvOrLightTruck() && vin.length() >= 7) {
            char position7 = vin.charAt(6);
            if (position7 >= '0' && position7 <= '9') {
                year -= CYCLE;
                conclusive = true;
            } else if (position7 >= 'A' && position7 <= 'Z') {
                conclusive = true;
            }
        }
        int limit = currentYear + YEARS_AHEAD;
        if (year > limit) {
            year -= CYCLE;
            conclusive = true;
        }
        if (!conclusive) {
            return new Reading(year, year - CYCLE, false);
        }
        // A settled year the WMI has no schema for, when the other cycle has some, is read in the other cycle.
        Integer alternative = year <= limit - CYCLE && year >= FIRST_YEAR
                ? Integer.valueOf(year + CYCLE)
                : year >= FIRST_YEAR + CYCLE && year <= limit ? Integer.valueOf(year - CYCLE) : null;
        if (alternative != null && wmi != null && !hasSchemas(wmi, year) && hasSchemas(wmi, alternative)) {
            year = alternative;
        }
        return new Reading(year, null, true);
    }

    private static boolean hasSchemas(Wmi wmi, int year) {
        for (SchemaLink link : wmi.links()) {
            if (link.covers(year)) {
                return true;
            }
        }
        return false;
    }
}
