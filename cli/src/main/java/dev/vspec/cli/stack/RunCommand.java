package dev.vspec.cli.stack;

import dev.vspec.cli.console.Messages;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code vspec run <part>}: one part of the stack in this process, as a container runs it, until
 * SIGTERM. Deployables read the same environment as their containers (VSPEC_DB_URL, ...).
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = {
            "Run one part of the stack in this process until stopped (SIGTERM, Ctrl-C): a deployable, configured",
            "by the environment as in a container (VSPEC_DB_URL, VSPEC_KAFKA_BOOTSTRAP, VSPEC_QUERY_SIDE_PORT, ...;",
            "see docs/configuration.md), or kafka, a single-node broker. Further --name=value arguments are Spring properties",
            "of the deployable, e.g. vspec run query-side --server.port=8092. Logs go to the console."
        })
public final class RunCommand implements Callable<Integer> {

    static final String KAFKA = "kafka";
    private static final String LOG_CONFIG = "logback-run.xml";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(
            index = "0",
            paramLabel = "PART",
            description = "kafka, command-side, projections, query-side, sandbox or gateway")
    String part;

    @Option(
            names = "--data-dir",
            defaultValue = "${env:VSPEC_DATA_DIR:-.vspec}",
            description = "kafka: the broker's data lives in <data-dir>/kafka (default: ${DEFAULT-VALUE}).")
    Path dataDir;

    @Option(
            names = "--kafka-port",
            defaultValue = "${env:VSPEC_KAFKA_PORT:-9092}",
            description = "kafka: its port (default: ${DEFAULT-VALUE}).")
    int kafkaPort;

    @CommandLine.Unmatched
    List<String> springArguments = new ArrayList<>();

    @Override
    public Integer call() throws InterruptedException {
        Deployable deployable = KAFKA.equals(part)
                ? null
                : Deployable.named(part)
                        .orElseThrow(() -> refused("No part named '" + part + "' (known: " + KAFKA + ", "
                                + Arrays.stream(Deployable.values())
                                        .map(Deployable::id)
                                        .collect(Collectors.joining(", "))
                                + ")"));
        if (deployable == null && !springArguments.isEmpty()) {
            throw refused("kafka takes no arguments but its options, not " + springArguments);
        }
        // logback reads the first before anything logs, Spring Boot the second when a deployable starts (and
        // warns while the first is set, so it goes once logback has read it)
        System.setProperty("logback.configurationFile", LOG_CONFIG);
        System.setProperty("logging.config", "classpath:" + LOG_CONFIG);
        LoggerFactory.getILoggerFactory();
        System.clearProperty("logback.configurationFile");
        CountDownLatch stopped = new CountDownLatch(1);
        if (deployable == null) {
            LocalKafkaBroker broker =
                    LocalKafkaBroker.start(dataDir.toAbsolutePath().resolve("kafka"), kafkaPort);
            Runtime.getRuntime()
                    .addShutdownHook(new Thread(
                            () -> {
                                broker.close();
                                stopped.countDown();
                            },
                            "vspec-kafka-stop"));
            spec.commandLine().getOut().println("Kafka is ready on " + broker.bootstrapServers());
            spec.commandLine().getOut().flush();
        } else {
            List<String> arguments = new ArrayList<>(springArguments);
            ConfigurableApplicationContext context;
            try {
                context = deployable.run(application -> application, arguments.toArray(String[]::new));
            } catch (RuntimeException e) {
                throw new StackException(deployable.id + " failed to start: " + Messages.root(e), e);
            }
            context.addApplicationListener((ApplicationListener<ContextClosedEvent>) closed -> stopped.countDown());
            if (!context.isActive()) {
                stopped.countDown();
            }
        }
        stopped.await();
        return 0;
    }

    private CommandLine.ParameterException refused(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
