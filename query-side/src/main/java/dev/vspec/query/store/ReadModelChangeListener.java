package dev.vspec.query.store;

import dev.vspec.storage.ReadChangeNotifications;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Listens on PostgreSQL channel {@link ReadChangeNotifications#CHANNEL} (its triggers are in the V8 migration)
 * on a connection of its own, and drops from the {@link ConfigurationCache} what each notification
 * names. A lost connection stops the cache until listening resumes, which starts it empty.
 */
final class ReadModelChangeListener implements SmartLifecycle {

    private static final Duration POLL = Duration.ofMillis(500);
    private static final Duration RETRY = Duration.ofSeconds(2);
    private static final Logger log = LoggerFactory.getLogger(ReadModelChangeListener.class);

    private final ConfigurationCache cache;
    private final String url;
    private final String user;
    private final String password;
    private volatile boolean running;
    private Thread thread;

    ReadModelChangeListener(ConfigurationCache cache, String url, String user, String password) {
        this.cache = cache;
        this.url = url;
        this.user = user;
        this.password = password;
    }

    @Override
    public void start() {
        running = true;
        if (!cache.enabled()) {
            return;
        }
        thread = new Thread(this::listen, "read-model-changes");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void stop() {
        running = false;
        if (thread != null) {
            thread.interrupt();
        }
        cache.reportsStopped();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private void listen() {
        boolean failedBefore = false;
        while (running) {
            try (Connection connection = DriverManager.getConnection(url, user, password);
                    Statement listen = connection.createStatement()) {
                listen.execute("LISTEN " + ReadChangeNotifications.CHANNEL);
                PGConnection notifications = connection.unwrap(PGConnection.class);
                cache.reportsStarted();
                if (failedBefore) {
                    log.info("Listening for read-model changes again; the configuration cache is back on");
                    failedBefore = false;
                }
                while (running) {
                    PGNotification[] received = notifications.getNotifications((int) POLL.toMillis());
                    if (received != null) {
                        for (PGNotification notification : received) {
                            if (ReadChangeNotifications.ALL.equals(notification.getParameter())) {
                                cache.changedAll();
                            } else {
                                cache.changed(notification.getParameter());
                            }
                        }
                    }
                }
            } catch (SQLException e) {
                cache.reportsStopped();
                if (running) {
                    if (!failedBefore) {
                        log.warn(
                                "Lost the read-model change channel ({}); reading from the database only until it is back",
                                e.getMessage());
                    }
                    failedBefore = true;
                    LockSupport.parkNanos(RETRY.toNanos());
                }
            }
        }
    }
}
