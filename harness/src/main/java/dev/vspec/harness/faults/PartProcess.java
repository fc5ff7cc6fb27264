package dev.vspec.harness.faults;

import dev.vspec.cli.VspecCli;
import dev.vspec.cli.stack.StackException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * One part of the topology in a process of its own ({@code vspec run <part>} with this JVM's Java
 * and class path), its output appended to {@code <name>.log}; started again after a kill on the
 * same port with the same settings.
 */
final class PartProcess {

    private static final Duration STOP_GRACE = Duration.ofSeconds(20);
    private static final Duration POLL = Duration.ofMillis(250);

    private final String name;
    private final String url;
    private final List<String> command;
    private final Map<String, String> environment;
    private final Path log;
    private final BooleanSupplier ready;
    private volatile Process process;

    /**
     * @param name        unique in the topology, e.g. {@code query-side-2}
     * @param url         where it answers HTTP, or null (the broker)
     * @param part        what {@code vspec run} runs
     * @param arguments   {@code vspec run}'s further arguments
     * @param environment added to a copy of this process's environment without its {@code VSPEC_*} variables
     * @param ready       true once the part serves
     */
    PartProcess(
            String name,
            String url,
            String part,
            List<String> arguments,
            Map<String, String> environment,
            List<String> javaOptions,
            Path logs,
            BooleanSupplier ready) {
        this.name = name;
        this.url = url;
        this.command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(javaOptions);
        command.addAll(operatorCli());
        command.add("run");
        command.add(part);
        command.addAll(arguments);
        this.environment = Map.copyOf(environment);
        this.log = logs.resolve(name + ".log");
        this.ready = ready;
    }

    String name() {
        return name;
    }

    String url() {
        return url;
    }

    long pid() {
        return process.pid();
    }

    Path log() {
        return log;
    }

    void start() {
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().keySet().removeIf(variable -> variable.startsWith("VSPEC_"));
        builder.environment().putAll(environment);
        try {
            Files.writeString(
                    log,
                    "---- starting " + name + ": " + String.join(" ", command) + System.lineSeparator(),
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            process = builder.start();
            // for tools/faults.sh, which stops what is left should this JVM die first
            Files.writeString(log.resolveSibling(name + ".pid"), Long.toString(process.pid()));
        } catch (IOException e) {
            throw new StackException("Cannot start " + name + ": " + e.getMessage(), e);
        }
    }

    /** Waits until the part serves; fails when its process ended or {@code timeout} passed first. */
    void awaitReady(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!ready.getAsBoolean()) {
            if (!process.isAlive()) {
                throw new StackException(
                        name + " exited with " + process.exitValue() + " before it was ready; see " + log);
            }
            if (System.nanoTime() > deadline) {
                throw new StackException(name + " was not ready within " + timeout.toSeconds() + " s; see " + log);
            }
            Pause.of(POLL);
        }
    }

    /** SIGKILL: the process ends at once, without any of its shutdown work. */
    void kill() {
        process.destroyForcibly();
        awaitExit(STOP_GRACE);
    }

    /** SIGTERM, then SIGKILL if it has not ended after a while. */
    void stop() {
        if (process == null || !process.isAlive()) {
            return;
        }
        process.destroy();
        if (!awaitExit(STOP_GRACE)) {
            kill();
        }
    }

    private boolean awaitExit(Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * The operator CLI on this process's class path: the harness's jar (whose manifest names the CLI's jars beside
     * it) or the tests' class path.
     */
    static List<String> operatorCli() {
        return List.of("-cp", System.getProperty("java.class.path"), VspecCli.class.getName());
    }
}
