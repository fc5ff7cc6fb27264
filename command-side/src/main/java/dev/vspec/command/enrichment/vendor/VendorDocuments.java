package dev.vspec.command.enrichment.vendor;

import dev.vspec.command.catalog.CatalogImportException;
import dev.vspec.command.catalog.CatalogReader;
import dev.vspec.command.enrichment.vendor.CatalogSource.UpstreamRefused;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.CatalogIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads the catalog vendor's 200 answers ({@code docs/vendor-contract.md}): a catalog document with
 * exactly one configuration, checked by the catalog reader as it checks an import, about what was
 * asked. By VIN, the service history is sanitized first ({@link ServiceRecordSanitizer}) and only the
 * VIN asked for is linked; by identity, the VIN list and histories are dropped unread (they are other
 * VINs') and the configuration must be the identity asked for. Anything else is refused, and a
 * refusal's message never repeats the answer, which may hold anything.
 */
final class VendorDocuments {

    private static final Logger log = LoggerFactory.getLogger(VendorDocuments.class);

    private final CatalogReader reader = new CatalogReader();
    private final ServiceRecordSanitizer sanitizer = new ServiceRecordSanitizer();

    /** The answer about {@code vin}, named {@code subject} in logs. */
    UpstreamConfiguration aboutVin(String subject, Vin vin, byte[] body, FactSource source) {
        CatalogReader.Entry entry = readDocument(subject, body, configuration -> sanitize(configuration, vin));
        if (!entry.vins().contains(vin.value())) {
            throw refused(subject, "the configuration it describes does not list VIN " + vin);
        }
        return UpstreamConfiguration.forVin(entry, vin, source);
    }

    /** The answer about {@code identity}, asked for {@code vin}'s enrichment: it links no VIN and records no history. */
    UpstreamConfiguration aboutIdentity(
            String subject, CatalogIdentity identity, Vin vin, byte[] body, FactSource source) {
        CatalogReader.Entry entry =
                readDocument(subject, body, configuration -> dropPerVinData(subject, configuration));
        UpstreamConfiguration configuration = UpstreamConfiguration.forVin(entry, vin, source);
        boolean theOneAsked = configuration.commands().stream()
                .filter(RegisterConfiguration.class::isInstance)
                .map(RegisterConfiguration.class::cast)
                .anyMatch(identity::isRegisteredAs);
        if (!theOneAsked) {
            throw refused(subject, "the configuration it describes is not the one asked for");
        }
        return configuration;
    }

    /** A refusal of the answer about {@code subject}, logged; {@code why} must not quote the answer. */
    static UpstreamRefused refused(String subject, String why) {
        log.warn("Catalog vendor: answer for {} refused: {}", subject, why);
        return new UpstreamRefused(why);
    }

    /**
     * The contract's document with exactly one configuration, made ready by {@code prepare} before
     * anything is checked, then read as the catalog import reads a file.
     */
    private CatalogReader.Entry readDocument(String subject, byte[] body, Consumer<ObjectNode> prepare) {
        JsonNode document;
        try {
            document = reader.parse(body);
        } catch (CatalogImportException e) {
            throw refused(subject, "the answer is not valid JSON");
        }
        JsonNode configurations = document.get("configurations");
        if (!document.isObject() || configurations == null || !configurations.isArray() || configurations.size() != 1) {
            throw refused(subject, "the answer is not a catalog document with exactly one configuration");
        }
        if (configurations.get(0) instanceof ObjectNode configuration) {
            prepare.accept(configuration);
        }
        List<CatalogReader.Entry> entries = new ArrayList<>(1);
        try {
            reader.read(document, entries::add);
        } catch (CatalogImportException e) {
            // The reader's message may quote the vendor's values; only its kind leaves this method.
            throw refused(subject, "it breaks the rules of the catalog format (docs/catalog-format.md)");
        }
        return entries.get(0);
    }

    private void sanitize(ObjectNode configuration, Vin vin) {
        ServiceRecordSanitizer.Dropped dropped = sanitizer.sanitize(configuration, vin);
        if (!dropped.nothing()) {
            log.info(
                    "Catalog vendor: sanitized the service history for VIN {}: dropped {} histories, {} visits,"
                            + " {} fields and {} service codes",
                    vin,
                    dropped.histories(),
                    dropped.visits(),
                    dropped.fields(),
                    dropped.serviceCodes());
        }
    }

    /** Other VINs' links and histories are not this enrichment's to record, so they go unread. */
    private static void dropPerVinData(String subject, ObjectNode configuration) {
        JsonNode vins = configuration.remove("vins");
        JsonNode histories = configuration.remove("service_history");
        if (vins != null || histories != null) {
            log.info(
                    "Catalog vendor: dropped unread the VIN list ({} entries) and the service histories ({} VINs)"
                            + " of the answer for {}",
                    vins == null ? 0 : vins.size(),
                    histories == null ? 0 : histories.size(),
                    subject);
        }
    }
}
