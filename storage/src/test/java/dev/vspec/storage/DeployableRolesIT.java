package dev.vspec.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.storage.SchemaOwnership.Grants;
import dev.vspec.testing.database.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/**
 * The roles the migrations make hold exactly the grants of docs/architecture.md's table, table by table,
 * and PostgreSQL refuses a deployable what its row does not give it.
 */
class DeployableRolesIT {

    private static final List<String> SCHEMAS = List.of("events", "command", "webhooks", "access", "read", "sample");
    private static final List<String> WRITES = List.of("INSERT", "UPDATE", "DELETE");

    private static TestDatabase database;
    private static JdbcTemplate owner;

    @BeforeAll
    static void migrated() {
        database = TestDatabase.create("vspec_roles").migrated();
        owner = new JdbcTemplate(new SimpleDriverDataSource(
                new org.postgresql.Driver(), database.url(), database.user(), database.password()));
    }

    @AfterAll
    static void drop() {
        database.drop();
        String maintenance = database.url()
                        .substring(0, database.url().length() - database.name().length()) + "postgres";
        JdbcTemplate server = new JdbcTemplate(new SimpleDriverDataSource(
                new org.postgresql.Driver(), maintenance, database.user(), database.password()));
        assertThat(server.queryForObject(
                        "SELECT count(*) FROM pg_roles WHERE starts_with(rolname, ?)", Integer.class, database.name()))
                .as("roles left behind")
                .isZero();
    }

    @Test
    void eachRoleReadsAndWritesExactlyWhatTheArchitectureGivesIt() {
        Map<String, Grants> roles = SchemaOwnership.roles();
        assertThat(roles).containsOnlyKeys("command_side", "projections", "query_side", "sandbox");
        List<String> wrong = new ArrayList<>();
        for (String table : tables()) {
            roles.forEach((role, grants) -> {
                if (may(role, table, "SELECT") != grants.reads(table)) {
                    wrong.add(role + (grants.reads(table) ? " cannot read " : " reads ") + table);
                }
                for (String write : WRITES) {
                    if (may(role, table, write) != grants.writes(table)) {
                        wrong.add(role + (grants.writes(table) ? " cannot " : " may ") + write + " " + table);
                    }
                }
            });
        }
        assertThat(wrong).as("grants unlike docs/architecture.md").isEmpty();
    }

    @Test
    void everyTableTheArchitectureNamesExists() {
        List<String> tables = tables();
        SchemaOwnership.roles().forEach((role, grants) -> {
            List<String> named = new ArrayList<>(grants.reads());
            named.addAll(grants.writes());
            for (String pattern : named) {
                assertThat(tables)
                        .as("%s's %s in docs/architecture.md", role, pattern)
                        .anyMatch(table -> pattern.endsWith(".*")
                                ? table.startsWith(pattern.substring(0, pattern.length() - 1))
                                : table.equals(pattern));
            }
        });
    }

    @Test
    void theQuerySideCannotWriteTheReadModelNorTheEventStore() {
        assertRefused(
                "query_side",
                "INSERT INTO read.projection_offset (projection, topic, partition, next_offset)"
                        + " VALUES ('vins', 'vspec.events.v1', 0, 1)");
        assertRefused("query_side", "DELETE FROM events.domainevententry");
        assertRefused("query_side", "UPDATE access.api_key SET revoked_at = now()");
    }

    @Test
    void theCommandSideReadsNoProjectionTable() {
        assertRefused("command_side", "SELECT count(*) FROM read.vin");
        assertRefused("command_side", "SELECT count(*) FROM read.projection_offset");
        assertThat(owner.queryForObject(
                        "SELECT has_table_privilege(?, 'read.job_projected', 'SELECT')",
                        Boolean.class,
                        role("command_side")))
                .as("its one view on the projections' progress")
                .isTrue();
    }

    @Test
    void grantsAreResetToTheFileOnTheNextMigration() {
        owner.execute("GRANT INSERT ON read.vin TO " + role("query_side"));
        database.migrated();
        assertThat(may("query_side", "read.vin", "INSERT")).isFalse();
    }

    private List<String> tables() {
        return owner.queryForList(
                "SELECT schemaname || '.' || tablename FROM pg_tables WHERE schemaname = ANY (?)"
                        + " UNION SELECT schemaname || '.' || viewname FROM pg_views WHERE schemaname = ANY (?)",
                String.class,
                SCHEMAS.toArray(String[]::new),
                SCHEMAS.toArray(String[]::new));
    }

    private boolean may(String role, String table, String privilege) {
        return Boolean.TRUE.equals(owner.queryForObject(
                "SELECT has_table_privilege(?, ?, ?)", Boolean.class, role(role), table, privilege));
    }

    /** Runs {@code sql} as the role (on the owner's connection, so the server's authentication does not matter). */
    private void assertRefused(String role, String sql) {
        assertThatThrownBy(() -> {
                    try (Connection connection =
                                    DriverManager.getConnection(database.url(), database.user(), database.password());
                            Statement statement = connection.createStatement()) {
                        statement.execute("SET ROLE " + role(role));
                        statement.execute(sql);
                    }
                })
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("permission denied");
    }

    private static String role(String deployable) {
        return database.name() + "_" + deployable;
    }
}
