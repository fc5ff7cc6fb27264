package dev.vspec.infra.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.test.util.TestPropertyValues;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A PostgreSQL database of its own for one test Spring context, on the real server
 * ({@code VSPEC_TEST_PG_URL}, default 127.0.0.1:5432, user postgres). It is created before the
 * context starts and dropped after the context's connection pool has closed.
 */
public final class TestDatabase implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    private static final String SERVER = System.getenv().getOrDefault("VSPEC_TEST_PG_URL", "jdbc:postgresql://127.0.0.1:5432/");
    private static final String USER = System.getenv().getOrDefault("VSPEC_TEST_PG_USER", "postgres");
    private static final String PASSWORD = System.getenv().getOrDefault("VSPEC_TEST_PG_PASSWORD", "");

    private final String name;

    public TestDatabase() {
        this("vspec_test");
    }

    private TestDatabase(String prefix) {
        this.name = (prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12)).toLowerCase(Locale.ROOT);
    }

    /** Creates a fresh database; close it with {@link #drop()}. */
    public static TestDatabase create(String prefix) {
        TestDatabase database = new TestDatabase(prefix);
        database.execute("CREATE DATABASE " + database.name);
        return database;
    }

    public String url() {
        return SERVER + name;
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

    public void drop() {
        execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        execute("CREATE DATABASE " + name);
        TestPropertyValues.of(
                "spring.datasource.url=" + url(),
                "spring.datasource.username=" + USER,
                "spring.datasource.password=" + PASSWORD).applyTo(context);
        // Registered before any other bean, so destroyed after all of them (the pool included).
        ((DefaultListableBeanFactory) context.getBeanFactory()).registerDisposableBean("vspecTestDatabase", this::drop);
    }

    private void execute(String sql) {
        try (Connection connection = DriverManager.getConnection(SERVER + "postgres", USER, PASSWORD);
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL at " + SERVER + " refused '" + sql
                    + "'. Is the server running? (pg_ctlcluster 15 main start)", e);
        }
    }
}
