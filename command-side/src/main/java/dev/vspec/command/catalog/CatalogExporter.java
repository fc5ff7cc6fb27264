package dev.vspec.command.catalog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.stream.Stream;
import javax.sql.DataSource;

/**
 * {@code vspec catalog export}: writes what the catalog holds into a folder, in a format {@code vspec catalog
 * import} reads, each fact with its original source, so that importing the export into an empty stack answers
 * as the catalog did. It reads the event store, in one repeatable-read transaction, so the export is one
 * snapshot whatever is stored meanwhile and whether or not the projections have caught up (see
 * docs/catalog-format.md, "Exporting a catalog", for why not the read tables).
 */
public final class CatalogExporter {

    /** The formats an export writes. */
    public enum Format {
        /** {@code catalog.json}, in the format {@code vspec-catalog/1}. */
        JSON,
        /** The format's CSV files, one per group. */
        CSV
    }

    /** What an export wrote; {@code unlinkedVins} are VINs linked to a configuration the catalog does not hold. */
    public record Summary(long configurations, long vins, long images, long unlinkedVins, Duration elapsed) {}

    /** Hears how far an export is. */
    public interface Progress {

        /** Hears nothing. */
        Progress NONE = new Progress() {
            @Override
            public void started(long configurations) {}

            @Override
            public void exported(long configurations) {}
        };

        /** The export's snapshot is taken: it holds this many configurations. */
        void started(long configurations);

        void exported(long configurations);
    }

    private CatalogExporter() {}

    /**
     * Exports into {@code folder}, which is created if need be and must hold nothing yet.
     *
     * @throws CatalogExportException when the folder holds something
     */
    public static Summary export(DataSource dataSource, Path folder, Format format, Progress progress)
            throws IOException, SQLException {
        long start = System.nanoTime();
        requireEmpty(folder);
        try (Connection connection = dataSource.getConnection();
                CatalogWriter writer = writer(format, folder)) {
            connection.setAutoCommit(false);
            connection.setReadOnly(true);
            connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            StoredCatalog catalog = new StoredCatalog(connection);
            progress.started(catalog.configurations());
            long[] counts = new long[3];
            long unlinked = catalog.read(configuration -> {
                writer.write(configuration);
                counts[1] += configuration.vins().size();
                counts[2] += configuration.image() == null ? 0 : 1;
                progress.exported(++counts[0]);
            });
            connection.commit();
            writer.finish();
            return new Summary(counts[0], counts[1], counts[2], unlinked, Duration.ofNanos(System.nanoTime() - start));
        }
    }

    private static CatalogWriter writer(Format format, Path folder) throws IOException {
        return switch (format) {
            case JSON -> new JsonCatalogWriter(folder);
            case CSV -> new CsvCatalogWriter(folder);
        };
    }

    private static void requireEmpty(Path folder) throws IOException {
        Files.createDirectories(folder);
        try (Stream<Path> entries = Files.list(folder)) {
            if (entries.findAny().isPresent()) {
                throw new CatalogExportException(folder + " is not empty; an export goes into a folder of its own");
            }
        }
    }
}
