package dev.vspec.cli.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import dev.vspec.cli.VspecCli;
import dev.vspec.events.kafka.EventTopicProperties;
import dev.vspec.harness.Harness;
import dev.vspec.harness.synthetic.SyntheticCatalog;
import dev.vspec.harness.synthetic.SyntheticCatalogLoader;
import dev.vspec.projections.AllProjections;
import dev.vspec.projections.ProjectionsApplication;
import dev.vspec.projections.runtime.TableChecksums;
import dev.vspec.testing.database.TestDatabase;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.flywaydb.core.Flyway;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import picocli.CommandLine;

/**
 * {@code vspec projections rebuild} against real parts: an event store filled with a synthetic
 * catalog, the command side's relay publishing it to a real KRaft broker, and the projections
 * deployable as a separate JVM, so that it can be killed with SIGKILL.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ProjectionRebuildIT {

    private static final String TOPIC = EventTopicProperties.DEFAULT_TOPIC;
    private static final Duration CATCH_UP = Duration.ofMinutes(4);
    private static final int CONFIGURATIONS = 150;
    private static final int VINS = 1_500;

    @TempDir
    static Path work;

    private static TestDatabase database;
    private static HikariDataSource dataSource;
    private static DSLContext db;
    private static LocalKafkaBroker broker;
    private static ConfigurableApplicationContext commandSide;
    private static Process projections;
    private static List<Table<?>> tables;
    /** The tables' fingerprints after the projections applied the whole topic once. */
    private static Map<String, String> clean;

    @BeforeAll
    static void startTheStackButTheProjections() {
        database = TestDatabase.create("vspec_rebuild");
        Flyway.configure()
                .dataSource(database.url(), database.user(), database.password())
                .locations("classpath:db/migration")
                .load()
                .migrate();
        dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(database.url());
        dataSource.setUsername(database.user());
        dataSource.setPassword(database.password());
        dataSource.setMaximumPoolSize(4);
        db = DSL.using(dataSource, SQLDialect.POSTGRES);
        tables = AllProjections.tables();

        // sample data: the synthetic catalog, 150 configurations and 1,500 VINs (about 4,000 events): enough for a
        // rebuild in batches of 50 to be killed halfway
        new SyntheticCatalogLoader(dataSource).load(new SyntheticCatalog(11, CONFIGURATIONS, VINS), progress -> {});
        broker = LocalKafkaBroker.start(work.resolve("kafka"), 0);
        commandSide = Deployable.COMMAND_SIDE.run(application -> application, args().toArray(String[]::new));
        projections = startProjections(500);
        catchUp();
        clean = checksums();
    }

    @AfterAll
    static void stopEverything() {
        if (projections != null) {
            projections.destroyForcibly();
        }
        if (commandSide != null) {
            commandSide.close();
        }
        if (broker != null) {
            broker.close();
        }
        if (dataSource != null) {
            dataSource.close();
        }
        if (database != null) {
            database.drop();
        }
    }

    @Test
    @Order(1)
    void rebuildingFromTheTopicAndFromTheEventStoreTwiceEachGivesTheSameTables() {
        assertThat(clean.get("read.vin")).startsWith(VINS + ":");
        assertThat(clean.get("read.configuration")).startsWith(CONFIGURATIONS + ":");

        ReaderWatch watch = ReaderWatch.start(db, VINS);
        Run first = vspec("projections", "rebuild", "--all", "--batch", "1000");
        watch.stop();
        assertThat(first.exit).as(first.err).isZero();
        assertThat(first.out)
                .contains("Reading " + TOPIC + " from offset 0")
                .contains("100%")
                .contains("events/s")
                .contains("Rebuilt aliases, configurations, epa, fluids, images, labor_times, parts");
        assertThat(checksums()).isEqualTo(clean);
        // a reader counting VINs all along saw the old table or the new one, never a part of one
        assertThat(watch.reads.get()).isPositive();
        assertThat(watch.partial.get()).isZero();

        assertThat(vspec("projections", "rebuild", "--all").exit).isZero();
        assertThat(checksums()).isEqualTo(clean);
        Run fromStore = vspec("projections", "rebuild", "--all", "--from-event-store");
        assertThat(fromStore.exit).as(fromStore.err).isZero();
        assertThat(fromStore.out).contains("Reading the event store");
        assertThat(checksums()).isEqualTo(clean);
        assertThat(vspec("projections", "rebuild", "--all", "--from-event-store").exit)
                .isZero();
        assertThat(checksums()).isEqualTo(clean);

        // and the running projections go on from the rebuilt tables' offsets: nothing is behind
        catchUp();
        assertThat(rebuildSchemaExists()).isFalse();
    }

    @Test
    @Order(2)
    void projectionsKilledWhileConsumingEndWithTheTablesOfACleanRebuild() {
        projections.destroyForcibly();
        awaitExit(projections);
        // as on a new database: the projections start over from offset 0, in small batches
        db.truncate(tables.toArray(Table[]::new)).execute();
        db.execute("DELETE FROM read.projection_offset");
        projections = startProjections(20);
        long total = topicRecords();
        await().atMost(CATCH_UP).pollInterval(Duration.ofMillis(20)).until(() -> appliedOffsets() > total / 3);
        projections.destroyForcibly();
        awaitExit(projections);
        assertThat(appliedOffsets())
                .as("killed before the projections had applied everything")
                .isLessThan(total * tables.size());

        projections = startProjections(500);
        catchUp();
        assertThat(checksums()).isEqualTo(clean);
    }

    @Test
    @Order(3)
    void aRebuildKilledHalfwayLeavesTheLiveTablesAndTheNextOneFinishes() throws IOException {
        Path log = work.resolve("rebuild.log");
        Process rebuild = java(
                log,
                VspecCli.class.getName(),
                "projections",
                "rebuild",
                "--all",
                "--batch",
                "50",
                "--db-url",
                database.url(),
                "--db-user",
                database.user(),
                "--kafka-bootstrap",
                broker.bootstrapServers());
        await().atMost(CATCH_UP).pollInterval(Duration.ofMillis(20)).until(() -> shadowOffsets() > 0);
        rebuild.destroyForcibly();
        awaitExit(rebuild);
        assertThat(Files.readString(log)).doesNotContain("Rebuilt ");
        assertThat(checksums()).isEqualTo(clean);

        Run again = vspec("projections", "rebuild", "--all");
        assertThat(again.exit).as(again.err).isZero();
        assertThat(checksums()).isEqualTo(clean);
    }

    @Test
    @Order(4)
    void refusesUnknownProjectionsAndUnreachableParts() {
        Run unknown = vspec("projections", "rebuild", "fluidz");
        assertThat(unknown.exit).isEqualTo(2);
        assertThat(unknown.err).contains("No projection named 'fluidz' (known: aliases, configurations, epa, fluids,");

        Run none = vspec("projections", "rebuild");
        assertThat(none.exit).isEqualTo(2);
        assertThat(none.err).contains("Name the projections to rebuild or say --all");

        Run noBroker = new Run(
                new CommandLine(new VspecCli()),
                "projections",
                "rebuild",
                "fluids",
                "--db-url",
                database.url(),
                "--db-user",
                database.user(),
                "--kafka-bootstrap",
                "127.0.0.1:1");
        assertThat(noBroker.exit).isEqualTo(1);
        assertThat(noBroker.err)
                .startsWith("vspec: Kafka at 127.0.0.1:1 failed: ")
                .contains("The live tables are as they were.");
        assertThat(checksums()).isEqualTo(clean);

        Run list = vspec("projections", "rebuild", "--list");
        assertThat(list.out.lines().toList())
                .containsExactly(
                        "aliases",
                        "configurations",
                        "epa",
                        "fluids",
                        "images",
                        "labor_times",
                        "parts",
                        "recalls",
                        "service_history",
                        "service_intervals",
                        "specs",
                        "tires",
                        "vins");
    }

    @Test
    @Order(5)
    void theRebuildBenchmarkLoadsTheRebuiltRowsWithCopyAndLeavesTheTables() {
        long rows = clean.values().stream()
                .mapToLong(checksum -> Long.parseLong(checksum.substring(0, checksum.indexOf(':'))))
                .sum();

        Run bench = harness("bench", "rebuild", "--min-events", "0");

        assertThat(bench.exit).as(bench.err).isZero();
        assertThat(bench.out)
                .contains("rebuild from the topic : ")
                .contains(String.format(Locale.ROOT, "COPY of the same rows   : %,d rows", rows))
                .contains("ratio");
        assertThat(checksums()).isEqualTo(clean);
        assertThat(rebuildSchemaExists()).isFalse();
    }

    private static boolean rebuildSchemaExists() {
        return db.fetchExists(
                DSL.table(DSL.name("information_schema", "schemata")),
                DSL.field(DSL.name("schema_name")).eq("rebuild"));
    }

    private static Map<String, String> checksums() {
        return TableChecksums.of(db, tables);
    }

    private static void catchUp() {
        new CatchUp(dataSource, broker.bootstrapServers(), TOPIC, new PrintWriter(Writer.nullWriter())).await(CATCH_UP);
    }

    private static long topicRecords() {
        return ((Number) db.fetchValue("SELECT count(*) FROM events.domainevententry")).longValue();
    }

    private static long appliedOffsets() {
        return ((Number) db.fetchValue("SELECT coalesce(sum(next_offset), 0) FROM read.projection_offset")).longValue();
    }

    /** Offsets the running rebuild has stored for its copies; 0 before it made them (or after it dropped them). */
    private static long shadowOffsets() {
        try {
            return db.fetchCount(DSL.table(DSL.name("rebuild", "projection_offset")));
        } catch (org.jooq.exception.DataAccessException e) {
            return 0;
        }
    }

    private static List<String> args() {
        return new ArrayList<>(List.of(
                "--server.port=0",
                "--spring.datasource.url=" + database.url(),
                "--spring.datasource.username=" + database.user(),
                "--spring.datasource.password=" + database.password(),
                "--spring.kafka.bootstrap-servers=" + broker.bootstrapServers(),
                "--spring.main.banner-mode=off",
                "--vspec.catalog.sample-on-first-start=false"));
    }

    private static Process startProjections(int maxPollRecords) {
        List<String> arguments = args();
        arguments.add("--vspec.projections.max-poll-records=" + maxPollRecords);
        // the consumers of a killed JVM hold their partitions until their session times out (Kafka's 45 s),
        // twice in a test that kills twice: the broker's shortest session ends that wait sooner
        arguments.add("--spring.kafka.consumer.properties.session.timeout.ms=6000");
        arguments.add("--spring.kafka.consumer.properties.heartbeat.interval.ms=1000");
        arguments.add(0, ProjectionsApplication.class.getName());
        return java(work.resolve("projections.log"), arguments.toArray(String[]::new));
    }

    /** A JVM on this test's class path; its output is appended to {@code log}. */
    private static Process java(Path log, String... mainAndArgs) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                // as the test JVM itself (the parent pom's argLine): they start and wait more than they compute
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path")));
        command.addAll(List.of(mainAndArgs));
        try {
            return new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start " + command, e);
        }
    }

    private static void awaitExit(Process process) {
        await().atMost(Duration.ofSeconds(30)).until(() -> !process.isAlive());
    }

    private static Run vspec(String... args) {
        return run(new CommandLine(new VspecCli()), args);
    }

    /** The test harness's command (its bench rebuild), on the same database and broker. */
    private static Run harness(String... args) {
        return run(new CommandLine(new Harness()), args);
    }

    private static Run run(CommandLine command, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of(
                "--db-url",
                database.url(),
                "--db-user",
                database.user(),
                "--kafka-bootstrap",
                broker.bootstrapServers()));
        return new Run(command, all.toArray(String[]::new));
    }

    /** One CLI run in this JVM, with its output. */
    private static final class Run {
        final int exit;
        final String out;
        final String err;

        Run(CommandLine cli, String... args) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            cli.setOut(new PrintWriter(out)).setErr(new PrintWriter(err));
            this.exit = cli.execute(args);
            this.out = out.toString();
            this.err = err.toString();
        }
    }

    /** Counts a table's rows over and over on its own connection until stopped, noting counts other than the full one. */
    private static final class ReaderWatch {
        final AtomicLong reads = new AtomicLong();
        final AtomicLong partial = new AtomicLong();
        final AtomicBoolean stop = new AtomicBoolean();
        CompletableFuture<Void> running;

        static ReaderWatch start(DSLContext db, long expected) {
            ReaderWatch watch = new ReaderWatch();
            watch.running = CompletableFuture.runAsync(() -> {
                while (!watch.stop.get()) {
                    long count = db.fetchCount(DSL.table(DSL.name("read", "vin")));
                    watch.reads.incrementAndGet();
                    if (count != expected) {
                        watch.partial.incrementAndGet();
                    }
                }
            });
            return watch;
        }

        void stop() {
            stop.set(true);
            running.join();
        }
    }
}
