package dev.vspec.testing.database;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.test.util.TestPropertyValues;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/**
 * A PostgreSQL database of its own for one test Spring context, on the tests' real server ({@link TestServer}:
 * the machine's embedded test cluster, or {@code VSPEC_TEST_PG_URL}). It is created before the
 * context starts and dropped after the context's connection pool has closed. {@link WithVpic} gives
 * one with the pinned NHTSA vPIC release installed.
 */
public final class TestDatabase implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    private static final String SERVER = TestServer.url();
    private static final String USER = System.getenv().getOrDefault("VSPEC_TEST_PG_USER", "postgres");
    private static final String PASSWORD = System.getenv().getOrDefault("VSPEC_TEST_PG_PASSWORD", "");

    private final String name;

    public TestDatabase() {
        this("vspec_test");
    }

    private TestDatabase(String prefix) {
        this.name = (prefix + "_"
                        + UUID.randomUUID().toString().replace("-", "").substring(0, 12))
                .toLowerCase(Locale.ROOT);
    }

    /** Creates a fresh database; close it with {@link #drop()}. */
    public static TestDatabase create(String prefix) {
        TestDatabase database = new TestDatabase(prefix);
        database.execute("CREATE DATABASE " + database.name);
        return database;
    }

    /**
     * Creates a database that holds the pinned vPIC release (schema {@code vpic}, no event store yet), copied
     * from the template {@link VpicTestRelease} keeps; close it with {@link #drop()}.
     */
    public static TestDatabase createWithVpic(String prefix) {
        TestDatabase database = new TestDatabase(prefix);
        VpicTestRelease.createDatabase(database.name);
        return database;
    }

    public String url() {
        return urlOf(name);
    }

    /** This database brought to vspec's schema by the migrations of every module, as a stack's first start does. */
    public TestDatabase migrated() {
        Flyway.configure()
                .dataSource(url(), USER, PASSWORD)
                .locations("classpath:db/migration")
                .load()
                .migrate();
        return this;
    }

    public String user() {
        return USER;
    }

    public String password() {
        return PASSWORD;
    }

    public String name() {
        return name;
    }

    /** Drops the database and the roles its migrations made (roles are the cluster's, named after it). */
    public void drop() {
        execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        execute("DO $$ DECLARE role text; BEGIN"
                + " FOR role IN SELECT rolname FROM pg_roles WHERE starts_with(rolname, '" + name + "_') LOOP"
                + " EXECUTE format('DROP ROLE %I', role); END LOOP; END $$");
    }

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        execute("CREATE DATABASE " + name);
        use(context);
    }

    /**
     * {@link TestDatabase} with the pinned NHTSA vPIC release installed in schema {@code vpic} (copied from a
     * template database, so the release is loaded once per machine, not once per context); the context's
     * migrations then add the rest. Use {@code @ContextConfiguration(initializers = TestDatabase.WithVpic.class)}.
     */
    public static final class WithVpic implements ApplicationContextInitializer<ConfigurableApplicationContext> {

        private final TestDatabase database = new TestDatabase("vspec_test");

        @Override
        public void initialize(ConfigurableApplicationContext context) {
            VpicTestRelease.createDatabase(database.name);
            database.use(context);
        }
    }

    private void use(ConfigurableApplicationContext context) {
        TestPropertyValues.of(
                        "spring.datasource.url=" + url(),
                        "spring.datasource.username=" + USER,
                        "spring.datasource.password=" + PASSWORD,
                        "spring.flyway.user=" + USER,
                        "spring.flyway.password=" + PASSWORD)
                .applyTo(context);
        // Registered before any other bean, so destroyed after all of them (the pool included).
        ((DefaultListableBeanFactory) context.getBeanFactory()).registerDisposableBean("vspecTestDatabase", this::drop);
    }

    private void execute(String sql) {
        try (Connection connection = admin();
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL at " + SERVER + " refused '" + sql + "'", e);
        }
    }

    /** A connection to the server's maintenance database, where databases are created and dropped. */
    static Connection admin() throws SQLException {
        return DriverManager.getConnection(SERVER + "postgres", USER, PASSWORD);
    }

    /** A connection to database {@code name} on the test server. */
    static Connection connect(String name) throws SQLException {
        return DriverManager.getConnection(SERVER + name, USER, PASSWORD);
    }

    static String urlOf(String name) {
        return SERVER + name;
    }

    /** Connections to database {@code name} on the test server, opened on demand and closed by their users. */
    static SimpleDriverDataSource dataSourceOf(String name) {
        return new SimpleDriverDataSource(new org.postgresql.Driver(), urlOf(name), USER, PASSWORD);
    }
}
