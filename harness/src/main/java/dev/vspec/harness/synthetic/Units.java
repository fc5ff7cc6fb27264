package dev.vspec.harness.synthetic;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** The unit conversions of the catalog, rounded the way the sample catalog rounds them. */
final class Units {

    private static final BigDecimal QUARTS_PER_LITRE = new BigDecimal("1.05669");
    private static final BigDecimal KPA_PER_PSI = new BigDecimal("6.89476");
    private static final BigDecimal KW_PER_HP = new BigDecimal("0.745700");
    private static final BigDecimal NM_PER_LB_FT = new BigDecimal("1.355818");
    private static final BigDecimal MM_PER_INCH = new BigDecimal("25.4");
    private static final BigDecimal KG_PER_LB = new BigDecimal("0.45359237");
    private static final BigDecimal LITRES_PER_GALLON = new BigDecimal("3.785411784");

    private Units() {}

    static BigDecimal usQuarts(BigDecimal litres) {
        return litres.multiply(QUARTS_PER_LITRE).setScale(1, RoundingMode.HALF_UP);
    }

    static int kpa(int psi) {
        return whole(BigDecimal.valueOf(psi).multiply(KPA_PER_PSI));
    }

    /** Maintenance schedules in this catalog use 1 mile = 1.6 km, as the manufacturers' own tables do. */
    static int kilometres(int miles) {
        return miles * 16 / 10;
    }

    static int kilowatts(int horsepower) {
        return whole(BigDecimal.valueOf(horsepower).multiply(KW_PER_HP));
    }

    static int newtonMetres(int poundFeet) {
        return whole(BigDecimal.valueOf(poundFeet).multiply(NM_PER_LB_FT));
    }

    static int millimetres(BigDecimal inches) {
        return whole(inches.multiply(MM_PER_INCH));
    }

    static int kilograms(int pounds) {
        return whole(BigDecimal.valueOf(pounds).multiply(KG_PER_LB));
    }

    static BigDecimal litres(BigDecimal gallons) {
        return gallons.multiply(LITRES_PER_GALLON).setScale(1, RoundingMode.HALF_UP);
    }

    private static int whole(BigDecimal value) {
        return value.setScale(0, RoundingMode.HALF_UP).intValueExact();
    }
}
