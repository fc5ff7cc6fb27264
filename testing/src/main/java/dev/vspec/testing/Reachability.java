package dev.vspec.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.util.Collections;
import java.util.Optional;

/** Whether a port listens beyond this machine: tried on an address of this machine that is not loopback. */
public final class Reachability {

    private Reachability() {}

    /** An IPv4 address of this machine other than loopback, if it has one. */
    public static Optional<InetAddress> externalAddress() {
        try {
            for (NetworkInterface network : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (network.isUp() && !network.isLoopback()) {
                    for (InetAddress address : Collections.list(network.getInetAddresses())) {
                        if (address instanceof Inet4Address) {
                            return Optional.of(address);
                        }
                    }
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** True when something accepts a connection on {@code address}:{@code port}, false when it is refused. */
    public static boolean accepts(InetAddress address, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), 2000);
            return true;
        } catch (ConnectException refused) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
