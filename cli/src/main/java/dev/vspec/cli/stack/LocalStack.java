package dev.vspec.cli.stack;

import dev.vspec.cli.console.Messages;
import dev.vspec.command.catalog.SampleCatalogOnFirstStart;
import dev.vspec.events.kafka.EventTopicProperties;
import dev.vspec.platform.boot.StablePorts;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/**
 * The whole of vspec on one machine: a Kafka broker, every deployable in this JVM on its own
 * port, talking to each other over HTTP and Kafka as in production, on one PostgreSQL database (the
 * embedded {@link dev.vspec.cli.console.LocalDatabase} unless one is named). Closing it stops the deployables in
 * reverse order, then the broker, then the embedded database.
 */
public final class LocalStack implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LocalStack.class);
    private static final String SITE_URL = "vspec.site.url";
    private static final String SERVER_ADDRESS = "server.address";

    private final LocalPostgres.Database database;
    private volatile LocalKafkaBroker broker;
    private final Map<Deployable, ConfigurableApplicationContext> running = new EnumMap<>(Deployable.class);
    private final boolean sampleImported;

    private LocalStack(StackSettings requested) {
        // the site's address (the gateway's) is every deployable's configuration, so it is fixed first
        StackSettings settings = requested.withGatewayPort(gatewayPort(requested));
        database = LocalPostgres.resolve(settings);
        try {
            broker = LocalKafkaBroker.start(settings.dataDir().resolve("kafka"), settings.kafkaPort());
            for (Deployable deployable : Deployable.values()) {
                running.put(
                        deployable,
                        start(deployable, settings, requested.ports().get(deployable) == 0));
            }
            SampleCatalogOnFirstStart sample = running.get(Deployable.COMMAND_SIDE)
                    .getBeanProvider(SampleCatalogOnFirstStart.class)
                    .getIfAvailable();
            sampleImported = sample != null && sample.imported();
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * The gateway's port is known before anything starts: the deployables link to it (docs, the sandbox's origin).
     * Chosen below the ephemeral range, so that no connection made meanwhile takes it before the gateway binds it.
     */
    private static int gatewayPort(StackSettings settings) {
        int port = settings.ports().get(Deployable.GATEWAY);
        return port != 0 ? port : new StablePorts().next();
    }

    /** Starts everything and returns when every deployable is serving. */
    public static LocalStack start(StackSettings settings) {
        return new LocalStack(settings);
    }

    public int port(Deployable deployable) {
        return ((WebServerApplicationContext) running.get(deployable))
                .getWebServer()
                .getPort();
    }

    public String url(Deployable deployable) {
        return "http://127.0.0.1:" + port(deployable);
    }

    /** The port of the deployable's health, metrics and info, on 127.0.0.1 alone. */
    public int managementPort(Deployable deployable) {
        return running.get(deployable).getEnvironment().getRequiredProperty("local.management.port", Integer.class);
    }

    public String kafkaBootstrapServers() {
        return broker.bootstrapServers();
    }

    /** Stops the Kafka broker and leaves the deployables running, as in a broker outage; they retry until it is back. */
    public synchronized void stopBroker() {
        broker.close();
    }

    /** Starts the Kafka broker again on the same port and data directory, with everything it held. */
    public synchronized void startBroker() {
        broker = broker.startAgain();
    }

    public String databaseUrl() {
        return database.url();
    }

    /** A connection source for the stack's database, for operator commands run beside it. */
    public DataSource dataSource() {
        return new SimpleDriverDataSource(
                new org.postgresql.Driver(), database.url(), database.user(), database.password());
    }

    /** Waits until the read tables hold everything the event store holds. */
    public void awaitCaughtUp(Duration timeout, PrintWriter progress) {
        new CatchUp(dataSource(), kafkaBootstrapServers(), topic(), progress).await(timeout);
    }

    public String topic() {
        return running.get(Deployable.COMMAND_SIDE)
                .getBean(EventTopicProperties.class)
                .topic();
    }

    /** True when this start imported the sample catalog (the event store held no configuration before). */
    public boolean sampleImported() {
        return sampleImported;
    }

    public ConfigurableApplicationContext context(Deployable deployable) {
        return running.get(deployable);
    }

    /** @param freePorts the deployable was asked to take a free port: its management port is a free one too */
    private ConfigurableApplicationContext start(Deployable deployable, StackSettings settings, boolean freePorts) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=" + settings.ports().get(deployable),
                "--spring.datasource.url=" + database.url(),
                // the owner migrates; each deployable's pool logs in as its own role (storage's DeployableLogin)
                "--spring.flyway.user=" + database.user(),
                "--spring.flyway.password=" + (database.password() == null ? "" : database.password()),
                "--spring.kafka.bootstrap-servers=" + broker.bootstrapServers(),
                "--spring.main.banner-mode=off",
                // the application name is a JVM-wide logging property, wrong for all but one deployable here
                "--logging.include-application-name=false",
                "--vspec.catalog.sample-on-first-start=" + settings.importSample()));
        int gatewayPort = settings.ports().get(Deployable.GATEWAY);
        if (!settings.properties().containsKey(SITE_URL)) {
            // the site is the gateway: the sandbox's CORS origin and the base of docs links
            args.add("--" + SITE_URL + "=http://127.0.0.1:" + gatewayPort);
        }
        settings.properties().forEach((name, value) -> args.add("--" + name + "=" + value));
        if (freePorts) {
            // the gateway's free port was chosen above, so its own port + 1000 may be taken
            args.add("--management.server.port=0");
        }
        if (deployable != Deployable.GATEWAY && !settings.properties().containsKey(SERVER_ADDRESS)) {
            // only the gateway is for others to call; the rest answer this machine alone
            args.add("--" + SERVER_ADDRESS + "=127.0.0.1");
        }
        if (deployable == Deployable.GATEWAY) {
            args.add("--vspec.backends.command-side=" + url(Deployable.COMMAND_SIDE));
            args.add("--vspec.backends.query-side=" + url(Deployable.QUERY_SIDE));
            args.add("--vspec.backends.sandbox=" + url(Deployable.SANDBOX));
        }
        log.info("Starting {}", deployable.id);
        try {
            return deployable.run(application -> application.registerShutdownHook(false), args.toArray(String[]::new));
        } catch (RuntimeException e) {
            int port = settings.ports().get(deployable);
            throw new StackException(
                    deployable.id + " failed to start" + (port == 0 ? "" : " (port " + port + ")") + ": "
                            + Messages.root(e),
                    e);
        }
    }

    @Override
    public void close() {
        List<Deployable> order = new ArrayList<>(running.keySet());
        Collections.reverse(order);
        for (Deployable deployable : order) {
            try {
                running.get(deployable).close();
            } catch (RuntimeException e) {
                log.warn("{} did not stop cleanly: {}", deployable.id, e.toString());
            }
        }
        running.clear();
        if (broker != null) {
            broker.close();
        }
        database.stopIfLocal();
    }
}
