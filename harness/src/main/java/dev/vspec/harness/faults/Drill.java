package dev.vspec.harness.faults;

import static dev.vspec.events.kafka.EventTopicProperties.DEFAULT_TOPIC;

import com.zaxxer.hikari.HikariDataSource;
import dev.vspec.cli.stack.CatchUp;
import dev.vspec.cli.stack.StackException;
import dev.vspec.cli.vpic.VpicSetup;
import dev.vspec.harness.bench.VendorCatalog;
import dev.vspec.platform.boot.StablePorts;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.flywaydb.core.Flyway;

/**
 * A fault drill: the production topology as separate processes on a PostgreSQL cluster and a broker
 * of the drill's own, under steady read and enrichment load through the gateway; each deployable's
 * instances killed with SIGKILL and started again in turn, then the database and the broker
 * restarted; afterwards the topic, the jobs, the limits and the read tables are checked.
 */
final class Drill {

    private static final Duration CATCH_UP = Duration.ofMinutes(10);
    private static final Duration JOBS_END = Duration.ofMinutes(3);
    /** What one fault takes besides its downtime and grace, as a rule. */
    private static final Duration RESTART = Duration.ofSeconds(60);

    private final DrillSettings settings;
    private final PrintWriter out;
    private final Timeline timeline = new Timeline();
    private final Observations observations = new Observations();

    private Drill(DrillSettings settings, PrintWriter out) {
        this.settings = settings;
        this.out = out;
    }

    /** Runs the drill in a new directory under {@code settings.work()}, kept when the drill fails or {@code keep} says so. */
    static Report run(DrillSettings settings, boolean keep, PrintWriter out) throws IOException {
        Path work = Files.createTempDirectory(settings.work(), "vspec-faults-");
        // the database server runs as its own user and must reach its directory in here
        Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createDirectories(work.resolve("logs"));
        Files.createDirectories(work.resolve("tmp"));
        // read by logback.xml before the first logger exists: the drill's own log goes beside the parts'
        System.setProperty(
                "VSPEC_LOG_FILE", work.resolve("logs").resolve("drill.log").toString());
        System.setProperty("VSPEC_CONSOLE_LOG_THRESHOLD", "ERROR");
        out.println("Fault drill in " + work + " (logs: " + work.resolve("logs") + ")");
        out.flush();
        Report report = null;
        try {
            report = new Drill(settings, out).run(work);
            return report;
        } finally {
            if (keep || report == null || !report.violations().isEmpty()) {
                out.println("Kept " + work + " (the parts' logs are in logs/)");
            } else {
                Directories.delete(work);
            }
            out.flush();
        }
    }

    private Report run(Path work) throws IOException {
        try (ThrowawayPostgres postgres = ThrowawayPostgres.start(work.resolve("postgres"), new StablePorts().next())) {
            postgres.createDatabase("vspec");
            String url = postgres.url("vspec");
            say("PostgreSQL of the drill's own at " + url);
            try (HikariDataSource db = dataSource(url)) {
                Flyway.configure()
                        .dataSource(url, "postgres", "")
                        .locations("classpath:db/migration")
                        .load()
                        .migrate();
                if (VpicSetup.onStart(db, out, true).isEmpty()) {
                    throw new StackException(
                            "Enrichment decodes VINs with NHTSA's vPIC data, which could not be installed (see above)");
                }
                int requests = plannedEnrichments();
                List<String> vins = VendorCatalog.write(work.resolve("vendor-catalog.json"), requests);
                DrillKeys keys = DrillKeys.issue(
                        db, (requests + EnrichmentLoad.REQUESTS_PER_KEY - 1) / EnrichmentLoad.REQUESTS_PER_KEY);
                try (Topology topology =
                        Topology.start(settings, url, work, work.resolve("vendor-catalog.json"), out)) {
                    Thread stopOnExit = stopOnExit(topology, postgres);
                    try {
                        new CatchUp(db, topology.kafkaBootstrap(), DEFAULT_TOPIC, out).await(CATCH_UP);
                        return underLoad(topology, postgres, db, keys, vins);
                    } finally {
                        Runtime.getRuntime().removeShutdownHook(stopOnExit);
                    }
                }
            }
        }
    }

