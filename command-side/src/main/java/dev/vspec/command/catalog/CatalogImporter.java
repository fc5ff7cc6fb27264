package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.CatalogCommand;
import java.util.HashMap;
import java.util.Map;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.Resource;
import org.springframework.stereotype.Service;

/**
 * Imports a catalog file ({@code docs/catalog-format.md}) by sending its commands to the aggregates.
 *
 * <p>The file is read twice: the first pass checks every entry and sends nothing, so a bad file
 * changes nothing; the second sends, per configuration: register, the data groups, parts then
 * their prices, the image, the VINs (each followed by its service history). Each command waits
 * for its outcome. Since the aggregates record only what changed, importing the same file again
 * stores no event.
 */
@Service
public class CatalogImporter {

    /** The reference catalog shipped with vspec (sample data). */
    public static final String SAMPLE_CATALOG = "classpath:catalog/sample/catalog.json";

    private static final Logger log = LoggerFactory.getLogger(CatalogImporter.class);
    private static final int PROGRESS_EVERY = 10_000;

    private final CommandGateway commandGateway;
    private final CatalogReader reader = new CatalogReader();

    public CatalogImporter(CommandGateway commandGateway) {
        this.commandGateway = commandGateway;
    }

    /**
     * Imports {@code catalog}; image paths resolve relative to it.
     *
     * @throws CatalogImportException naming the entry when the file is not a valid catalog (then
     *                                nothing was sent) or when an aggregate refuses a command
     */
    public ImportSummary importCatalog(Resource catalog) {
        ImportSummary checked = check(catalog);
        int sent = send(catalog);
        ImportSummary summary = new ImportSummary(checked.configurations(), checked.vins(), sent);
        log.info("Imported catalog {}: {} configurations, {} VINs, {} commands",
                catalog.getDescription(), summary.configurations(), summary.vins(), summary.commandsSent());
        return summary;
    }

    /** Pass one: every entry valid, no config_key and no VIN twice. */
    private ImportSummary check(Resource catalog) {
        Map<String, String> keys = new HashMap<>();
        Map<String, String> vins = new HashMap<>();
        int[] counts = new int[2];
        reader.read(catalog, entry -> {
            String earlier = keys.putIfAbsent(entry.configKey(), entry.path());
            if (earlier != null) {
                throw new CatalogImportException(entry.path() + ": " + entry.configKey() + " is already described at "
                        + earlier);
            }
            for (int i = 0; i < entry.vins().size(); i++) {
                String vin = entry.vins().get(i);
                String at = entry.path() + ".vins[" + i + "]";
                String first = vins.putIfAbsent(vin, at);
                if (first != null) {
                    throw new CatalogImportException(at + ": " + vin + " is already listed at " + first);
                }
            }
            counts[0]++;
            counts[1] += entry.vins().size();
        });
        return new ImportSummary(counts[0], counts[1], 0);
    }

    private int send(Resource catalog) {
        int[] sent = {0, 0};
        reader.read(catalog, entry -> {
            for (CatalogReader.Step step : entry.steps()) {
                CatalogCommand command = step.command().get();
                try {
                    commandGateway.sendAndWait(command);
                } catch (RuntimeException e) {
                    throw new CatalogImportException(step.path() + ": " + command.getClass().getSimpleName()
                            + " was refused after " + sent[0] + " commands: " + e.getMessage(), e);
                }
                sent[0]++;
            }
            if (++sent[1] % PROGRESS_EVERY == 0) {
                log.info("Catalog {}: {} configurations imported", catalog.getDescription(), sent[1]);
            }
        });
        return sent[0];
    }
}
