package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.FactSource;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.Resource;
import org.springframework.stereotype.Service;

/**
 * Imports a catalog file ({@code docs/catalog-format.md}) by sending its commands to the aggregates.
 *
 * <p>The file is read twice ({@link ImportFiles}): the first pass checks every entry and sends nothing, so a bad
 * file changes nothing; the second sends, per configuration: register, the data groups, parts then
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
        ImportFiles files = ImportFiles.check(List.of(catalog));
        if (!files.problems().isEmpty()) {
            throw new CatalogImportException(files.problems().get(0).message());
        }
        int sent = send(catalog, files);
        ImportSummary summary = new ImportSummary(files.configurations(), files.vins(), sent);
        log.info(
                "Imported catalog {}: {} configurations, {} VINs, {} commands",
                catalog.getDescription(),
                summary.configurations(),
                summary.vins(),
                summary.commandsSent());
        return summary;
    }

    /** The file's name and the SHA-256 of its bytes: what every fact of this import says it came from. */
    static FactSource sourceOf(Resource catalog) {
        try (InputStream in = catalog.getInputStream()) {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[64 * 1024];
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                sha256.update(buffer, 0, read);
            }
            String name = catalog.getFilename() == null ? catalog.getDescription() : catalog.getFilename();
            return FactSource.importFile(name, HexFormat.of().formatHex(sha256.digest()));
        } catch (IOException e) {
            throw new CatalogImportException(
                    "cannot read catalog " + catalog.getDescription() + ": " + e.getMessage(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    private int send(Resource catalog, ImportFiles files) {
        int[] sent = {0, 0};
        files.forEachEntry(entry -> {
            for (ImportEntry.Step step : entry.steps()) {
                CatalogCommand command = step.command();
                try {
                    commandGateway.sendAndWait(command);
                } catch (RuntimeException e) {
                    throw new CatalogImportException(
                            step.at() + ": " + command.getClass().getSimpleName() + " was refused after " + sent[0]
                                    + " commands: " + e.getMessage(),
                            e);
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
