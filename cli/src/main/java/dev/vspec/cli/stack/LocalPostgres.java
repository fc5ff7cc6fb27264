package dev.vspec.cli.stack;

import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.cli.console.LocalDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Optional;

/** Finds the PostgreSQL the local stack uses: the configured URL when one is given, else the {@link LocalDatabase}. */
final class LocalPostgres {

    /** Where vspec's database was by default before the embedded one: the local server's {@code vspec} database. */
    static final String EARLIER_DEFAULT = "jdbc:postgresql://127.0.0.1:5432/vspec";

    private LocalPostgres() {}

    /** The database to use, started when it is the local one; a clear error when it cannot be reached. */
    static Database resolve(StackSettings settings) {
        String configuredUrl = settings.dbUrl();
        if (configuredUrl != null && !configuredUrl.isBlank()) {
            try (Connection ignored =
                    DriverManager.getConnection(configuredUrl, settings.dbUser(), settings.dbPassword())) {
                return new Database(configuredUrl, settings.dbUser(), settings.dbPassword(), null);
            } catch (SQLException e) {
                throw new StackException("Cannot connect to " + configuredUrl + " as user '" + settings.dbUser() + "': "
                        + e.getMessage());
            }
        }
        LocalDatabase local = LocalDatabase.in(settings.dataDir());
        try {
            return new Database(local.start(), LocalDatabase.USER, "", local);
        } catch (IllegalStateException e) {
            throw new StackException(e.getMessage(), e);
        }
    }

    /**
     * What to tell a user whose data may be in the local server's {@code vspec} database, where earlier versions
     * kept it by default, when this start makes a new embedded one instead: how to keep using the earlier one.
     */
    static Optional<String> earlierDatabaseNotice(StackSettings settings) {
        return earlierDatabaseNotice(settings, EARLIER_DEFAULT);
    }

    /** @param earlierUrl where the earlier version's data would be */
    static Optional<String> earlierDatabaseNotice(StackSettings settings, String earlierUrl) {
        if (settings.dbUrl() != null && !settings.dbUrl().isBlank()
                || LocalDatabase.in(settings.dataDir()).made()) {
            return Optional.empty();
        }
        try (Connection earlier = DriverManager.getConnection(
                earlierUrl + "?connectTimeout=2", settings.dbUser(), settings.dbPassword())) {
            if (!DatabaseOptions.hasEventStore(earlier)) {
                return Optional.empty();
            }
        } catch (SQLException e) {
            return Optional.empty();
        }
        return Optional.of("""
                Note: %s holds vspec's data from an earlier version, which used that database by default.
                  This start makes a new, empty database of its own (an embedded PostgreSQL in %s).
                  To keep using the earlier one, stop (Ctrl-C) and start with it named, for every command:
                    export VSPEC_DB_URL=%s
                    ./vspec up
                """.formatted(earlierUrl, settings.dataDir().resolve("postgres"), earlierUrl));
    }

    /** @param local the embedded database when that is the one used, which stops with the stack; else null */
    record Database(String url, String user, String password, LocalDatabase local) {

        void stopIfLocal() {
            if (local != null) {
                local.stop();
            }
        }
    }
}
