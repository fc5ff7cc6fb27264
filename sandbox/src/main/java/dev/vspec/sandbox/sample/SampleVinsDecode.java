package dev.vspec.sandbox.sample;

import static dev.vspec.storage.jooq.read.Tables.VIN;

import dev.vspec.contracts.identity.Vin;
import dev.vspec.query.decode.DecodeScope;
import org.jooq.DSLContext;
import org.springframework.stereotype.Component;

/**
 * The sandbox decodes its sample VINs alone (the VINs of schema {@code sample}): it shows the decode
 * routes' answers for a reference vehicle; it is no keyless VIN decoder. Any other VIN is 404, with the
 * VINs it does answer for listed under {@code available}.
 */
@Component
class SampleVinsDecode implements DecodeScope {

    private final DSLContext db;

    /** Takes the schema so that it is built before anything here reads it. */
    SampleVinsDecode(DSLContext db, SampleSchema schema) {
        this.db = db;
    }

    @Override
    public boolean covers(Vin vin) {
        return db.fetchExists(VIN, VIN.VIN_.eq(vin.value()));
    }

    @Override
    public boolean coversPartial(String partialVin) {
        // a partial VIN's '*' is LIKE's '_'; it holds nothing else LIKE reads
        return db.fetchExists(VIN, VIN.VIN_.like(partialVin.replace('*', '_')));
    }

    @Override
    public boolean coversWmi(String wmi) {
        String pattern = wmi.length() == 6 ? wmi.substring(0, 3) + "________" + wmi.substring(3) + "___" : wmi + "%";
        return db.fetchExists(VIN, VIN.VIN_.like(pattern));
    }

    @Override
    public String outOfScope() {
        return "The sandbox decodes its sample VINs only (listed under available); the live API (/api) decodes any VIN";
    }
}
