package dev.vspec.command.enrichment.vendor;

import dev.vspec.command.catalog.CatalogReader;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.CatalogIdentity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.springframework.core.io.Resource;

/**
 * The reference vendor shipped with vspec: a catalog file in the import format
 * ({@code docs/catalog-format.md}) of configurations the service does not hold until one of their
 * VINs is enriched. The file is read and checked once, when the source is created; it always
 * answers, by VIN or by the identity a VIN decodes as. A VIN's answer links that VIN only, not the
 * configuration's other VINs.
 */
public final class ReferenceCatalogSource implements CatalogSource {

    /** Sample data: model-year carry-overs of sample configurations. */
    public static final String SHIPPED = "classpath:catalog/reference-vendor/catalog.json";
    /** The name its answers' facts carry unless the operator names it. */
    public static final String NAME = "vspec reference vendor (sample data)";

    private final Map<String, CatalogReader.Entry> byVin = new HashMap<>();
    private final List<Known> configurations = new ArrayList<>();
    private final String name;

    public ReferenceCatalogSource(Resource catalog) {
        this(catalog, NAME);
    }

    public ReferenceCatalogSource(Resource catalog, String name) {
        this.name = name;
        new CatalogReader().read(catalog, entry -> {
            entry.vins().forEach(vin -> {
                if (byVin.put(vin, entry) != null) {
                    throw new IllegalArgumentException("VIN " + vin + " appears twice in " + catalog.getDescription());
                }
            });
            entry.steps().stream()
                    .map(step -> step.commandFrom(FactSource.vendor(name, 0)))
                    .filter(RegisterConfiguration.class::isInstance)
                    .map(RegisterConfiguration.class::cast)
                    .findFirst()
                    .ifPresent(identity -> configurations.add(new Known(identity, entry)));
        });
    }

    @Override
    public Optional<UpstreamConfiguration> findByVin(Vin vin) {
        long started = System.nanoTime();
        CatalogReader.Entry entry = byVin.get(vin.value());
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        return Optional.ofNullable(entry)
                .map(found -> UpstreamConfiguration.forVin(found, vin, FactSource.vendor(name, millis)));
    }

    /** The one configuration registered as the decoded identity ({@link CatalogIdentity#isRegisteredAs}). */
    @Override
    public Optional<UpstreamConfiguration> findByIdentity(CatalogIdentity identity, Vin vin) {
        long started = System.nanoTime();
        List<CatalogReader.Entry> matching = configurations.stream()
                .filter(known -> identity.isRegisteredAs(known.identity()))
                .map(Known::entry)
                .toList();
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        return matching.size() == 1
                ? Optional.of(UpstreamConfiguration.forVin(matching.get(0), vin, FactSource.vendor(name, millis)))
                : Optional.empty();
    }

    /** A configuration of the file with the identity it registers. */
    private record Known(RegisterConfiguration identity, CatalogReader.Entry entry) {}
}
