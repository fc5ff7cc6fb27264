package dev.vspec.clients;

import static org.awaitility.Awaitility.await;

import dev.vspec.platform.boot.StablePorts;
import dev.vspec.testing.database.TestDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The local stack as a user runs it, {@code java -jar cli/target/vspec.jar up}, on free ports over a
 * test database, until {@link #close()} stops it as Ctrl-C does.
 */
final class RunningStack implements AutoCloseable {

    private static final Path JAR = Path.of("..", "cli", "target", "vspec.jar");
    private static final List<String> PORTS = List.of(
            "--gateway-port",
            "--command-side-port",
            "--query-side-port",
            "--projections-port",
            "--sandbox-port",
            "--kafka-port");

    private final Process process;
    private final Path log;
    private final String gateway;

    private RunningStack(Process process, Path log, String gateway) {
        this.process = process;
        this.log = log;
        this.gateway = gateway;
    }

    static RunningStack start(Path dataDir, TestDatabase database) throws IOException {
        if (!Files.isRegularFile(JAR)) {
            throw new IllegalStateException(
                    JAR.toAbsolutePath().normalize() + " is missing: build the cli module first (./mvnw package)");
        }
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g",
                // as the test JVM itself (the parent pom's argLine): the stack starts and waits more than it computes
                "-XX:TieredStopAtLevel=1",
                "-jar",
                JAR.toString(),
                "up",
                "--data-dir=" + dataDir.resolve("stack")));
        // below the ephemeral range: the drills, running beside, connect and bind to port 0 all the while
        StablePorts stablePorts = new StablePorts();
        List<Integer> ports = PORTS.stream().map(any -> stablePorts.next()).toList();
        for (int i = 0; i < PORTS.size(); i++) {
            command.add(PORTS.get(i) + "=" + ports.get(i));
        }
        Path log = dataDir.resolve("vspec-up.log");
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("VSPEC_DB_URL", database.url());
        builder.environment().put("VSPEC_DB_USER", database.user());
        builder.environment().put("VSPEC_DB_PASSWORD", database.password());
        RunningStack stack = new RunningStack(builder.start(), log, "http://127.0.0.1:" + ports.get(0));
        try {
            await().atMost(Duration.ofMinutes(4))
                    .pollInterval(Duration.ofMillis(500))
                    .until(() -> {
                        if (!stack.process.isAlive()) {
                            throw new IllegalStateException(
                                    "vspec up ended with " + stack.process.exitValue() + ":\n" + stack.output());
                        }
                        return stack.output().contains("Press Ctrl-C to stop.");
                    });
        } catch (RuntimeException e) {
            stack.close();
            throw new IllegalStateException("vspec up did not get ready:\n" + stack.output(), e);
        }
        return stack;
    }

    /** The gateway's URL, e.g. {@code http://127.0.0.1:41234}. */
    String gateway() {
        return gateway;
    }

    String output() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(90, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
