package dev.vspec.cli.faults;

import dev.vspec.cli.stack.StackException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for parts that are killed and started again on the same port: free ones below the
 * system's ephemeral range, so that no outgoing connection takes a port while its part is down.
 */
final class StablePorts {

    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    private static final int LOWEST = 10_000;
    private static final int ATTEMPTS = 1_000;

    private final Set<Integer> given = new HashSet<>();
    private final int below;

    StablePorts() {
        below = Math.max(ephemeralStart(), LOWEST + 1_000);
    }

    synchronized int next() {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, below);
            if (!given.contains(port) && free(port)) {
                given.add(port);
                return port;
            }
        }
        throw new StackException("No free port found between " + LOWEST + " and " + below);
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
