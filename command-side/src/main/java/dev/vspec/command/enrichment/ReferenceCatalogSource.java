package dev.vspec.command.enrichment;

import dev.vspec.command.catalog.CatalogReader;
import dev.vspec.contracts.identity.Vin;
import java.util.HashMap;
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
        return Optional.ofNullable(byVin.get(vin.value())).map(entry -> UpstreamConfiguration.forVin(entry, vin));
    }
}
