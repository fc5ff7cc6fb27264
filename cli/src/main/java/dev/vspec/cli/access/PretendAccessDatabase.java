package dev.vspec.cli.access;

import static dev.vspec.storage.jooq.access.Tables.ACCESS_REQUEST;
import static dev.vspec.storage.jooq.access.Tables.API_KEY;

import dev.vspec.storage.jooq.access.tables.records.AccessRequestRecord;
import dev.vspec.storage.jooq.access.tables.records.ApiKeyRecord;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Properties;
import java.util.logging.Logger;
import org.flywaydb.core.api.MigrationVersion;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record2;
import org.jooq.Record3;
import org.jooq.Result;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.jooq.tools.jdbc.MockConnection;
import org.jooq.tools.jdbc.MockExecuteContext;
import org.jooq.tools.jdbc.MockResult;

/**
 * A database that only pretends, for the class data sharing training run: an in-process driver for
 * {@value #URL} answering each statement the key and access-request listings send as a current vspec database
 * with one key and one request would. Nothing is connected to. It pays for itself: the listings' jOOQ, Hikari and
 * driver classes then come from the archive (2,800 of 4,500 classes instead of 1,200), and {@code keys list --json}
 * starts and answers in 1.2 s instead of 2.2 s (issue 39, measured on 2 cores).
 */
public final class PretendAccessDatabase {

    public static final String URL = "jdbc:vspec-training:";

    private PretendAccessDatabase() {}

    /** Makes {@value #URL} reachable through {@link DriverManager}. */
    public static void register() throws SQLException {
        DriverManager.registerDriver(new PretendDriver());
    }

    private static MockResult[] answer(MockExecuteContext context) {
        DSLContext dsl = DSL.using(SQLDialect.POSTGRES);
        String sql = context.sql().toLowerCase(Locale.ROOT);
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        if (sql.contains("flyway_schema_history")) {
            Field<String> version = DSL.field("version", String.class);
            Field<String> type = DSL.field("type", String.class);
            Field<Boolean> success = DSL.field("success", Boolean.class);
            Result<Record3<String, String, Boolean>> history = dsl.newResult(version, type, success);
            for (MigrationVersion applied : SchemaCheck.migrations(PretendAccessDatabase.class.getClassLoader())
                    .orElseThrow()) {
                history.add(dsl.newRecord(version, type, success).values(applied.getVersion(), "SQL", true));
            }
            return new MockResult[] {new MockResult(history.size(), history)};
        }
        if (sql.contains("access_request_id\" is not null")) {
            Result<Record2<Long, Long>> answered = dsl.newResult(API_KEY.ACCESS_REQUEST_ID, API_KEY.ID);
            answered.add(dsl.newRecord(API_KEY.ACCESS_REQUEST_ID, API_KEY.ID).values(1L, 1L));
            return new MockResult[] {new MockResult(1, answered)};
        }
        if (sql.contains("\"api_key\"")) {
            ApiKeyRecord key = new ApiKeyRecord(
                    1L,
                    "vsk_live_AbCdEfGh",
                    "0".repeat(64),
                    "training@example.com",
                    "pro",
                    "maintenance:read labor:read",
                    null,
                    null,
                    1L,
                    now,
                    now);
            Result<ApiKeyRecord> keys = dsl.newResult(API_KEY);
            keys.add(key);
            return new MockResult[] {new MockResult(1, keys)};
        }
        if (sql.contains("\"access_request\"")) {
            AccessRequestRecord request = new AccessRequestRecord(
                    1L,
                    "Training",
                    "training@example.com",
                    null,
                    "Class data sharing",
                    "pro",
                    "192.0.2.1",
                    now,
                    now,
                    "Training");
            Result<AccessRequestRecord> requests = dsl.newResult(ACCESS_REQUEST);
            requests.add(request);
            return new MockResult[] {new MockResult(1, requests)};
        }
        return new MockResult[] {new MockResult(0, dsl.newResult())};
    }

    /** {@value #URL}: a connection whose every statement {@link #answer} answers. */
    private static final class PretendDriver implements Driver {

        @Override
        public Connection connect(String url, Properties info) {
            if (!acceptsURL(url)) {
                return null;
            }
            return new MockConnection(PretendAccessDatabase::answer) {
                @Override
                public String getSchema() {
                    return "public";
                }
            };
        }

        @Override
        public boolean acceptsURL(String url) {
            return url != null && url.startsWith(URL);
        }

        @Override
        public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
            return new DriverPropertyInfo[0];
        }

        @Override
        public int getMajorVersion() {
            return 1;
        }

        @Override
        public int getMinorVersion() {
            return 0;
        }

        @Override
        public boolean jdbcCompliant() {
            return false;
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            throw new SQLFeatureNotSupportedException();
        }
    }
}
