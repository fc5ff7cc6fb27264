package dev.vspec.decoder;

import java.util.Set;

/** A vPIC element (attribute kind): Model, Body Class, Engine Model, ...; with the ids of those vspec reads by name. */
record Element(
        int id,
        String name,
        String code,
        String lookupTable,
        String dataType,
        String decode,
        Integer weight,
        boolean isPrivate) {

    Element {
        lookupTable = blankToNull(lookupTable);
        decode = blankToNull(decode);
    }

    static final int BODY_CLASS = 5;
    static final int CYLINDERS = 9;
    static final int DISPLACEMENT_CC = 11;
    static final int DISPLACEMENT_L = 13;
    static final int DOORS = 14;
    static final int DRIVE_TYPE = 15;
    static final int ENGINE_MODEL = 18;
    static final int FUEL_PRIMARY = 24;
    static final int GVWR = 25;
    static final int MAKE = 26;
    static final int MANUFACTURER = 27;
    static final int MODEL = 28;
    static final int MODEL_YEAR = 29;
    static final int PLANT_CITY = 31;
    static final int SERIES = 34;
    static final int TRIM = 38;
    static final int VEHICLE_TYPE = 39;
    static final int ENGINE_CONFIGURATION = 64;
    static final int FUEL_SECONDARY = 66;
    static final int PLANT_COUNTRY = 75;
    static final int PLANT_STATE = 77;
    static final int ELECTRIFICATION = 126;
    static final int TURBO = 135;
    static final int ENGINE_MANUFACTURER = 146;

    /** Elements the WMI or the model year decides, never a pattern. */
    static final Set<Integer> NOT_FROM_PATTERNS = Set.of(MAKE, MANUFACTURER, MODEL_YEAR, VEHICLE_TYPE);

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }
}
