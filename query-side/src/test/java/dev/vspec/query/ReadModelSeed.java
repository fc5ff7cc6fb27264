package dev.vspec.query;

import static dev.vspec.infra.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.infra.jooq.read.Tables.FLUID;
import static dev.vspec.infra.jooq.read.Tables.VIN;

import dev.vspec.contracts.identity.VehicleIdentifier;
import java.math.BigDecimal;
import org.jooq.DSLContext;

/**
 * Rows the projections would have written, put straight into the read tables: the query side only
 * reads them. Idempotent, so every test class of the shared context can call it.
 */
public final class ReadModelSeed {

    public static final String CIVIC_LX = "2019-honda-civic-lx-k20c2-fwd";
    public static final String CIVIC_LX_LABEL = "2019 Honda Civic LX 2.0L K20C2";
    public static final String CIVIC_SPORT = "2019-honda-civic-sport-k20c2-fwd";
    public static final String CIVIC_SPORT_LABEL = "2019 Honda Civic Sport 2.0L K20C2";
    public static final String CIVIC_EX = "2019-honda-civic-ex-l15b7-fwd";
    public static final String CIVIC_EX_LABEL = "2019 Honda Civic EX 1.5L Turbo L15B7";
    /** Two XLT configs share a label, so the key decides their order. */
    public static final String F150_XLT_27_4X4 = "2019-ford-f-150-xlt-ecoboost27-4x4";
    public static final String F150_XLT_27_4X2 = "2019-ford-f-150-xlt-ecoboost27-4x2";
    public static final String F150_XLT_27_LABEL = "2019 Ford F-150 XLT 2.7L EcoBoost V6";
    public static final String F150_XLT_50 = "2019-ford-f-150-xlt-coyote50-4x4";
    public static final String F150_XLT_50_LABEL = "2019 Ford F-150 XLT 5.0L V8 4x4";
    public static final String RANGE_ROVER = "2020-land-rover-range-rover-sport-hse-pt306";
    public static final String RANGE_ROVER_LABEL = "2020 Land Rover Range Rover Sport HSE 3.0L PT306";

    public static final String CIVIC_LX_VIN = "2HGFC2F59KH500001";
    public static final String RANGE_ROVER_VIN = "SALWR2SE4LA700001";

    private ReadModelSeed() {
    }

    public static void seed(DSLContext db) {
        // Inserted out of label order, so the answers' order comes from the service.
        configuration(db, CIVIC_SPORT, 2019, "Honda", "Civic", "Sport", "K20C2", "FWD", CIVIC_SPORT_LABEL);
        configuration(db, CIVIC_LX, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", CIVIC_LX_LABEL);
        configuration(db, CIVIC_EX, 2019, "Honda", "Civic", "EX", "L15B7", "FWD", CIVIC_EX_LABEL);
        configuration(db, F150_XLT_50, 2019, "Ford", "F-150", "XLT", "Coyote50", "4x4", F150_XLT_50_LABEL);
        configuration(db, F150_XLT_27_4X4, 2019, "Ford", "F-150", "XLT", "EcoBoost27", "4x4", F150_XLT_27_LABEL);
        configuration(db, F150_XLT_27_4X2, 2019, "Ford", "F-150", "XLT", "EcoBoost27", "4x2", F150_XLT_27_LABEL);
        configuration(db, RANGE_ROVER, 2020, "Land Rover", "Range Rover Sport", "HSE", "PT306", null, RANGE_ROVER_LABEL);

        vin(db, CIVIC_LX_VIN, CIVIC_LX);
        vin(db, RANGE_ROVER_VIN, RANGE_ROVER);

        // Positions inserted out of order: the route answers them in recorded order.
        fluid(db, CIVIC_LX, 2, "coolant", "Honda Type 2 Long Life Coolant", "6.10", "6.45", null);
        fluid(db, CIVIC_LX, 1, "engine_oil", "SAE 0W-20, API SN", "4.40", "4.65", "With filter change");
        fluid(db, CIVIC_LX, 3, "transmission", "Honda HCF-2 CVT fluid", null, null, "Drain and fill only");
        fluid(db, RANGE_ROVER, 1, "engine_oil", "SAE 0W-20, JLR STJLR.03.5007", "7.00", "7.40", null);
    }

    private static void configuration(DSLContext db, String key, int year, String make, String model, String trim,
            String engineCode, String drivetrain, String label) {
        db.insertInto(CONFIGURATION)
                .set(CONFIGURATION.CONFIG_KEY, key)
                .set(CONFIGURATION.YEAR, year)
                .set(CONFIGURATION.MAKE, make)
                .set(CONFIGURATION.MODEL, model)
                .set(CONFIGURATION.TRIM, trim)
                .set(CONFIGURATION.ENGINE_CODE, engineCode)
                .set(CONFIGURATION.DRIVETRAIN, drivetrain)
                .set(CONFIGURATION.LABEL, label)
                .set(CONFIGURATION.MAKE_MATCH, VehicleIdentifier.normalize(make))
                .set(CONFIGURATION.MODEL_MATCH, VehicleIdentifier.normalize(model))
                .set(CONFIGURATION.TRIM_MATCH, VehicleIdentifier.normalize(trim))
                .onConflictDoNothing()
                .execute();
    }

    private static void vin(DSLContext db, String vin, String key) {
        db.insertInto(VIN).set(VIN.VIN_, vin).set(VIN.CONFIG_KEY, key).onConflictDoNothing().execute();
    }

    private static void fluid(DSLContext db, String key, int position, String type, String specification,
            String litres, String quarts, String notes) {
        db.insertInto(FLUID)
                .set(FLUID.CONFIG_KEY, key)
                .set(FLUID.POSITION, position)
                .set(FLUID.FLUID_TYPE, type)
                .set(FLUID.SPECIFICATION, specification)
                .set(FLUID.CAPACITY_LITRES, litres == null ? null : new BigDecimal(litres))
                .set(FLUID.CAPACITY_US_QUARTS, quarts == null ? null : new BigDecimal(quarts))
                .set(FLUID.NOTES, notes)
                .onConflictDoNothing()
                .execute();
    }
}
