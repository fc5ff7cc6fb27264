package dev.vspec.embeddedpostgres;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs one of the server's programs as the server's account, its output appended to a file beside the cluster. */
final class Commands {

    private static final long TIME_LIMIT_SECONDS = 180;

    private Commands() {}

    static void run(ServerAccount account, Path dir, Path program, List<String> arguments) {
        List<String> command = account.command(program, arguments);
        String name = program.getFileName().toString();
        Path output = dir.resolve(name + ".out");
        try {
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()))
                    .start();
            if (!process.waitFor(TIME_LIMIT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new EmbeddedPostgresException(
                        name + " did not finish within " + TIME_LIMIT_SECONDS + " s (its output: " + output + ")");
            }
            if (process.exitValue() != 0) {
                throw new EmbeddedPostgresException(String.join(" ", command) + " failed (exit " + process.exitValue()
                        + "): " + tail(output) + " (" + dir.resolve("postgres.log") + ")");
            }
        } catch (IOException e) {
            throw new EmbeddedPostgresException("Cannot run " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmbeddedPostgresException("Interrupted while " + name + " ran", e);
        }
    }

    private static String tail(Path output) {
        try {
            List<String> lines = Files.readAllLines(output);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(no output)";
        }
    }
}
