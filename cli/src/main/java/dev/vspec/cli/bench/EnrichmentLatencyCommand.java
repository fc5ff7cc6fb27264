package dev.vspec.cli.bench;

import dev.vspec.cli.console.Messages;
import dev.vspec.cli.stack.Deployable;
import dev.vspec.cli.stack.LocalStack;
import dev.vspec.cli.vpic.VpicSetup;
import dev.vspec.cli.stack.StackSettings;
import dev.vspec.command.enrichment.EnrichmentRequests;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.infra.access.ApiKeyStore;
import dev.vspec.infra.access.NewKey;
import dev.vspec.contracts.access.Plan;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code vspec bench enrichment}: how long a new VIN takes from {@code POST /api/v0/enrich} to its
 * first successful read ({@code GET /api/v1/fluids?vin=} answering 200), through the gateway of a
 * local stack this command starts for itself (fresh database, in-process broker, the reference
 * vendor serving a generated catalog of many VINs); and, on the same broker in the same run, a
 * bare Kafka produce-to-consume round trip. Prints the median and p99 of both and their ratios.
 */
@Command(name = "enrichment", mixinStandardHelpOptions = true,
        description = "Time from POST /api/v0/enrich to the first successful read of the VIN, against a bare Kafka round trip.")
public final class EnrichmentLatencyCommand implements Callable<Integer> {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String VENDOR_CATALOG = "/catalog/reference-vendor/catalog.json";
    /** A key may schedule so many runs a day; the benchmark spreads its VINs over as many keys as it needs. */
    private static final int RUNS_PER_KEY = EnrichmentRequests.RUNS_PER_DAY;

    @Spec
    CommandSpec spec;

    @Option(names = "--vins", defaultValue = "200", description = "VINs measured (default: ${DEFAULT-VALUE})")
    int vins;

    @Option(names = "--warmup", defaultValue = "400", description = "VINs enriched first and not measured (default: ${DEFAULT-VALUE})")
    int warmup;

    @Option(names = "--round-trips", defaultValue = "2000", description = "Kafka round trips measured (default: ${DEFAULT-VALUE})")
    int roundTrips;

    @Option(names = "--db-server", defaultValue = "jdbc:postgresql://127.0.0.1:5432/",
            description = "PostgreSQL server the benchmark creates its own database on, and drops it after (default: ${DEFAULT-VALUE})")
    String dbServer;

    @Option(names = "--db-user", defaultValue = "${env:VSPEC_DB_USER:-postgres}",
            description = "The user it connects to that server as (default: VSPEC_DB_USER or ${DEFAULT-VALUE})")
    String dbUser;

