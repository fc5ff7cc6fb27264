package dev.vspec.cli.stack;

import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.cli.vpic.VpicSetup;
import dev.vspec.decoder.VpicRelease;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code vspec up}: runs the whole local stack until Ctrl-C. */
@Command(
        name = "up",
        mixinStandardHelpOptions = true,
        description = {
            "Start the local stack: a Kafka broker (KRaft), the migrations, every deployable on its own port,"
                    + " and on first start the sample catalog and the NHTSA vPIC release VIN decoding uses (see vspec vpic install).",
            "Stops cleanly on Ctrl-C. The ports below also come from their environment variables."
        })
public final class UpCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--data-dir",
            paramLabel = "DIR",
            defaultValue = "${env:VSPEC_DATA_DIR:-.vspec}",
            description = "Local state: broker data and logs (default: VSPEC_DATA_DIR or ${DEFAULT-VALUE}).")
    Path dataDir;

    @Option(
            names = "--kafka-port",
            paramLabel = "PORT",
            defaultValue = "${env:VSPEC_KAFKA_PORT:-9092}",
            description = "The broker, for analysts' consumers too (default: VSPEC_KAFKA_PORT or ${DEFAULT-VALUE}).")
    int kafkaPort;

    @Option(
            names = "--gateway-port",
            paramLabel = "PORT",
            defaultValue = "${env:VSPEC_GATEWAY_PORT:-8080}",
            description =
                    "The public port: the API, the sandbox and the website (default: VSPEC_GATEWAY_PORT or ${DEFAULT-VALUE}).")
    int gatewayPort;

    @Option(
            names = "--command-side-port",
            paramLabel = "PORT",
            defaultValue = "${env:VSPEC_COMMAND_SIDE_PORT:-8081}",
            description = "The command side behind the gateway: enrichment, webhooks, the request-access form"
                    + " (default: VSPEC_COMMAND_SIDE_PORT or ${DEFAULT-VALUE}).")
    int commandSidePort;

    @Option(
            names = "--query-side-port",
            paramLabel = "PORT",
            defaultValue = "${env:VSPEC_QUERY_SIDE_PORT:-8082}",
            description =
                    "The query side behind the gateway: every keyed read (default: VSPEC_QUERY_SIDE_PORT or ${DEFAULT-VALUE}).")
    int querySidePort;

    @Option(
            names = "--projections-port",
            paramLabel = "PORT",
            defaultValue = "${env:VSPEC_PROJECTIONS_PORT:-8083}",
            description =
                    "The projections' health and metrics; no API (default: VSPEC_PROJECTIONS_PORT or ${DEFAULT-VALUE}).")
    int projectionsPort;

    @Option(
            names = "--sandbox-port",
            paramLabel = "PORT",
            defaultValue = "${env:VSPEC_SANDBOX_PORT:-8084}",
            description = "The keyless sandbox behind the gateway (default: VSPEC_SANDBOX_PORT or ${DEFAULT-VALUE}).")
    int sandboxPort;

    @CommandLine.Mixin
    DatabaseOptions database = new DatabaseOptions();

    @Option(names = "--no-sample", description = "Do not import the sample catalog into an empty event store.")
    boolean noSample;

    @Option(
            names = "--no-vpic",
            description = "Do not install the vPIC release when none is installed (VIN decoding then answers 503).")
    boolean noVpic;

    @Option(names = "--verbose", description = "Log to the console too, not only to <data-dir>/logs/vspec.log.")
    boolean verbose;

    private static final Duration CATCH_UP_LIMIT = Duration.ofHours(12);

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        Map<Deployable, Integer> ports = new EnumMap<>(Map.of(
                Deployable.GATEWAY, gatewayPort,
                Deployable.COMMAND_SIDE, commandSidePort,
                Deployable.QUERY_SIDE, querySidePort,
                Deployable.PROJECTIONS, projectionsPort,
                Deployable.SANDBOX, sandboxPort));
        StackSettings settings = new StackSettings(
                dataDir.toAbsolutePath(),
                database.configuredUrl(),
                database.user(),
                database.password(),
                kafkaPort,
                ports,
                !noSample,
                Map.of());
        Path logFile = settings.dataDir().resolve("logs").resolve("vspec.log");
        // read by logback.xml; set before the first logger exists
        System.setProperty("VSPEC_LOG_FILE", logFile.toString());
        System.setProperty("VSPEC_CONSOLE_LOG_THRESHOLD", verbose ? "INFO" : "WARN");
        LocalPostgres.earlierDatabaseNotice(settings).ifPresent(out::println);
        out.println("Starting vspec (logs: " + logFile + ") ...");
        out.flush();

        LocalStack stack = LocalStack.start(settings);
        Optional<VpicRelease> vpic;
        try {
            // the decoders take a release installed now from its notification: nothing restarts
            vpic = VpicSetup.onStart(stack.dataSource(), out, !noVpic);
            // A large backlog (a synthetic catalog) takes as long as it takes: catching up gives up
            // when progress stalls, not after a fixed time.
            stack.awaitCaughtUp(CATCH_UP_LIMIT, out);
        } catch (StackException e) {
            stack.close();
            throw e;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            out.println("Stopping vspec ...");
                            out.flush();
                            stack.close();
                            stopped.countDown();
                        },
                        "vspec-stop"));
        printReady(out, stack, vpic);
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** e.g. {@code 9080 (gateway), 9081 (command-side), ...}. */
    private static String managementPorts(LocalStack stack) {
        return Arrays.stream(Deployable.values())
                .map(deployable -> stack.managementPort(deployable) + " (" + deployable.id + ")")
                .collect(Collectors.joining(", "));
    }

    private static void printReady(PrintWriter out, LocalStack stack, Optional<VpicRelease> vpic) {
        String gateway = stack.url(Deployable.GATEWAY);
        out.printf(
                """

                vspec is ready%s.
                  gateway       %s   (the public entry point; the others answer 127.0.0.1 alone)
                  command-side  %s
                  query-side    %s
                  projections   %s/actuator/health
                  sandbox       %s
                  metrics       http://127.0.0.1:<port>/actuator/prometheus on %s (127.0.0.1 alone)
                  kafka         %s   topic %s
                  postgresql    %s
                  vin decoding  %s

                Website: %s/docs (the API), %s/console (the keyless sandbox), %s/request-access
                Try the sandbox, no key needed:
                  curl '%s/api/sample/v1/fluids?vin=19XFC2F52KE715372'
                Try the live API (every live route needs a key; issue one in another terminal):
                  ./vspec keys issue --plan pro --owner you@example.com
                  curl -H "x-api-key: $KEY" '%s/api/v1/fluids?config_key=2019-honda-civic-lx-k20c2-fwd'
                  curl -H "x-api-key: $KEY" '%s/api/v1/configs?year=2019&make=honda&model=civic'
                  curl -H "x-api-key: $KEY" '%s/api/v1/decode?vin=1HGCM82633A004352'

                Press Ctrl-C to stop.
                """,
                stack.sampleImported() ? " (sample catalog imported)" : "",
                gateway,
                stack.url(Deployable.COMMAND_SIDE),
                stack.url(Deployable.QUERY_SIDE),
                stack.url(Deployable.PROJECTIONS),
                stack.url(Deployable.SANDBOX),
                managementPorts(stack),
                stack.kafkaBootstrapServers(),
                stack.topic(),
                stack.databaseUrl(),
                vpic.map(release -> "NHTSA vPIC " + release.dataDate() + " (sha256 "
                                + release.sha256().substring(0, 12) + ")")
                        .orElse("no vPIC release installed (decoding answers 503); run ./vspec vpic install"),
                gateway,
                gateway,
                gateway,
                gateway,
                gateway,
                gateway,
                gateway);
        out.flush();
    }
}
