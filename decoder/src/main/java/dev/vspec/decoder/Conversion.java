package dev.vspec.decoder;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/** A unit conversion between elements (displacement in cc, in cubic inches, in litres). */
record Conversion(int id, int fromElementId, int toElementId, String formula) {

    /**
     * The value converted. vPIC's conversion formulas are {@code #x# * factor} or {@code #x# / divisor}. A value
     * that is not a number converts to nothing: NHTSA's decoder writes 0 there, which would read as a fact.
     */
    String apply(String value) {
        String[] parts = formula.strip().split("\\s+");
        if (parts.length != 3 || !parts[0].equals("#x#")) {
            return null;
        }
        try {
            BigDecimal x = new BigDecimal(value.strip());
            BigDecimal factor = new BigDecimal(parts[2]);
            BigDecimal result = switch (parts[1]) {
                case "*" -> x.multiply(factor);
                case "/" -> factor.signum() == 0 ? null : x.divide(factor, MathContext.DECIMAL64);
                default -> null;
            };
            if (result == null) {
                return null;
            }
            BigDecimal rounded = result.setScale(Math.min(10, Math.max(0, result.scale())), RoundingMode.HALF_UP)
                    .stripTrailingZeros();
            return rounded.scale() < 0 ? rounded.setScale(0).toPlainString() : rounded.toPlainString();
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }
}
