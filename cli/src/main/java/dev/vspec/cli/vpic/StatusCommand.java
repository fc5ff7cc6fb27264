package dev.vspec.cli.vpic;

import com.zaxxer.hikari.HikariDataSource;
import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.cli.console.Messages;
import dev.vspec.decoder.VpicRelease;
import dev.vspec.vpic.VpicInstallFailed;
import dev.vspec.vpic.VpicInstaller;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code vspec vpic status}: the installed vPIC release, or that there is none. */
@Command(
        name = "status",
        mixinStandardHelpOptions = true,
        description =
                "Show the vPIC release installed for VIN decoding: its date, SHA-256, source, when it was installed and its rows.")
final class StatusCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    DatabaseOptions database = new DatabaseOptions();

    @Override
    public Integer call() {
        CliLog.toFile();
        PrintWriter out = spec.commandLine().getOut();
        HikariDataSource dataSource;
        try {
            dataSource = database.connect("vpic");
        } catch (RuntimeException e) {
            return Messages.fail(spec, database.cannotConnect(e));
        }
        try (dataSource) {
            Optional<VpicRelease> installed = VpicInstaller.installed(dataSource);
            if (installed.isEmpty()) {
                out.println("no vPIC release installed; run vspec vpic install");
            } else {
                VpicRelease release = installed.get();
                out.printf(
                        """
                        vPIC release %s
                          sha256        %s
                          source        %s
                          installed at  %s
                          rows          %s
                        """,
                        release.dataDate(),
                        release.sha256(),
                        release.source(),
                        release.installedAt(),
                        VpicSetup.counts(release.counts()));
            }
            out.flush();
            return 0;
        } catch (VpicInstallFailed e) {
            return Messages.fail(spec, Messages.oneLine(e.getMessage()));
        }
    }
}
