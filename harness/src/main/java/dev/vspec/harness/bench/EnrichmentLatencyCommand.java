package dev.vspec.harness.bench;

import dev.vspec.access.ApiKeyStore;
import dev.vspec.access.NewKey;
import dev.vspec.cli.console.Messages;
import dev.vspec.cli.stack.Deployable;
import dev.vspec.cli.stack.LocalStack;
import dev.vspec.cli.stack.StackSettings;
import dev.vspec.cli.vpic.VpicSetup;
import dev.vspec.command.enrichment.EnrichmentRequests;
import dev.vspec.contracts.access.Plan;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code vspec-harness bench enrichment}: how long a new VIN takes from {@code POST /api/v0/enrich} to its
 * first successful read ({@code GET /api/v1/fluids?vin=} answering 200), through the gateway of a
 * local stack this command starts for itself (fresh database, in-process broker, the reference
 * vendor serving a generated catalog of many VINs); and, on the same broker in the same run, a
 * bare Kafka produce-to-consume round trip. Prints the median and p99 of both and their ratios.
 */
@Command(
        name = "enrichment",
        mixinStandardHelpOptions = true,
        description =
                "Time from POST /api/v0/enrich to the first successful read of the VIN, against a bare Kafka round trip.")
public final class EnrichmentLatencyCommand implements Callable<Integer> {

    /** A key may schedule so many runs a day; the benchmark spreads its VINs over as many keys as it needs. */
    private static final int RUNS_PER_KEY = EnrichmentRequests.RUNS_PER_DAY;

    @Spec
    CommandSpec spec;

    @Option(names = "--vins", defaultValue = "200", description = "VINs measured (default: ${DEFAULT-VALUE})")
    int vins;

    @Option(
            names = "--warmup",
            defaultValue = "400",
            description = "VINs enriched first and not measured (default: ${DEFAULT-VALUE})")
    int warmup;

    @Option(
            names = "--round-trips",
            defaultValue = "2000",
            description = "Kafka round trips measured (default: ${DEFAULT-VALUE})")
    int roundTrips;

    @Mixin
    BenchDatabases server = new BenchDatabases();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path dataDir = Files.createTempDirectory("vspec-bench-enrichment");
        // read by logback.xml, as for vspec up: the stack logs to a file, warnings also to the console
        System.setProperty("VSPEC_LOG_FILE", dataDir.resolve("vspec.log").toString());
        System.setProperty("VSPEC_CONSOLE_LOG_THRESHOLD", "WARN");
        String database = "vspec_bench_" + Long.toHexString(System.currentTimeMillis());
        Path vendorCatalog = dataDir.resolve("vendor-catalog.json");
        List<String> vendorVins = VendorCatalog.write(vendorCatalog, warmup + vins);
        server.create(database);
        try {
            StackSettings settings = StackSettings.onFreePorts(
                            dataDir, server.url(database), server.user, server.password)
                    .withProperties(Map.of(
                            "vspec.enrichment.vendor.catalog",
                            vendorCatalog.toUri().toString()));
            out.println("Starting a local stack on database " + database + " (logs: " + dataDir.resolve("vspec.log")
                    + ") ...");
            out.flush();
            try (LocalStack stack = LocalStack.start(settings)) {
                // enrichment decodes each VIN with vPIC, as on a stack ./vspec up started
                if (VpicSetup.onStart(stack.dataSource(), out, true).isEmpty()) {
                    return Messages.fail(
                            spec,
                            "No NHTSA vPIC release could be installed; enrichment cannot decode VINs without one");
                }
                stack.awaitCaughtUp(Duration.ofMinutes(5), new PrintWriter(Writer.nullWriter()));
                ApiKeyStore keys = new ApiKeyStore(DSL.using(stack.dataSource(), SQLDialect.POSTGRES));
                String reader = keys.issue(new NewKey(
                                "enrichment benchmark reads", Plan.ENTERPRISE, null, 1_000_000L, 1_000_000_000L, null))
                        .key();
                GatewayCalls gateway = new GatewayCalls(stack.url(Deployable.GATEWAY), reader);

                gateway.awaitDecoding(vendorVins.get(0));
                out.printf("Enriching %d VINs to warm up, then measuring %d ...%n", warmup, vins);
                out.flush();
                List<String> writers = new ArrayList<>();
                for (int i = 0; i < (warmup + vins + RUNS_PER_KEY - 1) / RUNS_PER_KEY; i++) {
                    writers.add(keys.issue(NewKey.of("enrichment benchmark " + i, Plan.SCALE))
                            .key());
                }
                EnrichmentTimes times = new EnrichmentTimes(vins);
                for (int i = 0; i < warmup + vins; i++) {
                    String writer = writers.get(i / RUNS_PER_KEY);
                    long start = System.nanoTime();
                    String poll = gateway.enrichToFirstRead(writer, vendorVins.get(i));
                    long took = System.nanoTime() - start;
                    if (i >= warmup) {
                        times.add(took, gateway.job(writer, poll));
                    }
                }
                out.printf("Measuring %d Kafka produce-to-consume round trips on the same broker ...%n", roundTrips);
                out.flush();
                times.print(out, KafkaRoundTrips.measure(stack.kafkaBootstrapServers(), roundTrips));
            }
        } finally {
            server.drop(database);
        }
        return 0;
    }
}
