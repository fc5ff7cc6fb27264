package dev.vspec.command.catalog;

import java.io.Closeable;
import java.io.IOException;

/**
 * One format of an export ({@link CatalogExporter.Format}): the files it writes into the export's folder, one
 * configuration at a time, in the order they come. Closing it without {@link #finish()} leaves no file an import
 * would take for a complete catalog.
 */
interface CatalogWriter extends Closeable {

    void write(HeldConfiguration configuration) throws IOException;

    /** Completes the files: only now does the folder hold a catalog. */
    void finish() throws IOException;
}
