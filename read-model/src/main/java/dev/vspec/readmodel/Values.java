package dev.vspec.readmodel;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The checks and rounding the read tables' columns used to apply, now that groups are stored as
 * documents: a value the model cannot show fails the event (the projection rejects it) instead of
 * rendering something the API never answered.
 */
final class Values {

    private Values() {}

    static <T> T required(T value, String what) {
        if (value == null) {
            throw new IllegalArgumentException(what + " is missing");
        }
        return value;
    }

    /**
     * A decimal with two places, rounded half away from zero (as PostgreSQL's {@code NUMERIC(p, 2)}
     * stores it), at most {@code integerDigits} digits before the point; null stays null.
     */
    static BigDecimal amount(BigDecimal value, int integerDigits, String what) {
        if (value == null) {
            return null;
        }
        BigDecimal scaled = value.setScale(2, RoundingMode.HALF_UP);
        if (scaled.precision() - scaled.scale() > integerDigits) {
            throw new IllegalArgumentException(what + " " + value.toPlainString() + " has more than " + integerDigits
                    + " digits before the decimal point");
        }
        return scaled;
    }
}
