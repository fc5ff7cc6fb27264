package dev.vspec.cli.stack;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/**
 * What {@code vspec up} starts: where local state lives, which database, and the ports (0 picks a free one).
 *
 * @param dataDir      the broker's log and the stack's log file live here ({@code .vspec/})
 * @param dbUrl        JDBC URL of the database, or null for the local server's {@code vspec} database
 * @param importSample import the sample catalog when the event store holds no configuration yet
 */
public record StackSettings(
        Path dataDir, String dbUrl, String dbUser, String dbPassword, int kafkaPort,
        Map<Deployable, Integer> ports, boolean importSample) {

    public StackSettings {
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
        return new StackSettings(dataDir, dbUrl, dbUser, dbPassword, 0, ports, true);
    }
}
