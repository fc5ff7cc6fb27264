package dev.vspec.harness.synthetic;

import dev.vspec.contracts.identity.Vin;
import java.util.Locale;

/**
 * The VINs of the synthetic catalog: WMI {@code SYN}, a VDS drawn from the configuration, a valid
 * check digit (49 CFR 565.15), the configuration's model-year code at position 10, and the VIN's
 * index in positions 11-17, so no two are alike. Position 7 is a letter, as the regulation asks
 * of model years 2010-2039.
 */
final class SyntheticVins {

    /** The 33 characters a VIN may use. */
    static final String ALPHABET = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ";
    /** Position 10 for model years 2010-2039. */
    static final String YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";

    static final int FIRST_CODED_YEAR = 2010;
    static final long SERIALS_PER_PLANT = 1_000_000;
    static final long MAX_VINS = SERIALS_PER_PLANT * ALPHABET.length();

    private static final String PLANTS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
    private static final String TRIM_LETTERS = "ABCD";

    private SyntheticVins() {}

    static String vin(long index, SyntheticConfiguration configuration) {
        if (index < 0 || index >= MAX_VINS) {
            throw new IllegalArgumentException("a synthetic VIN index is 0 to " + (MAX_VINS - 1) + "; got " + index);
        }
        int model = configuration.model % (ALPHABET.length() * ALPHABET.length() * ALPHABET.length());
        StringBuilder vin = new StringBuilder(Vin.LENGTH)
                .append(SyntheticCatalog.WMI)
                .append(ALPHABET.charAt(model / (ALPHABET.length() * ALPHABET.length())))
                .append(ALPHABET.charAt(model / ALPHABET.length() % ALPHABET.length()))
                .append(ALPHABET.charAt(model % ALPHABET.length()))
                .append(TRIM_LETTERS.charAt(configuration.trimSlot))
                .append(ALPHABET.charAt(configuration.engine.ordinal()))
                .append('?')
                .append(yearCode(configuration.year))
                .append(PLANTS.charAt((int) (index / SERIALS_PER_PLANT)))
                .append(String.format(Locale.ROOT, "%06d", index % SERIALS_PER_PLANT));
        vin.setCharAt(8, Vin.checkDigitOf(vin.toString()));
        return vin.toString();
    }

    static char yearCode(int year) {
        if (year < FIRST_CODED_YEAR || year >= FIRST_CODED_YEAR + YEAR_CODES.length()) {
            throw new IllegalArgumentException("no model-year code for " + year + " in this cycle");
        }
        return YEAR_CODES.charAt(year - FIRST_CODED_YEAR);
    }
}
