package dev.vspec.harness.faults;

import dev.vspec.command.relay.KafkaRelay;
import dev.vspec.platform.boot.StablePorts;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The production topology as separate processes on one database: a broker, command sides,
 * projections consumers, query sides and the gateway in front of them, each part on a port that
 * stays its own across restarts.
 */
final class Topology implements AutoCloseable {

    private static final Duration READY = Duration.ofMinutes(5);
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final PartProcess broker;
    private final List<PartProcess> commandSides;
    private final List<PartProcess> projections;
    private final List<PartProcess> querySides;
    private final PartProcess gateway;
    private final String kafkaBootstrap;
    private final String gatewayUrl;

    private Topology(DrillSettings settings, String databaseUrl, Path work, Path vendorCatalog) {
        StablePorts ports = new StablePorts();
        int kafkaPort = ports.next();
        int gatewayPort = ports.next();
        kafkaBootstrap = "127.0.0.1:" + kafkaPort;
        gatewayUrl = "http://127.0.0.1:" + gatewayPort;
        List<String> java = javaOptions(settings, work);
        Path logs = work.resolve("logs");
        Map<String, String> common = environment(settings, databaseUrl, kafkaBootstrap, gatewayUrl);
        broker = new PartProcess(
                "kafka",
                null,
                "kafka",
                List.of("--data-dir", work.toString(), "--kafka-port", Integer.toString(kafkaPort)),
                Map.of(),
                java,
                logs,
                () -> brokerAnswers(kafkaBootstrap));
        commandSides = instances(
                "command-side",
                settings.commandSides(),
                ports,
                java,
                logs,
                common,
                index -> Map.of(
                        "VSPEC_VENDOR_CATALOG", vendorCatalog.toUri().toString(),
                        // the first one imports the sample catalog into the empty event store, before the others start
                        "VSPEC_SAMPLE_ON_FIRST_START", Boolean.toString(index == 1)));
        projections = instances("projections", settings.projections(), ports, java, logs, common, index -> Map.of());
        querySides = instances(
                "query-side",
                settings.querySides(),
                ports,
                java,
                logs,
                common,
                index -> Map.of("VSPEC_QUERY_CACHE_SIZE", "32MB"));
        Map<String, String> backends = new HashMap<>(Map.of(
                "VSPEC_COMMAND_SIDE_URL", urls(commandSides),
                "VSPEC_QUERY_SIDE_URL", urls(querySides),
                "VSPEC_SANDBOX_URL", ""));
        gateway = new PartProcess(
                "gateway",
                gatewayUrl,
                "gateway",
                List.of("--server.port=" + gatewayPort),
                backends,
                java,
                logs,
                () -> answers(gatewayUrl + "/actuator/health/readiness"));
    }

    /** Each part's JVM: a small heap, quick to start, and ended at once by an out-of-memory error. */
    private static List<String> javaOptions(DrillSettings settings, Path work) {
        return List.of(
                "-Xmx" + settings.heap(),
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-XX:+ExitOnOutOfMemoryError",
                "-Djava.io.tmpdir=" + work.resolve("tmp"));
    }

    /** What every deployable is configured with: the drill's database and broker, and the gateway as the site. */
    private static Map<String, String> environment(
            DrillSettings settings, String databaseUrl, String kafkaBootstrap, String gatewayUrl) {
        return Map.of(
                "VSPEC_DB_URL",
                databaseUrl,
                "VSPEC_DB_USER",
                "postgres",
                "VSPEC_DB_PASSWORD",
                "",
                "VSPEC_KAFKA_BOOTSTRAP",
                kafkaBootstrap,
                "VSPEC_EVENTS_PARTITIONS",
                Integer.toString(settings.partitions()),
                "VSPEC_SITE_URL",
                gatewayUrl);
    }

