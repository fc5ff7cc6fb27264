package dev.vspec.harness.bench;

import dev.vspec.projections.runtime.RebuildLock;
import dev.vspec.projections.runtime.ShadowTables;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

/**
 * The yardstick of the rebuild benchmark: the rows the projections' tables hold now, written out
 * with {@code COPY TO} (not timed), then loaded with {@code COPY FROM} into the copies a rebuild
 * would fill, with the same keys and indexes (timed), which are dropped again. The live tables are
 * not touched; the rebuild's lock is held, since the copies are the rebuild's.
 */
final class CopyBaseline {

    /** Rows and bytes loaded with COPY, and how long loading and indexing took. */
    record Timing(long rows, long bytes, Duration took) {}

    private CopyBaseline() {}

    static Timing measure(DataSource dataSource, List<Table<?>> tables, Path workDir) {
        try (RebuildLock lock = RebuildLock.take(dataSource);
                Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
            CopyManager copy = connection.unwrap(PGConnection.class).getCopyAPI();
            DSLContext db = DSL.using(connection, SQLDialect.POSTGRES);
            long bytes = 0;
            for (Table<?> table : tables) {
                try (OutputStream file = new BufferedOutputStream(Files.newOutputStream(dump(workDir, table)))) {
                    copy.copyOut(
                            "COPY " + ShadowTables.LIVE_SCHEMA + "." + table.getName() + " TO STDOUT (FORMAT binary)",
                            file);
                }
                bytes += Files.size(dump(workDir, table));
            }
            ShadowTables.create(db, tables);
            connection.commit();
            long started = System.nanoTime();
            long rows = 0;
            for (Table<?> table : tables) {
                try (InputStream file = new BufferedInputStream(Files.newInputStream(dump(workDir, table)))) {
                    rows += copy.copyIn(
                            "COPY " + ShadowTables.SCHEMA + "." + table.getName() + " FROM STDIN (FORMAT binary)",
                            file);
                }
            }
            ShadowTables.index(db, tables);
            connection.commit();
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            ShadowTables.drop(db);
            connection.commit();
            for (Table<?> table : tables) {
                Files.deleteIfExists(dump(workDir, table));
            }
            return new Timing(rows, bytes, took);
        } catch (SQLException e) {
            throw new IllegalStateException("COPY failed: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the COPY files under " + workDir, e);
        }
    }

    private static Path dump(Path workDir, Table<?> table) {
        return workDir.resolve(table.getName() + ".copy");
    }
}
