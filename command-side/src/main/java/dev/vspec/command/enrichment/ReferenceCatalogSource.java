package dev.vspec.command.enrichment;

import dev.vspec.command.catalog.CatalogReader;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.RecordServiceHistory;
import dev.vspec.contracts.identity.Vin;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.core.io.Resource;

/**
 * The reference vendor shipped with vspec: a catalog file in the import format
 * ({@code docs/catalog-format.md}) of configurations the service does not hold until one of their
 * VINs is enriched. The file is read and checked once, when the source is created; it always
 * answers. A VIN's answer links that VIN only, not the configuration's other VINs.
 */
public final class ReferenceCatalogSource implements CatalogSource {

    /** Sample data: model-year carry-overs of sample configurations. */
    public static final String SHIPPED = "classpath:catalog/reference-vendor/catalog.json";

    private final Map<String, CatalogReader.Entry> byVin = new HashMap<>();

    public ReferenceCatalogSource(Resource catalog) {
        new CatalogReader().read(catalog, entry -> entry.vins().forEach(vin -> {
            if (byVin.put(vin, entry) != null) {
                throw new IllegalArgumentException("VIN " + vin + " appears twice in " + catalog.getDescription());
            }
        }));
    }

    @Override
    public Optional<UpstreamConfiguration> findByVin(Vin vin) {
        CatalogReader.Entry entry = byVin.get(vin.value());
        if (entry == null) {
            return Optional.empty();
        }
        List<CatalogCommand> commands = entry.steps().stream()
                .map(step -> step.command().get())
                .filter(command -> aboutThisVin(command, vin))
                .toList();
        return Optional.of(new UpstreamConfiguration(entry.configKey(), commands));
    }

    /** The configuration's commands, and of the per-VIN ones only those of the VIN asked for. */
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
