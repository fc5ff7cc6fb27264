package dev.vspec.decoding;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.decoder.VinDecoder;
import dev.vspec.decoder.VpicIndex;
import dev.vspec.decoder.VpicRelease;
import dev.vspec.decoder.VpicTables;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The VIN decoder over the vPIC release installed in a database, kept current: one background thread
 * listens on {@link VpicTables#CHANNEL} (the installer notifies it when it swaps a release in) and checks
 * the installed release now and then besides, in case a notification was missed; a new release is read
 * into a new index while the old one goes on answering, then swapped in. Deployables that decode ask it
 * for the current decoder and answer 503 while there is none.
 *
 * <p>One source per database serves the whole JVM ({@link #shared}): in {@code vspec up} the query side,
 * the command side and the sandbox share one index instead of holding three.
 */
public final class DecoderSource implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(DecoderSource.class);
    private static final Duration LISTEN_POLL = Duration.ofMillis(500);
    private static final Duration CHECK_EVERY = Duration.ofSeconds(60);
    private static final Duration RETRY = Duration.ofSeconds(2);
    private static final Map<String, DecoderSource> SHARED = new HashMap<>();

    /** What a source holds: nothing yet, the decoder of a release, or the news that none is installed. */
    public enum State {
        STARTING,
        LOADING,
        READY,
        NOT_INSTALLED
    }

    private final String key;
    private final String url;
    private final String user;
    private final String password;
    private final Clock clock;
    private volatile VinDecoder decoder;
    private volatile State state = State.STARTING;
    private volatile boolean running = true;
    private int users;
    private final Thread thread;

    private DecoderSource(String key, String url, String user, String password, Clock clock) {
        this.key = key;
        this.url = url;
        this.user = user;
        this.password = password;
        this.clock = clock;
        this.thread = new Thread(this::watch, "vpic-decoder");
        this.thread.setDaemon(true);
    }

    /**
     * The source for this database, shared by every caller in the JVM until the last one closes it.
     * It starts loading at once; callers do not wait for it. Callers logging in as different roles share it
     * too: each deployable's role reads the release (as a member of the database's decoder role), so the
     * first caller's login serves all.
     */
    public static DecoderSource shared(String url, String user, String password, Clock clock) {
        String key = url;
        synchronized (SHARED) {
            DecoderSource source = SHARED.get(key);
            if (source == null) {
                source = new DecoderSource(key, url, user, password, clock);
                SHARED.put(key, source);
                source.thread.start();
            }
            source.users++;
            return source;
        }
    }

    /**
     * A source that always answers with this decoder and watches no database: for code that decodes without
     * a deployment around it (unit tests, tools).
     */
    public static DecoderSource of(VinDecoder decoder) {
        DecoderSource source = new DecoderSource("fixed", null, null, null, null);
        source.decoder = decoder;
        source.state = State.READY;
        source.users = 1;
        return source;
    }

    /** The current decoder, or null while none is loaded. */
    public VinDecoder current() {
        return decoder;
    }

    /**
     * The current decoder.
     *
     * @throws ApiException 503 {@code service_unavailable} when no vPIC release is installed or it is still loading
     */
    public VinDecoder require() {
        VinDecoder current = decoder;
        if (current != null) {
            return current;
        }
        throw new ApiException(
                ErrorCode.SERVICE_UNAVAILABLE,
                state == State.NOT_INSTALLED
                        ? "VIN decoding needs NHTSA's vPIC data, which is not installed here; an operator installs it with"
                                + " `vspec vpic install` (VINs the catalog already holds still resolve)"
                        : "The VIN decoder is loading NHTSA's vPIC data; retry in a few seconds");
    }

    public State state() {
        return decoder != null ? State.READY : state;
    }

    /** The release being answered from, or null. */
    public VpicRelease release() {
        VinDecoder current = decoder;
        return current == null ? null : current.release();
    }

    /** Checks the installed release now and loads it when it is not the one held (what a notification does). */
    public void refresh() {
        try (Connection connection = connect()) {
            check(connection);
        } catch (SQLException e) {
            log.warn("Could not read the installed vPIC release: {}", e.getMessage());
        }
    }

    @Override
    public void close() {
        synchronized (SHARED) {
            if (--users > 0) {
                return;
            }
            SHARED.remove(key, this);
        }
        running = false;
        if (thread.isAlive()) {
            thread.interrupt();
        }
        decoder = null;
    }

    private void watch() {
        boolean failedBefore = false;
        while (running) {
            try (Connection connection = connect();
                    Statement listen = connection.createStatement()) {
                listen.execute("LISTEN " + VpicTables.CHANNEL);
                PGConnection notifications = connection.unwrap(PGConnection.class);
                if (failedBefore) {
                    log.info("Watching the installed vPIC release again");
                    failedBefore = false;
                }
                check(connection);
                long nextCheck = System.nanoTime() + CHECK_EVERY.toNanos();
                while (running) {
                    PGNotification[] received = notifications.getNotifications((int) LISTEN_POLL.toMillis());
                    if ((received != null && received.length > 0) || System.nanoTime() > nextCheck) {
                        check(connection);
                        nextCheck = System.nanoTime() + CHECK_EVERY.toNanos();
                    }
                }
            } catch (SQLException e) {
                if (running) {
                    if (!failedBefore) {
                        log.warn(
                                "Lost the connection that watches the vPIC release ({}); the decoder held goes on"
                                        + " answering, and the watch resumes when the database is back",
                                e.getMessage());
                    }
                    failedBefore = true;
                    LockSupport.parkNanos(RETRY.toNanos());
                }
            } catch (RuntimeException e) {
                // a release the decoder cannot index: keep what is held, say so, and look again later
                log.error("The installed vPIC release cannot be indexed; the decoder keeps the release it held", e);
                LockSupport.parkNanos(CHECK_EVERY.toNanos());
            }
        }
    }

    private void check(Connection connection) throws SQLException {
        VpicRelease installed = VpicTables.installedRelease(connection, VpicTables.SCHEMA);
        if (installed == null) {
            if (decoder != null) {
                log.warn(
                        "The vPIC release was removed from the database; VIN decoding answers 503 until one is installed");
            }
            decoder = null;
            state = State.NOT_INSTALLED;
            return;
        }
        VinDecoder current = decoder;
        if (current != null && current.release().sha256().equals(installed.sha256())) {
            return;
        }
        state = State.LOADING;
        long start = System.nanoTime();
        VpicIndex index = VpicTables.load(connection, VpicTables.SCHEMA);
        if (index == null) {
            decoder = null;
            state = State.NOT_INSTALLED;
            return;
        }
        decoder = VinDecoder.ready(index, clock);
        state = State.READY;
        log.info(
                "VIN decoder ready: {} ({} WMIs, {} VIN schemas, {} patterns) in {} ms",
                index.release().describedAs(),
                index.wmiCount(),
                index.schemaCount(),
                index.patternCount(),
                (System.nanoTime() - start) / 1_000_000);
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(url, user, password);
    }
}
