package dev.vspec.command.enrichment.vendor;

import dev.vspec.command.catalog.CatalogReader;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.RecordServiceHistory;
import dev.vspec.contracts.identity.Vin;
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

    /**
     * The commands of a catalog entry that enriching {@code vin} sends: the configuration's own, and
     * of the per-VIN ones (link, service history) only those of {@code vin}, so asking about one VIN
     * never links or records another; each says it came from {@code source}.
     */
    public static UpstreamConfiguration forVin(CatalogReader.Entry entry, Vin vin, FactSource source) {
        List<CatalogCommand> commands = entry.steps().stream()
                .map(step -> step.commandFrom(source))
                .filter(command -> aboutThisVin(command, vin))
                .toList();
        return new UpstreamConfiguration(entry.configKey(), commands);
    }

    private static boolean aboutThisVin(CatalogCommand command, Vin vin) {
        if (command instanceof LinkVin link) {
            return link.vin().equals(vin.value());
        }
        if (command instanceof RecordServiceHistory history) {
            return history.vin().equals(vin.value());
        }
        return true;
    }
}