    @Option(names = "--db-password", defaultValue = "${env:VSPEC_DB_PASSWORD:-}",
            description = "That user's password (default: VSPEC_DB_PASSWORD, which keeps it out of the process list)")
    String dbPassword;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path dataDir = Files.createTempDirectory("vspec-bench-enrichment");
        // read by logback.xml, as for vspec up: the stack logs to a file, warnings also to the console
        System.setProperty("VSPEC_LOG_FILE", dataDir.resolve("vspec.log").toString());
        System.setProperty("VSPEC_CONSOLE_LOG_THRESHOLD", "WARN");
        String database = "vspec_bench_" + Long.toHexString(System.currentTimeMillis());
        Path vendorCatalog = dataDir.resolve("vendor-catalog.json");
        List<String> vendorVins = writeVendorCatalog(vendorCatalog, warmup + vins);
        createDatabase(database);
        try {
            StackSettings settings = StackSettings.onFreePorts(dataDir, dbServer + database, dbUser, dbPassword)
                    .withProperties(Map.of("vspec.enrichment.vendor.catalog", vendorCatalog.toUri().toString()));
            out.println("Starting a local stack on database " + database + " (logs: " + dataDir.resolve("vspec.log") + ") ...");
            out.flush();
            try (LocalStack stack = LocalStack.start(settings)) {
                // enrichment decodes each VIN with vPIC, as on a stack ./vspec up started
                if (VpicSetup.onStart(stack.dataSource(), out, true).isEmpty()) {
                    return Messages.fail(spec, "No NHTSA vPIC release could be installed; enrichment cannot decode VINs without one");
                }
                stack.awaitCaughtUp(Duration.ofMinutes(5), new PrintWriter(Writer.nullWriter()));
                String gateway = stack.url(Deployable.GATEWAY);
                ApiKeyStore keys = new ApiKeyStore(DSL.using(stack.dataSource(), SQLDialect.POSTGRES));
                String reader = keys.issue(new NewKey("enrichment benchmark reads", Plan.ENTERPRISE, null, 1_000_000L,
                        1_000_000_000L, null)).key();

                awaitDecoding(gateway, reader, vendorVins.get(0));
                out.printf("Enriching %d VINs to warm up, then measuring %d ...%n", warmup, vins);
                out.flush();
                List<String> writers = new ArrayList<>();
                for (int i = 0; i < (warmup + vins + RUNS_PER_KEY - 1) / RUNS_PER_KEY; i++) {
                    writers.add(keys.issue(NewKey.of("enrichment benchmark " + i, Plan.SCALE)).key());
                }
                Latencies enrichment = new Latencies(vins);
                Latencies untilProcessed = new Latencies(vins);
                Latencies processing = new Latencies(vins);
                Latencies untilReadable = new Latencies(vins);
                for (int i = 0; i < warmup + vins; i++) {
                    String writer = writers.get(i / RUNS_PER_KEY);
                    long start = System.nanoTime();
                    String poll = enrichToFirstRead(gateway, writer, reader, vendorVins.get(i));
                    long took = System.nanoTime() - start;
                    if (i >= warmup) {
                        enrichment.add(took);
                        JsonNode job = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(gateway + poll))
                                .header("Authorization", "Bearer " + writer).GET().build(), HttpResponse.BodyHandlers.ofString()).body());
                        long scheduled = Instant.parse(job.get("scheduled_at").asString()).toEpochMilli();
                        long decoded = Instant.parse(job.get("steps").get(0).get("at").asString()).toEpochMilli();
                        long completed = Instant.parse(job.get("updated_at").asString()).toEpochMilli();
                        untilProcessed.add((decoded - scheduled) * 1_000_000);
                        processing.add((completed - decoded) * 1_000_000);
                        untilReadable.add(Math.max(0, took - (completed - scheduled) * 1_000_000));
                    }
                }
                out.printf("Measuring %d Kafka produce-to-consume round trips on the same broker ...%n", roundTrips);
                out.flush();
                Latencies kafka = kafkaRoundTrips(stack.kafkaBootstrapServers(), roundTrips);
                report(out, enrichment, kafka);
                out.println();
                out.println("Where an enrichment's time goes (from the job's own timestamps; medians, ms):");
                out.printf("  scheduled -> the process starts (enrichment processor picks the event up) %8.1f%n", untilProcessed.percentileMillis(50));
                out.printf("  the process: decode, vendor, catalog commands, link, complete             %8.1f%n", processing.percentileMillis(50));
                out.printf("  completed -> first 200 read (relay, Kafka, projections, client's polling) %8.1f%n", untilReadable.percentileMillis(50));
                out.flush();
            }
        } finally {
            dropDatabase(database);
        }
        return 0;
    }

    /** Waits until the stack decodes VINs: a release installed just now is loaded by every decoder in the background. */
    private void awaitDecoding(String gateway, String reader, String vin) throws IOException, InterruptedException {
        HttpRequest decode = HttpRequest.newBuilder(URI.create(gateway + "/api/v1/decode?vin=" + vin))
                .header("Authorization", "Bearer " + reader).timeout(Duration.ofSeconds(30)).GET().build();
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        int status;
        while ((status = http.send(decode, HttpResponse.BodyHandlers.discarding()).statusCode()) == 503) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("The stack did not decode VINs within 2 minutes of installing vPIC");
            }
            LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
        }
        if (status != 200) {
            throw new IllegalStateException("GET /api/v1/decode?vin=" + vin + " answered " + status);
        }
    }

    /** POSTs the VIN, then reads its fluids until they answer 200; returns the job's poll path. */
    private String enrichToFirstRead(String gateway, String writer, String reader, String vin) throws IOException, InterruptedException {
        long start = System.nanoTime();
        HttpResponse<String> posted = http.send(HttpRequest.newBuilder(URI.create(gateway + "/api/v0/enrich"))
                .header("Authorization", "Bearer " + writer)
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString("{\"vin\": \"" + vin + "\"}")).build(), HttpResponse.BodyHandlers.ofString());
        if (posted.statusCode() != 202) {
            throw new IllegalStateException("POST /api/v0/enrich for " + vin + " answered " + posted.statusCode() + ": " + posted.body());
        }
        HttpRequest read = HttpRequest.newBuilder(URI.create(gateway + "/api/v1/fluids?vin=" + vin))
                .header("Authorization", "Bearer " + reader).timeout(Duration.ofSeconds(30)).GET().build();
        long deadline = start + Duration.ofMinutes(1).toNanos();
        while (true) {
            int status = http.send(read, HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status == 200) {
                return JSON.readTree(posted.body()).get("poll").asString();
            }
            // 404 (not held) or 409 (the VIN's decode matches several held trims) until the VIN is linked
            if ((status != 404 && status != 409) || System.nanoTime() > deadline) {
                throw new IllegalStateException("VIN " + vin + " did not become readable (last answer " + status + ")");
            }
            // a short pause, so that polling does not take the CPU from the stack it measures
            LockSupport.parkNanos(Duration.ofMillis(1).toNanos());
        }
    }

    /** Sends one record at a time with the relay's producer settings and waits until a consumer has it. */
    private static Latencies kafkaRoundTrips(String bootstrapServers, int count) throws Exception {
        String topic = "vspec-bench-round-trip-" + UUID.randomUUID();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrapServers))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
        }
        Properties producerSettings = new Properties();
        producerSettings.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        producerSettings.put(ProducerConfig.ACKS_CONFIG, "all");
        producerSettings.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        Properties consumerSettings = new Properties();
        consumerSettings.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        consumerSettings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        byte[] payload = new byte[512];
        Latencies latencies = new Latencies(count);
        TopicPartition partition = new TopicPartition(topic, 0);
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(producerSettings, new StringSerializer(), new ByteArraySerializer());
                KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(consumerSettings, new StringDeserializer(), new ByteArrayDeserializer())) {
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            for (int i = 0; i < count + count / 10; i++) {
                long start = System.nanoTime();
                producer.send(new ProducerRecord<>(topic, "key-" + i, payload));
                int received = 0;
                while (received == 0) {
                    ConsumerRecords<String, byte[]> records = consumer.poll(Duration.ofMillis(100));
                    received = records.count();
                }
                if (i >= count / 10) {
                    latencies.add(System.nanoTime() - start);
                }
            }
        }
        return latencies;
    }

    private static void report(PrintWriter out, Latencies enrichment, Latencies kafka) {
        double enrichMedian = enrichment.percentileMillis(50);
        double enrichP99 = enrichment.percentileMillis(99);
        double kafkaMedian = kafka.percentileMillis(50);
        double kafkaP99 = kafka.percentileMillis(99);
        out.println();
        out.printf("%-46s %10s %10s%n", "", "median ms", "p99 ms");
        out.printf("%-46s %10.1f %10.1f%n", "POST /v0/enrich -> first 200 read (" + enrichment.count() + " VINs)", enrichMedian, enrichP99);
        out.printf("%-46s %10.2f %10.2f%n", "Kafka produce -> consume (" + kafka.count() + " records)", kafkaMedian, kafkaP99);
        out.printf("%-46s %10.1f %10.1f%n", "ratio enrichment / Kafka round trip", enrichMedian / kafkaMedian, enrichP99 / kafkaP99);
        out.flush();
    }

    /**
     * A vendor catalog of {@code count} configurations, one VIN each, so that every measured VIN is
     * new to the service down to its configuration: copies of the shipped reference vendor's
     * configurations, each with a numbered trim and a VIN with the original's WMI, VDS, model year
     * and plant, a new serial and a valid check digit. Service histories are left out: they belong
     * to the shipped VINs.
     */
    public static List<String> writeVendorCatalog(Path target, int count) throws IOException {
        JsonNode reference;
        try (InputStream in = EnrichmentLatencyCommand.class.getResourceAsStream(VENDOR_CATALOG)) {
            if (in == null) {
                throw new IllegalStateException("The reference vendor's catalog " + VENDOR_CATALOG + " is not on the class path");
            }
            reference = JSON.readTree(in);
        }
        JsonNode templates = reference.get("configurations");
        ObjectNode catalog = JSON.createObjectNode();
        catalog.put("format", reference.get("format").asString());
        catalog.put("description", "SAMPLE DATA generated by vspec bench enrichment: copies of the reference vendor's "
                + "configurations with numbered trims and generated VINs.");
        ArrayNode configurations = catalog.putArray("configurations");
        List<String> vins = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ObjectNode configuration = (ObjectNode) templates.get(i % templates.size()).deepCopy();
            String template = configuration.get("vins").get(0).asString();
            String withoutCheckDigit = template.substring(0, 8) + "?" + template.substring(9, 11) + (700_000 + i);
            String vin = withoutCheckDigit.replace('?', Vin.checkDigitOf(withoutCheckDigit));
            String trim = configuration.get("trim").asString() + " B" + (1000 + i);
            configuration.put("trim", trim);
            configuration.put("label", configuration.get("year").asInt() + " " + configuration.get("make").asString() + " "
                    + configuration.get("model").asString() + " " + trim);
            configuration.putArray("vins").add(vin);
            configuration.remove("service_history");
            configurations.add(configuration);
            vins.add(vin);
        }
        Files.writeString(target, JSON.writeValueAsString(catalog));
        return vins;
    }

    private void createDatabase(String database) throws SQLException {
        try (Connection admin = DriverManager.getConnection(dbServer + "postgres", dbUser, dbPassword);
                Statement create = admin.createStatement()) {
            create.execute("CREATE DATABASE " + database);
        }
    }

    private void dropDatabase(String database) throws SQLException {
        try (Connection admin = DriverManager.getConnection(dbServer + "postgres", dbUser, dbPassword);
                Statement drop = admin.createStatement()) {
            drop.execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
        }
    }
}
