package dev.vspec.cli.stack;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/**
 * What {@code vspec up} starts: where local state lives, which database, and the ports (0 picks a free one).
 *
 * @param dataDir      the broker's log and the stack's log file live here ({@code .vspec/})
 * @param dbUrl        JDBC URL of the database, or null for the embedded {@code vspec} database in the data directory
 * @param importSample import the sample catalog when the event store holds no configuration yet
 * @param properties   settings every deployable gets on top of its own (e.g. which enrichment vendor to use)
 */
public record StackSettings(
        Path dataDir,
        String dbUrl,
        String dbUser,
        String dbPassword,
        int kafkaPort,
        Map<Deployable, Integer> ports,
        boolean importSample,
        Map<String, String> properties) {

    public StackSettings {
        properties = Map.copyOf(properties);
        ports = new EnumMap<>(ports);
        for (Deployable deployable : Deployable.values()) {
            ports.putIfAbsent(deployable, deployable.defaultPort);
        }
    }

    /** Every port chosen by the system: for tests and for running beside another stack. */
    public static StackSettings onFreePorts(Path dataDir, String dbUrl, String dbUser, String dbPassword) {
        Map<Deployable, Integer> ports = new EnumMap<>(Deployable.class);
        for (Deployable deployable : Deployable.values()) {
            ports.put(deployable, 0);
        }
        return new StackSettings(dataDir, dbUrl, dbUser, dbPassword, 0, ports, true, Map.of());
    }

    /** These settings with the gateway on {@code port}. */
    public StackSettings withGatewayPort(int port) {
        Map<Deployable, Integer> all = new EnumMap<>(ports);
        all.put(Deployable.GATEWAY, port);
        return new StackSettings(dataDir, dbUrl, dbUser, dbPassword, kafkaPort, all, importSample, properties);
    }

    /** These settings with {@code more} properties for every deployable. */
    public StackSettings withProperties(Map<String, String> more) {
        Map<String, String> all = new HashMap<>(properties);
        all.putAll(more);
        return new StackSettings(dataDir, dbUrl, dbUser, dbPassword, kafkaPort, ports, importSample, all);
    }
}
