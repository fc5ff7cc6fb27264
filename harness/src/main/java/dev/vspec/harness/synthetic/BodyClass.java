package dev.vspec.harness.synthetic;

import java.util.List;

/** A kind of vehicle: the ranges its dimensions, capacities and tires are drawn from. */
enum BodyClass {
    COMPACT_CAR(
            List.of(Engine.SE15T, Engine.SE20N),
            List.of("FWD", "FWD", "FWD", "AWD"),
            1035,
            1075,
            2750,
            3150,
            120,
            132,
            50,
            65,
            List.of(new Tire("205/55R16", 91, "H"), new Tire("215/50R17", 91, "V"), new Tire("225/40R18", 92, "W")),
            32,
            35),
    MIDSIZE_SEDAN(
            List.of(Engine.SE15T, Engine.SE20T, Engine.SE25N, Engine.SE35N),
            List.of("FWD", "FWD", "AWD"),
            1090,
            1130,
            3150,
            3650,
            140,
            160,
            60,
            80,
            List.of(new Tire("215/55R17", 94, "V"), new Tire("235/45R18", 94, "V"), new Tire("235/40R19", 96, "W")),
            33,
            36),
    COMPACT_SUV(
            List.of(Engine.SE15T, Engine.SE20T, Engine.SE25N),
            List.of("FWD", "AWD", "AWD"),
            1040,
            1070,
            3350,
            3800,
            140,
            155,
            60,
            75,
            List.of(new Tire("225/65R17", 102, "H"), new Tire("235/55R18", 100, "V"), new Tire("235/50R19", 99, "V")),
            33,
            36),
    MIDSIZE_SUV(
            List.of(Engine.SE20T, Engine.SE27T, Engine.SE35N),
            List.of("FWD", "AWD", "AWD"),
            1110,
            1160,
            4000,
            4700,
            180,
            195,
            70,
            95,
            List.of(new Tire("245/60R18", 105, "H"), new Tire("255/55R20", 107, "V")),
            35,
            36),
    PICKUP(
            List.of(Engine.SE27T, Engine.SE35N, Engine.SE35T, Engine.SE50N),
            List.of("RWD", "4WD", "4WD"),
            1280,
            1570,
            4100,
            5200,
            230,
            360,
            110,
            150,
            List.of(new Tire("245/70R17", 110, "T"), new Tire("265/70R17", 115, "T"), new Tire("275/60R20", 115, "T")),
            35,
            42);

    final List<Engine> engines;
    /** Repeated entries make a drivetrain likelier. */
    final List<String> drivetrains;
    /** Wheelbase in tenths of an inch. */
    final int wheelbaseLow;

    final int wheelbaseHigh;
    final int curbWeightLow;
    final int curbWeightHigh;
    /** Fuel tank in tenths of a US gallon. */
    final int tankLow;

    final int tankHigh;
    /** Coolant in tenths of a litre. */
    final int coolantLow;

    final int coolantHigh;
    /** From the base trim's tire up. */
    final List<Tire> tires;

    final int psiLow;
    final int psiHigh;

    BodyClass(
            List<Engine> engines,
            List<String> drivetrains,
            int wheelbaseLow,
            int wheelbaseHigh,
            int curbWeightLow,
            int curbWeightHigh,
            int tankLow,
            int tankHigh,
            int coolantLow,
            int coolantHigh,
            List<Tire> tires,
            int psiLow,
            int psiHigh) {
        this.engines = engines;
        this.drivetrains = drivetrains;
        this.wheelbaseLow = wheelbaseLow;
        this.wheelbaseHigh = wheelbaseHigh;
        this.curbWeightLow = curbWeightLow;
        this.curbWeightHigh = curbWeightHigh;
        this.tankLow = tankLow;
        this.tankHigh = tankHigh;
        this.coolantLow = coolantLow;
        this.coolantHigh = coolantHigh;
        this.tires = tires;
        this.psiLow = psiLow;
        this.psiHigh = psiHigh;
    }

    record Tire(String size, int loadIndex, String speedRating) {}
}
