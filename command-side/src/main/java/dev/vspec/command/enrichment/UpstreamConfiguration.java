package dev.vspec.command.enrichment;

import dev.vspec.contracts.catalog.CatalogCommand;
import java.util.List;

/**
 * What an upstream catalog source knows of the configuration a VIN was built as: its config_key
 * and the catalog commands that record it (configuration, data groups, prices, the VIN's link), in
 * the order they must be sent, the same commands a catalog import sends.
 */
public record UpstreamConfiguration(String configKey, List<CatalogCommand> commands) {

    public UpstreamConfiguration {
        commands = List.copyOf(commands);
    }
}