    /** Starts every part and returns once all of them serve. */
    static Topology start(DrillSettings settings, String databaseUrl, Path work, Path vendorCatalog, PrintWriter out) {
        Topology topology = new Topology(settings, databaseUrl, work, vendorCatalog);
        try {
            topology.startAll(out);
        } catch (RuntimeException e) {
            topology.close();
            throw e;
        }
        return topology;
    }

    private void startAll(PrintWriter out) {
        say(out, "Starting the broker and " + commandSides.get(0).name() + " (which imports the sample catalog) ...");
        broker.start();
        broker.awaitReady(READY);
        commandSides.get(0).start();
        commandSides.get(0).awaitReady(READY);
        List<PartProcess> rest = all().stream()
                .filter(part -> part != broker && part != commandSides.get(0))
                .toList();
        say(out, "Starting " + rest.stream().map(PartProcess::name).collect(Collectors.joining(", ")) + " ...");
        rest.forEach(PartProcess::start);
        rest.forEach(part -> part.awaitReady(READY));
    }

    List<PartProcess> all() {
        return Stream.of(List.of(broker), commandSides, projections, querySides, List.of(gateway))
                .flatMap(List::stream)
                .toList();
    }

    PartProcess broker() {
        return broker;
    }

    List<PartProcess> commandSides() {
        return commandSides;
    }

    List<PartProcess> projections() {
        return projections;
    }

    List<PartProcess> querySides() {
        return querySides;
    }

    PartProcess gateway() {
        return gateway;
    }

    String kafkaBootstrap() {
        return kafkaBootstrap;
    }

    String gatewayUrl() {
        return gatewayUrl;
    }

    /** The command side whose relay publishes now (Axon names a segment's owner {@code <pid>@<host>}). */
    Optional<PartProcess> relayOwner(DataSource dataSource) {
        List<String> owners = new JdbcTemplate(dataSource)
                .queryForList(
                        "select owner from events.tokenentry where processorname = ? and owner is not null",
                        String.class,
                        KafkaRelay.PROCESSING_GROUP);
        return commandSides.stream()
                .filter(part -> owners.stream().anyMatch(owner -> owner.startsWith(part.pid() + "@")))
                .findFirst();
    }

    /** Waits until every part serves again (after the database or the broker came back). */
    void awaitAllReady() {
        all().forEach(part -> part.awaitReady(READY));
    }

    @Override
    public void close() {
        List<PartProcess> stopOrder = new ArrayList<>(all());
        Collections.reverse(stopOrder);
        stopOrder.forEach(PartProcess::stop);
    }

    private static List<PartProcess> instances(
            String part,
            int count,
            StablePorts ports,
            List<String> java,
            Path logs,
            Map<String, String> common,
            Function<Integer, Map<String, String>> own) {
        List<PartProcess> instances = new ArrayList<>();
        for (int index = 1; index <= count; index++) {
            int port = ports.next();
            Map<String, String> environment = new HashMap<>(common);
            environment.putAll(own.apply(index));
            String url = "http://127.0.0.1:" + port;
            instances.add(new PartProcess(
                    part + "-" + index,
                    url,
                    part,
                    List.of("--server.port=" + port),
                    environment,
                    java,
                    logs,
                    () -> answers(url + "/actuator/health/readiness")));
        }
        return instances;
    }

    private static String urls(List<PartProcess> instances) {
        return instances.stream().map(PartProcess::url).collect(Collectors.joining(","));
    }

    private static void say(PrintWriter out, String line) {
        out.println(line);
        out.flush();
    }

    private static boolean answers(String url) {
        try {
            return HTTP.send(
                                    HttpRequest.newBuilder(URI.create(url))
                                            .timeout(Duration.ofSeconds(5))
                                            .GET()
                                            .build(),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode()
                    == 200;
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static boolean brokerAnswers(String bootstrap) {
        try (Admin admin = Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                3000,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
                2000))) {
            return !admin.describeCluster(new DescribeClusterOptions().timeoutMs(2000))
                    .nodes()
                    .get(3, TimeUnit.SECONDS)
                    .isEmpty();
        } catch (Exception e) {
            return false;
        }
    }
}
