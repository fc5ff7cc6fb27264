package dev.vspec.command.enrichment;

import dev.vspec.command.catalog.CatalogReader;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.identity.Vin;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
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
    /** The name its answers' facts carry unless the operator names it. */
    public static final String NAME = "vspec reference vendor (sample data)";

    private final Map<String, CatalogReader.Entry> byVin = new HashMap<>();
    private final String name;

    public ReferenceCatalogSource(Resource catalog) {
        this(catalog, NAME);
    }

    public ReferenceCatalogSource(Resource catalog, String name) {
        this.name = name;
        new CatalogReader().read(catalog, entry -> entry.vins().forEach(vin -> {
            if (byVin.put(vin, entry) != null) {
                throw new IllegalArgumentException("VIN " + vin + " appears twice in " + catalog.getDescription());
            }
        }));
    }

    @Override
    public Optional<UpstreamConfiguration> findByVin(Vin vin) {
        long started = System.nanoTime();
        CatalogReader.Entry entry = byVin.get(vin.value());
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        return Optional.ofNullable(entry).map(found -> UpstreamConfiguration.forVin(found, vin, FactSource.vendor(name, millis)));
    }
}
