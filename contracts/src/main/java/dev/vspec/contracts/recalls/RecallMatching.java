package dev.vspec.contracts.recalls;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;

/**
 * How NHTSA's make and model text meets a vehicle's identity. NHTSA writes its own names in capitals
 * ({@code F-150}, {@code F150 PICKUP}, {@code CR-V}, {@code C 300}), the catalog and vPIC theirs
 * ({@code F-150}, {@code CR-V}, {@code C-Class}): both sides are compared by a key, upper case with everything but
 * letters and digits removed, and for models with a trailing drive or body word NHTSA appends dropped first
 * ({@code F150 PICKUP}, {@code SIERRA 4WD}). A model NHTSA lists under another name than vPIC's (a hybrid as
 * {@code ACCORD HYBRID}, a Mercedes-Benz by its badge) meets only a request that names it so.
 */
public final class RecallMatching {

    /** Words NHTSA appends to a model name that are not part of the model vPIC and the catalog name. */
    private static final Set<String> TRAILING_WORDS =
            Set.of("PICKUP", "TRUCK", "2WD", "4WD", "AWD", "FWD", "RWD", "4X2", "4X4");

    private RecallMatching() {}

    /** {@code MERCEDES-BENZ} and {@code Mercedes-Benz} alike: {@code MERCEDESBENZ}. */
    public static String makeKey(String make) {
        return lettersAndDigits(make.toUpperCase(Locale.ROOT));
    }

    /** {@code F-150}, {@code F150} and {@code F150 PICKUP} alike: {@code F150}. */
    public static String modelKey(String model) {
        String[] words = model.toUpperCase(Locale.ROOT).strip().split("\\s+");
        int kept = words.length;
        while (kept > 1 && TRAILING_WORDS.contains(words[kept - 1])) {
            kept--;
        }
        return lettersAndDigits(String.join("", Arrays.asList(words).subList(0, kept)));
    }

    /** The make's key and the model's, TAB-separated: what a make and model meet by. */
    public static String vehicleKey(String make, String model) {
        return makeKey(make) + "\t" + modelKey(model);
    }

    private static String lettersAndDigits(String text) {
        StringBuilder kept = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
                kept.append(c);
            }
        }
        return kept.toString();
    }
}
