package dev.vspec.decoder;

import java.util.Locale;

/** One row of vPIC's {@code wmi} table, as a release holds it; the code is kept upper-case and stripped. */
record WmiRow(
        int id,
        String code,
        Integer manufacturerId,
        Integer makeId,
        Integer vehicleTypeId,
        Integer truckTypeId,
        Integer countryId,
        Long publicFromMicros) {

    WmiRow {
        code = code.strip().toUpperCase(Locale.ROOT);
    }
}
