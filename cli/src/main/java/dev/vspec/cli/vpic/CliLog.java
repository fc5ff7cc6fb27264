package dev.vspec.cli.vpic;

import java.nio.file.Path;

/** Where the database commands' own logs go: {@code <data dir>/logs/cli.log} unless a command names its own file. */
public final class CliLog {

    private CliLog() {}

    /** Read by logback.xml; set before the first logger exists (Hikari's and the installer's go to this file). */
    public static void toFile() {
        toFile("cli.log");
    }

    /** As {@link #toFile()}, into {@code <data dir>/logs/<fileName>}, unless a log file is set already. */
    public static void toFile(String fileName) {
        if (System.getProperty("VSPEC_LOG_FILE") == null) {
            Path dataDir = Path.of(System.getenv().getOrDefault("VSPEC_DATA_DIR", ".vspec"));
            System.setProperty(
                    "VSPEC_LOG_FILE",
                    dataDir.resolve("logs").resolve(fileName).toAbsolutePath().toString());
        }
    }
}
