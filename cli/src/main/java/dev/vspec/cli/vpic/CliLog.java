package dev.vspec.cli.vpic;

import java.nio.file.Path;

/** Where the vpic commands' own logs go: {@code <data dir>/logs/cli.log}, as the key commands' do. */
public final class CliLog {

    private CliLog() {}

    /** Read by logback.xml; set before the first logger exists (Hikari's and the installer's go to this file). */
    public static void toFile() {
        if (System.getProperty("VSPEC_LOG_FILE") == null) {
            Path dataDir = Path.of(System.getenv().getOrDefault("VSPEC_DATA_DIR", ".vspec"));
            System.setProperty(
                    "VSPEC_LOG_FILE",
                    dataDir.resolve("logs").resolve("cli.log").toAbsolutePath().toString());
        }
    }
}