    private Report underLoad(
            Topology topology, ThrowawayPostgres postgres, HikariDataSource db, DrillKeys keys, List<String> vins) {
        Client client = new Client(topology.gatewayUrl(), timeline, observations);
        ReadChecks reads = ReadChecks.baseline(client, keys.reader(), db);
        EnrichmentLoad enrichment =
                new EnrichmentLoad(client, keys.enrichers(), vins, reads, keys.reader(), observations);
        Load load = new Load(client, reads, keys, enrichment, settings);
        say(String.format(
                Locale.ROOT,
                "Load: %s reads/s over %d checked reads, a free key at twice its limit, %s enrichments/s",
                settings.readsPerSecond(),
                reads.size(),
                settings.enrichmentsPerSecond()));
        List<FaultPlan.Fault> faults = FaultPlan.of(settings, topology, postgres, db);
        load.start();
        try {
            Pause.of(settings.steady());
            faults.forEach(this::strike);
        } finally {
            say("Stopping the load ...");
            load.stop();
        }
        enrichment.awaitJobsEnded(JOBS_END);
        new CatchUp(db, topology.kafkaBootstrap(), DEFAULT_TOPIC, out).await(CATCH_UP);
        say("Reading the topic against the event store, rebuilding the read tables twice ...");
        TopicAudit.Outcome topic = TopicAudit.of(db, topology.kafkaBootstrap(), DEFAULT_TOPIC);
        LimitAudit.Outcome limits = LimitAudit.of(load.admittedByMinute(), enrichment.jobsByKey(), db);
        RebuildAudit.Outcome tables = RebuildAudit.of(db, db.getJdbcUrl(), topology.kafkaBootstrap());
        return new Report(
                describe(topology),
                timeline.names(),
                observations.counts(),
                topic,
                figures(enrichment, keys),
                limits,
                tables,
                observations.problems(),
                observations.problemCount());
    }

    /** One fault: its window opens, the fault strikes, and the window closes a grace period after the part is back. */
    private void strike(FaultPlan.Fault fault) {
        long start = System.nanoTime();
        say(fault.name() + " ...");
        timeline.open(fault.name());
        fault.strike().run();
        Pause.of(settings.grace());
        timeline.closeLast();
        say(String.format(Locale.ROOT, "  back after %.1f s", (System.nanoTime() - start) / 1e9));
        Pause.of(settings.steady());
    }

    /** Enough VINs (and keys) for the whole drill at its enrichment rate, with room to spare. */
    private int plannedEnrichments() {
        int faults = settings.faults();
        Duration planned = settings.steady()
                .multipliedBy(faults + 1)
                .plus(settings.down().plus(settings.grace()).plus(RESTART).multipliedBy(faults));
        return (int) Math.ceil(planned.toSeconds() * settings.enrichmentsPerSecond()) + 20;
    }

    private static Report.EnrichmentFigures figures(EnrichmentLoad enrichment, DrillKeys keys) {
        List<EnrichmentLoad.Job> jobs = enrichment.jobs();
        Map<String, Long> failed = jobs.stream()
                .filter(job -> "failed".equals(job.status))
                .collect(Collectors.groupingBy(job -> job.reason, TreeMap::new, Collectors.counting()));
        return new Report.EnrichmentFigures(
                enrichment.sent(),
                jobs.size(),
                enrichment.jobsByKey().size(),
                jobs.stream().filter(job -> "completed".equals(job.status)).count(),
                failed,
                jobs.stream().filter(job -> !job.ended()).count(),
                enrichment.quotaRefused(),
                enrichment.unanswered());
    }

    private String describe(Topology topology) {
        return String.format(
                Locale.ROOT,
                "%d command sides, %d projections consumers, %d query sides and the gateway as separate "
                        + "processes, one broker (%d partitions), one PostgreSQL; killed %s: %s%s%s",
                topology.commandSides().size(),
                topology.projections().size(),
                topology.querySides().size(),
                settings.partitions(),
                settings.killedAtOnce() ? "at once" : "in turn",
                String.join(", ", settings.killed()),
                settings.restartPostgres() ? "; PostgreSQL restarted" : "",
                settings.restartBroker() ? "; broker restarted" : "");
    }

    /** Ctrl-C on the drill stops what it started. */
    private Thread stopOnExit(Topology topology, ThrowawayPostgres postgres) {
        Thread hook = new Thread(
                () -> {
                    topology.close();
                    postgres.close();
                },
                "vspec-faults-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        return hook;
    }

    private void say(String line) {
        out.println(line);
        out.flush();
    }

    private static HikariDataSource dataSource(String url) {
        HikariDataSource dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(url);
        dataSource.setUsername("postgres");
        dataSource.setPassword("");
        dataSource.setMaximumPoolSize(6);
        dataSource.setPoolName("vspec-faults");
        return dataSource;
    }
}
