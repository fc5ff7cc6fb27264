package dev.vspec.projections.aliases;

import static dev.vspec.storage.jooq.read.Tables.CONFIG_KEY_ALIAS;

import dev.vspec.contracts.catalog.ConfigKeyAliased;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.readmodel.Provenance;
import dev.vspec.storage.jooq.read.tables.records.ConfigKeyAliasRecord;
import java.time.Instant;
import java.util.List;
import org.jooq.Table;

/** {@code read.config_key_alias}: the keys a configuration also answers to, and which vPIC release derived each. */
public class AliasesProjection implements Projection {

    @Override
    public String name() {
        return "aliases";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(CONFIG_KEY_ALIAS);
    }

    @Override
    public EventHandlers handlers() {
        return EventHandlers.upserting(
                ConfigKeyAliased.class,
                CONFIG_KEY_ALIAS,
                AliasesProjection::row,
                CONFIG_KEY_ALIAS.SOURCE_RANK,
                CONFIG_KEY_ALIAS.ALIAS);
    }

    private static ConfigKeyAliasRecord row(ConfigKeyAliased e, Instant at) {
        Provenance provenance = Provenance.of(e.source(), at);
        return new ConfigKeyAliasRecord(
                e.alias(), e.configKey(), provenance.source(), provenance.rank(), provenance.recordedAt());
    }
}
