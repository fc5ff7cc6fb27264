package dev.vspec.testing;

import dev.vspec.contracts.epa.EpaSource;
import dev.vspec.contracts.epa.EpaVehicle;
import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * Entries of the EPA's fuel-economy file for tests: real rows of the shared samples (under command-side's test
 * resources), each with the one figure a test changes to make a newer version of it, and the shape of an entry a test
 * makes up for a model the samples lack.
 */
public final class EpaEntries {

    /** The EPA's id of the 2018 Honda Accord 2.0T Sport/Touring. */
    public static final int ACCORD_SPORT = 39751;
    /** The EPA's id of the 2021 Tesla Model 3 Long Range AWD. */
    public static final int MODEL_3_LONG_RANGE = 43401;

    private EpaEntries() {}

    /** The file the original-format sample is: its name, SHA-256 and data date. */
    public static EpaSource sampleFile() {
        return new EpaSource(
                "epa-vehicles-sample-original-format.csv",
                "2c9d8fa937c7bb1b0a9fbf87d66b99c9bca4b75a42a06e9d4a5f67f6ca05c8ad",
                LocalDate.of(2023, 10, 19));
    }

    /** A file of this data date, its SHA-256 the digit repeated (the tests' stand-in for another release). */
    public static EpaSource file(String name, char digit, LocalDate dataDate) {
        return new EpaSource(name, String.valueOf(digit).repeat(64), dataDate);
    }

    /** Entry 39751 as the sample states it, with this combined MPG (26 in the sample). */
    public static EpaVehicle accordSport(int combinedMpg) {
        return new EpaVehicle(
                2018,
                "Honda",
                "Accord 2.0T Sport/Touring",
                "Accord",
                new BigDecimal("2.0"),
                4,
                "Front-Wheel Drive",
                "Automatic 10-spd",
                "SIDI",
                "Midsize Cars",
                "Regular Gasoline",
                null,
                null,
                22,
                32,
                combinedMpg,
                null,
                null,
                null,
                345,
                null,
                true,
                false,
                false,
                null,
                LocalDate.of(2019, 3, 13));
    }

    /** Entry 43401 as the sample states it, with this range (353 miles in the sample). */
    public static EpaVehicle model3LongRange(int rangeMiles) {
        return new EpaVehicle(
                2021,
                "Tesla",
                "Model 3 Long Range AWD",
                "Model 3",
                null,
                null,
                "All-Wheel Drive",
                "Automatic (A1)",
                null,
                "Midsize Cars",
                "Electricity",
                null,
                "EV",
                141,
                127,
                134,
                null,
                null,
                null,
                0,
                rangeMiles,
                false,
                false,
                false,
                null,
                LocalDate.of(2021, 3, 23));
    }

    /** A gasoline entry of the shape the EPA's are, for a model the samples lack. */
    public static EpaVehicle gasoline(
            int year,
            String make,
            String model,
            String baseModel,
            String displacement,
            int cylinders,
            String drive,
            String transmission,
            int cityMpg,
            int highwayMpg,
            int combinedMpg) {
        return new EpaVehicle(
                year,
                make,
                model,
                baseModel,
                new BigDecimal(displacement),
                cylinders,
                drive,
                transmission,
                "SIDI",
                null,
                "Regular Gasoline",
                null,
                null,
                cityMpg,
                highwayMpg,
                combinedMpg,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }
}
