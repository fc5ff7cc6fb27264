package dev.vspec.command.webhooks;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A webhook receiver on loopback that misbehaves below HTTP, where {@link WebhookReceiver}'s server
 * cannot: it reads each request, then answers as its {@link Behaviour} says, for as long as the
 * connection lasts. Each byte it trickles comes {@link #TRICKLE_EVERY} after the last, far sooner than
 * any timeout per read in the tests would notice.
 */
final class HostileReceiver implements AutoCloseable {

    static final Duration TRICKLE_EVERY = Duration.ofMillis(100);

    enum Behaviour {
        /** Reads the request and says nothing. */
        NEVER_ANSWERS,
        /** A status line, then a header that never ends, a byte at a time. */
        TRICKLES_HEAD,
        /** A whole 200 head, then a chunked body that never ends, a byte at a time. */
        TRICKLES_BODY
    }

    private static final byte[] STATUS_LINE = "HTTP/1.1 200 OK\r\nX-Trickle: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEAD =
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CHUNK = "1\r\na\r\n".getBytes(StandardCharsets.US_ASCII);

    private final Behaviour behaviour;
    private final ServerSocket server;
    private final ExecutorService connections = Executors.newCachedThreadPool();
    private final ScheduledExecutorService trickles = Executors.newSingleThreadScheduledExecutor();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger dropped = new AtomicInteger();

    HostileReceiver(Behaviour behaviour) throws IOException {
        this.behaviour = behaviour;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        connections.execute(this::accept);
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getLocalPort() + path;
    }

    /** Requests read in full. */
    int requests() {
        return requests.get();
    }

    /** Connections the sender closed while this receiver was still answering, or before it said anything. */
    int dropped() {
        return dropped.get();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                open.add(socket);
                connections.execute(() -> answer(socket));
            } catch (IOException e) {
                // closed
            }
        }
    }

    private void answer(Socket socket) {
        try {
            readRequest(socket.getInputStream());
            requests.incrementAndGet();
            switch (behaviour) {
                case NEVER_ANSWERS -> awaitClose(socket);
                case TRICKLES_HEAD -> trickle(socket, STATUS_LINE, new byte[] {'a'});
                case TRICKLES_BODY -> trickle(socket, HEAD, CHUNK);
            }
        } catch (IOException e) {
            close(socket);
        }
    }

    private void awaitClose(Socket socket) {
        try {
            while (socket.getInputStream().read() >= 0) {
                // the sender says nothing more; only its hanging up counts
            }
        } catch (IOException e) {
            // reset: hung up all the same
        }
        if (!server.isClosed()) {
            dropped.incrementAndGet();
        }
        close(socket);
    }

    /** Writes {@code head} at once, then {@code repeated} a byte at a time forever, until a write fails. */
    private void trickle(Socket socket, byte[] head, byte[] repeated) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(head);
        out.flush();
        AtomicLong written = new AtomicLong();
        AtomicReference<ScheduledFuture<?>> task = new AtomicReference<>();
        task.set(trickles.scheduleAtFixedRate(
                () -> {
                    try {
                        out.write(repeated[(int) (written.getAndIncrement() % repeated.length)]);
                        out.flush();
                    } catch (IOException e) {
                        dropped.incrementAndGet();
                        close(socket);
                        task.get().cancel(false);
                    }
                },
                TRICKLE_EVERY.toMillis(),
                TRICKLE_EVERY.toMillis(),
                TimeUnit.MILLISECONDS));
    }

    /** The request's head, then as many body bytes as its Content-Length says. */
    private static void readRequest(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int next = in.read();
            if (next < 0) {
                throw new IOException("the request ended in its head");
            }
            head.append((char) next);
        }
        long length = head.toString()
                .lines()
                .filter(line -> line.toLowerCase(Locale.ROOT).startsWith("content-length:"))
                .mapToLong(line -> Long.parseLong(
                        line.substring("content-length:".length()).strip()))
                .findFirst()
                .orElse(0);
        if (in.readNBytes((int) length).length != length) {
            throw new IOException("the request ended in its body");
        }
    }

    private void close(Socket socket) {
        open.remove(socket);
        try {
            socket.close();
        } catch (IOException e) {
            // closed already
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        open.forEach(this::close);
        trickles.shutdownNow();
        connections.shutdownNow();
    }
}
