package dev.vspec.command.enrichment;

import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.storage.jooq.read.Tables.VIN;

import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.readmodel.Provenance;
import dev.vspec.storage.jooq.read.tables.records.ConfigurationRecord;
import dev.vspec.storage.jooq.read.tables.records.VinRecord;
import java.time.Instant;
import org.jooq.DSLContext;

/** Read rows the projections would have written for catalog events; the command side's tests run no projections. */
final class ReadRows {

    private ReadRows() {}

    static void configuration(DSLContext db, RegisterConfiguration c) {
        Provenance provenance = Provenance.of(c.source(), Instant.now());
        db.insertInto(CONFIGURATION)
                .set(new ConfigurationRecord(
                        c.configKey(),
                        c.year(),
                        c.make(),
                        c.model(),
                        c.trim(),
                        c.engineCode(),
                        c.drivetrain(),
                        c.label(),
                        VehicleIdentifier.normalize(c.make()),
                        VehicleIdentifier.normalize(c.model()),
                        VehicleIdentifier.normalize(c.trim()),
                        provenance.source(),
                        provenance.rank(),
                        provenance.recordedAt()))
                .onConflictDoNothing()
                .execute();
    }

    static void vin(DSLContext db, String vin, String configKey, FactSource source) {
        Provenance provenance = Provenance.of(source, Instant.now());
        db.insertInto(VIN)
                .set(new VinRecord(vin, configKey, provenance.source(), provenance.rank(), provenance.recordedAt()))
                .onConflictDoNothing()
                .execute();
    }
}
