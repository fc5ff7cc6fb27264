package dev.vspec.harness.synthetic;

import java.math.BigDecimal;

/** The engines of the synthetic catalog; codes start with {@code SE} so that none is a real engine code. */
enum Engine {
    SE15T("1.5", 4, "inline-4", true, 180, 177, "3.7", "0W-20"),
    SE20N("2.0", 4, "inline-4", false, 158, 138, "4.2", "0W-20"),
    SE20T("2.0", 4, "inline-4", true, 252, 273, "5.0", "0W-30"),
    SE25N("2.5", 4, "inline-4", false, 192, 186, "4.8", "0W-16"),
    SE27T("2.7", 6, "V6", true, 325, 400, "5.7", "5W-30"),
    SE35N("3.5", 6, "V6", false, 290, 263, "5.6", "0W-20"),
    SE35T("3.5", 6, "V6", true, 400, 500, "5.7", "5W-30"),
    SE50N("5.0", 8, "V8", false, 400, 410, "7.6", "5W-20");

    final BigDecimal displacementLitres;
    final int cylinders;
    final String layout;
    final boolean turbocharged;
    final int horsepower;
    final int torquePoundFeet;
    final BigDecimal oilLitres;
    final String oilViscosity;

    Engine(
            String displacementLitres,
            int cylinders,
            String layout,
            boolean turbocharged,
            int horsepower,
            int torquePoundFeet,
            String oilLitres,
            String oilViscosity) {
        this.displacementLitres = new BigDecimal(displacementLitres);
        this.cylinders = cylinders;
        this.layout = layout;
        this.turbocharged = turbocharged;
        this.horsepower = horsepower;
        this.torquePoundFeet = torquePoundFeet;
        this.oilLitres = new BigDecimal(oilLitres);
        this.oilViscosity = oilViscosity;
    }

    String code() {
        return name();
    }

    /** e.g. {@code 2.0L I4 turbo}. */
    String describe() {
        String shape = layout.startsWith("inline") ? "I" + cylinders : layout;
        return displacementLitres.toPlainString() + "L " + shape + (turbocharged ? " turbo" : "");
    }
}
