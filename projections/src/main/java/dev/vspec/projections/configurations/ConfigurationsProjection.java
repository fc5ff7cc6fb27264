package dev.vspec.projections.configurations;

import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;

import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.VehicleNames;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.readmodel.Provenance;
import dev.vspec.storage.jooq.read.tables.records.ConfigurationRecord;
import java.time.Instant;
import java.util.List;
import org.jooq.Table;

/**
 * {@code read.configuration}: a configuration's identity, with the normalized make/model/trim YMMT lookups
 * match on and where the identity came from; a source of lower precedence does not replace it. Make, model
 * and label are written as vspec shows makes and models ({@link VehicleNames}), whatever the source wrote:
 * the event keeps the source's own spelling, and a rebuild writes the same rows.
 */
public class ConfigurationsProjection implements Projection {

    @Override
    public String name() {
        return "configurations";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(CONFIGURATION);
    }

    @Override
    public EventHandlers handlers() {
        return EventHandlers.upserting(
                ConfigurationRegistered.class,
                CONFIGURATION,
                ConfigurationsProjection::row,
                CONFIGURATION.SOURCE_RANK,
                CONFIGURATION.CONFIG_KEY);
    }

    private static ConfigurationRecord row(ConfigurationRegistered e, Instant at) {
        Provenance provenance = Provenance.of(e.source(), at);
        return new ConfigurationRecord(
                e.configKey(),
                e.year(),
                VehicleNames.make(e.make()),
                VehicleNames.model(e.model()),
                e.trim(),
                e.engineCode(),
                e.drivetrain(),
                VehicleNames.label(e.label(), e.make(), e.model()),
                VehicleIdentifier.normalize(e.make()),
                VehicleIdentifier.normalize(e.model()),
                VehicleIdentifier.normalize(e.trim()),
                provenance.source(),
                provenance.rank(),
                provenance.recordedAt());
    }
}
