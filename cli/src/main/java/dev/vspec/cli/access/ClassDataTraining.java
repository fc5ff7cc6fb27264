package dev.vspec.cli.access;

import static dev.vspec.infra.jooq.access.Tables.ACCESS_REQUEST;
import static dev.vspec.infra.jooq.access.Tables.API_KEY;

import dev.vspec.cli.VspecCli;
import dev.vspec.infra.jooq.access.tables.records.AccessRequestRecord;
import dev.vspec.infra.jooq.access.tables.records.ApiKeyRecord;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.logging.Logger;
import java.util.stream.Stream;
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
import picocli.CommandLine;

/**
 * The run {@code ./vspec} records once per build with {@code -XX:ArchiveClassesAtExit}, so that the classes
 * help and the key commands load come from a class data sharing archive afterwards: every command's help, and
 * the key and access-request listings taken all the way to their output on a database that only pretends
 * (an in-process driver answering one row a table). No database is connected to and nothing is written but a
 * log file in a temporary directory, removed at the end. What this run misses only loads slower.
 */
public final class ClassDataTraining {

    private static final String URL = "jdbc:vspec-training:";

    private ClassDataTraining() {
    }

    public static void main(String[] args) throws Exception {
        Path logs = Files.createTempDirectory("vspec-training");
        System.setProperty("VSPEC_LOG_FILE", logs.resolve("cli.log").toString());
        List<String> failed;
        try {
            failed = train(new PrintWriter(Writer.nullWriter()));
        } finally {
            deleteAll(logs);
        }
        // a failed step loaded less than it should (ClassDataTrainingTest says which); the archive still serves the rest
        System.exit(failed.isEmpty() ? 0 : 1);
    }

    /** Runs what the archive should hold, printing to {@code out}; answers the listings that failed. */
    static List<String> train(PrintWriter out) throws SQLException {
        help(new CommandLine(new VspecCli()), out);
        DriverManager.registerDriver(new PretendDriver());
        List<String> failed = new ArrayList<>();
        for (String command : List.of("keys", "access-requests")) {
            for (String[] args : List.of(new String[] {command, "list", "--db-url", URL}, new String[] {command, "list", "--json", "--db-url", URL})) {
                if (run(out, args) != 0) {
                    failed.add(String.join(" ", args));
                }
            }
        }
        // the PostgreSQL driver's way to a connection, which nothing listens for on port 1
        run(out, "keys", "list", "--db-url", "jdbc:postgresql://127.0.0.1:1/vspec?connectTimeout=1");
        return failed;
    }

    private static void help(CommandLine command, PrintWriter out) {
        command.usage(out);
        command.getSubcommands().values().forEach(sub -> help(sub, out));
    }

    private static int run(PrintWriter out, String... args) {
        return VspecCli.forArguments(args).setOut(out).setErr(out).execute(args);
    }

    private static void deleteAll(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    /** Answers each statement the listings send as a current vspec database with one key and one request would. */
    private static MockResult[] answer(MockExecuteContext context) {
        DSLContext dsl = DSL.using(SQLDialect.POSTGRES);
        String sql = context.sql().toLowerCase(Locale.ROOT);
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        if (sql.contains("flyway_schema_history")) {
            Field<String> version = DSL.field("version", String.class);
            Field<String> type = DSL.field("type", String.class);
            Field<Boolean> success = DSL.field("success", Boolean.class);
            Result<Record3<String, String, Boolean>> history = dsl.newResult(version, type, success);
            for (MigrationVersion applied : SchemaCheck.migrations(ClassDataTraining.class.getClassLoader()).orElseThrow()) {
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
            ApiKeyRecord key = new ApiKeyRecord(1L, "vsk_live_AbCdEfGh", "0".repeat(64), "training@example.com", "pro",
                    "maintenance:read labor:read", null, null, 1L, now, now);
            Result<ApiKeyRecord> keys = dsl.newResult(API_KEY);
            keys.add(key);
            return new MockResult[] {new MockResult(1, keys)};
        }
        if (sql.contains("\"access_request\"")) {
            AccessRequestRecord request = new AccessRequestRecord(1L, "Training", "training@example.com", null,
                    "Class data sharing", "pro", "192.0.2.1", now, now, "Training");
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
            return new MockConnection(ClassDataTraining::answer) {
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
