package dev.vspec.embeddedpostgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** One real cluster, made in the build's directory, through its life: made, restarted, crashed, destroyed. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EmbeddedPostgresTest {

    private static final Path CACHE = Path.of(System.getProperty("java.io.tmpdir"), "embedded-postgres-cache");
    private static EmbeddedPostgres cluster;

    @BeforeAll
    static void make() {
        cluster = EmbeddedPostgres.at(Path.of(System.getProperty("java.io.tmpdir"), "cluster"), CACHE);
        PostgresBinaries.deleteRecursively(cluster.directory());
    }

    @AfterAll
    static void destroy() {
        cluster.destroy();
    }

    @Test
    @Order(1)
    void makesAndStartsPostgres17WithTheGivenSettings() throws SQLException {
        assertThat(cluster.initialized()).isFalse();
        assertThat(cluster.runningPort()).isEmpty();

        int port = cluster.start(Map.of("max_connections", "123"), 0);

        assertThat(cluster.initialized()).isTrue();
        assertThat(cluster.runningPort()).hasValue(port);
        assertThat(query("show server_version"))
                .startsWith(PostgresBinaries.version().substring(0, 3));
        assertThat(query("show max_connections")).isEqualTo("123");
        execute("create table kept (id int)", "insert into kept values (42)");
    }

    @Test
    @Order(2)
    void keepsItsDataAndPortAcrossAStop() throws SQLException {
        int port = cluster.runningPort().orElseThrow();
        cluster.stop();
        assertThat(cluster.runningPort()).isEmpty();

        assertThat(cluster.start(Map.of(), 0)).isEqualTo(port);
        assertThat(query("select id from kept")).isEqualTo("42");
    }

    @Test
    @Order(3)
    void startingARunningClusterAnswersItsPort() {
        int port = cluster.runningPort().orElseThrow();

        assertThat(cluster.start(Map.of(), 0)).isEqualTo(port);
    }

    @Test
    @Order(3)
    void createsADatabaseOnceAndRefusesANameThatIsNotPlain() throws SQLException {
        cluster.createDatabaseIfMissing("app");
        cluster.createDatabaseIfMissing("app");

        assertThat(query("select count(*) from pg_database where datname = 'app'"))
                .isEqualTo("1");
        assertThatThrownBy(() -> cluster.createDatabaseIfMissing("app; drop database postgres"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @Order(4)
    void recoversWhatWasCommittedBeforeACrash() throws SQLException {
        execute("insert into kept values (43)");
        cluster.crash();
        assertThat(cluster.runningPort()).isEmpty();

        cluster.start(Map.of(), 0);

        assertThat(query("select count(*) from kept")).isEqualTo("2");
    }

    @Test
    @Order(5)
    void aStoppedClusterHasNoUrl() {
        cluster.stop();

        assertThatThrownBy(() -> cluster.url("postgres"))
                .isInstanceOf(EmbeddedPostgresException.class)
                .hasMessageContaining("is not running");
    }

    @Test
    @Order(6)
    void unpacksTheBinariesOnceWithTheirVersion() throws Exception {
        Path bin = PostgresBinaries.bin(CACHE);

        assertThat(bin.getParent().getFileName().toString()).isEqualTo("postgresql-" + PostgresBinaries.version());
        assertThat(Files.isExecutable(bin.resolve("postgres"))).isTrue();
        assertThat(Files.readString(bin.resolveSibling(".complete")).strip()).isEqualTo(PostgresBinaries.version());
    }

    @Test
    @Order(7)
    void runAsRootOutOfTheServersReachAClusterLivesWhereItsLocationFileSays() throws Exception {
        assumeTrue(ServerAccount.current().name().isPresent(), "only a root run relocates clusters");
        Path closed = Files.createTempDirectory(Path.of(System.getProperty("java.io.tmpdir")), "closed-");
        Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString("rwx------"));
        try {
            EmbeddedPostgres first = EmbeddedPostgres.at(closed.resolve("postgres"), CACHE);
            Path location = closed.resolve("postgres.location");

            assertThat(first.directory()).startsWithRaw(Path.of(EmbeddedPostgres.ROOT_CLUSTERS));
            assertThat(Files.readString(location).strip())
                    .isEqualTo(first.directory().toString());
            assertThat(EmbeddedPostgres.at(closed.resolve("postgres"), CACHE).directory())
                    .as("asked again: the same cluster")
                    .isEqualTo(first.directory());

            Files.delete(location);
            assertThat(EmbeddedPostgres.at(closed.resolve("postgres"), CACHE).directory())
                    .as("asked anew: a cluster of its own")
                    .isNotEqualTo(first.directory());
        } finally {
            PostgresBinaries.deleteRecursively(closed);
        }
    }

    private static String query(String sql) throws SQLException {
        try (Connection connection = connect();
                Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery(sql)) {
            row.next();
            return row.getString(1);
        }
    }

    private static void execute(String... sql) throws SQLException {
        try (Connection connection = connect();
                Statement statement = connection.createStatement()) {
            for (String each : sql) {
                statement.execute(each);
            }
        }
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(cluster.url("postgres"), EmbeddedPostgres.USER, "");
    }
}
