package dev.vspec.platform.boot;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for deployables started on ports chosen beforehand (killed and started again on the same port, or given
 * on {@code vspec up}'s command line): free ones below the system's ephemeral range, so that no outgoing
 * connection and no bind to port 0 takes one between its choice and its use, each with its management port
 * ({@link ManagementPortDefault}: the port + 1000) free too.
 */
public final class StablePorts {

    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    private static final int LOWEST = 10_000;
    private static final int ATTEMPTS = 1_000;

    private final Set<Integer> given = new HashSet<>();
    private final int below;

    public StablePorts() {
        below = Math.max(ephemeralStart() - ManagementPortDefault.OFFSET, LOWEST + 1_000);
    }

    public synchronized int next() {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, below);
            if (!given.contains(port) && free(port) && free(port + ManagementPortDefault.OFFSET)) {
                given.add(port);
                return port;
            }
        }
        throw new IllegalStateException("No free port found between " + LOWEST + " and " + below);
    }

    private static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int ephemeralStart() {
        try {
            // proc files report no size, which Files.readString trusts
            return Integer.parseInt(
                    Files.readAllLines(EPHEMERAL_RANGE).get(0).trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return 32_768;
        }
    }
}
