package dev.vspec.embeddedpostgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * A PostgreSQL cluster in a directory of its own ({@code data/}, {@code postgres.log}, the port it last used),
 * run with {@link PostgresBinaries}, reachable on 127.0.0.1 alone with trust authentication for user
 * {@code postgres}, and kept across restarts.
 *
 * <p>Run as root, the server runs as an unprivileged account (see {@link ServerAccount}), which must reach the
 * cluster's directory: where it cannot (a directory under a mode-700 home), the cluster lives under
 * {@value #ROOT_CLUSTERS} instead, in a directory of its own that a file beside the one asked for names
 * ({@code <wanted>.location}): every process that asks for the same directory finds the same cluster, and a directory
 * asked for anew (its parent deleted and made again) gets a new cluster, as it would where it lives in place.
 */
public final class EmbeddedPostgres {

    public static final String USER = "postgres";
    static final String ROOT_CLUSTERS = "/var/lib/vspec/postgres";
    private static final Path ROOT_BINARIES = Path.of("/var/cache/vspec");

    private final Path dir;
    private final Path binaries;
    private final ServerAccount account;

    private EmbeddedPostgres(Path dir, Path binaries, ServerAccount account) {
        this.dir = dir;
        this.binaries = binaries;
        this.account = account;
    }

    /**
     * The cluster asked for at {@code wanted}, with the binaries unpacked under {@code cacheRoot} (or, run as root
     * where the server's account cannot reach it, under /var/cache/vspec). Nothing is made yet.
     */
    public static EmbeddedPostgres at(Path wanted, Path cacheRoot) {
        ServerAccount account = ServerAccount.current();
        Path dir = wanted.toAbsolutePath().normalize();
        if (!account.canReach(dir.getParent())) {
            dir = relocated(dir);
        }
        Path binaries = account.canReach(cacheRoot) ? cacheRoot : ROOT_BINARIES;
        return new EmbeddedPostgres(dir, binaries, account);
    }

    /** The directory under {@value #ROOT_CLUSTERS} that {@code <wanted>.location} names, chosen when it names none. */
    private static Path relocated(Path wanted) {
        Path location = wanted.resolveSibling(wanted.getFileName() + ".location");
        try {
            return Locked.beside(location, () -> {
                if (Files.exists(location)) {
                    return Path.of(Files.readString(location).strip());
                }
                Path chosen = Path.of(ROOT_CLUSTERS).resolve(wanted.getFileName() + "-" + randomName());
                Files.writeString(location, chosen + "\n");
                return chosen;
            });
        } catch (IOException e) {
            throw new EmbeddedPostgresException("Cannot read or write " + location + ": " + e, e);
        }
    }

    /** Where the cluster lives (its {@code data/} and {@code postgres.log}). */
    public Path directory() {
        return dir;
    }

    /** Whether the cluster has been made. */
    public boolean initialized() {
        return Files.exists(data().resolve("PG_VERSION"));
    }

    /**
     * Makes the cluster when it is not made yet, then starts it when it is not running.
     *
     * @param settings server settings written into its configuration when it is made (e.g. max_connections)
     * @param port     the port to listen on, or 0 for the port it used last (a free one the first time, or when
     *                 another process holds it now)
     * @return the port it listens on
     */
    public int start(Map<String, String> settings, int port) {
        return locked(() -> {
            if (!initialized()) {
                initialize(settings);
            }
            OptionalInt running = runningPort();
            if (running.isPresent()) {
                return running.getAsInt();
            }
            int chosen = port != 0 ? port : remembered().orElseGet(EmbeddedPostgres::freePort);
            if (port == 0 && !free(chosen)) {
                chosen = freePort();
            }
            remember(chosen);
            Commands.run(
                    account,
                    dir,
                    program("pg_ctl"),
                    List.of(
                            "start",
                            "-w",
                            "-t",
                            "120",
                            "-D",
                            data().toString(),
                            "-l",
                            log().toString(),
                            "-o",
                            "-p " + chosen));
            return chosen;
        });
    }

    /** The port the server listens on while it runs (from its {@code postmaster.pid}), else empty. */
    public OptionalInt runningPort() {
        Path pid = data().resolve("postmaster.pid");
        try {
            List<String> lines = Files.readAllLines(pid, StandardCharsets.UTF_8);
            if (lines.size() < 4) {
                return OptionalInt.empty();
            }
            boolean alive = ProcessHandle.of(Long.parseLong(lines.get(0).strip()))
                    .map(ProcessHandle::isAlive)
                    .orElse(false);
            return alive ? OptionalInt.of(Integer.parseInt(lines.get(3).strip())) : OptionalInt.empty();
        } catch (IOException | NumberFormatException e) {
            return OptionalInt.empty();
        }
    }

    /** Stops the server when it runs, letting its sessions end first (fast mode, a checkpoint). */
    public void stop() {
        stop("fast");
    }

    /** Stops the server as a crash would (immediate mode: no checkpoint; the next start recovers from the WAL). */
    public void crash() {
        stop("immediate");
    }

    /** Stops the server and deletes the cluster. */
    public void destroy() {
        crash();
        PostgresBinaries.deleteRecursively(dir);
        PostgresBinaries.deleteRecursively(dir.resolveSibling(dir.getFileName() + ".lock"));
    }

    /** The JDBC URL of {@code database} while the server runs. */
    public String url(String database) {
        int port = runningPort()
                .orElseThrow(
                        () -> new EmbeddedPostgresException("The PostgreSQL cluster in " + dir + " is not running"));
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    /** Creates database {@code name} while the server runs, unless it exists. */
    public void createDatabaseIfMissing(String name) {
        if (!name.matches("[a-z_][a-z0-9_]*")) {
            throw new IllegalArgumentException("Not a plain database name: " + name);
        }
        try (Connection admin = DriverManager.getConnection(url("postgres"), USER, "");
                PreparedStatement exists = admin.prepareStatement("select 1 from pg_database where datname = ?")) {
            exists.setString(1, name);
            try (ResultSet row = exists.executeQuery()) {
                if (!row.next()) {
                    try (Statement create = admin.createStatement()) {
                        create.execute("CREATE DATABASE " + name);
                    }
                }
            }
        } catch (SQLException e) {
            throw new EmbeddedPostgresException("Cannot create database " + name + " in " + dir + ": " + e, e);
        }
    }

    private void stop(String mode) {
        locked(() -> {
            if (runningPort().isPresent()) {
                Commands.run(
                        account,
                        dir,
                        program("pg_ctl"),
                        List.of("stop", "-w", "-t", "120", "-m", mode, "-D", data().toString()));
            }
            return 0;
        });
    }

    private void initialize(Map<String, String> settings) {
        try {
            PostgresBinaries.deleteRecursively(data());
            Files.createDirectories(dir);
            account.own(dir);
            Commands.run(
                    account,
                    dir,
                    program("initdb"),
                    List.of(
                            "-D",
                            data().toString(),
                            "-U",
                            USER,
                            "-A",
                            "trust",
                            "-E",
                            "UTF8",
                            "--no-locale",
                            "--no-sync"));
            Files.writeString(data().resolve("postgresql.conf"), configuration(settings), StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new EmbeddedPostgresException("Cannot make a PostgreSQL cluster in " + dir + ": " + e, e);
        }
    }

    /** Local TCP alone (no Unix socket, whose path length is limited), then the caller's settings. */
    private static String configuration(Map<String, String> settings) {
        String lines = settings.entrySet().stream()
                .map(setting -> setting.getKey() + " = " + setting.getValue())
                .collect(Collectors.joining("\n"));
        return "\n# written by vspec when it made this cluster\nlisten_addresses = '127.0.0.1'\n"
                + "unix_socket_directories = ''\n" + lines + "\n";
    }

    private Path program(String name) {
        return PostgresBinaries.bin(binaries).resolve(name);
    }

    private Path data() {
        return dir.resolve("data");
    }

    private Path log() {
        return dir.resolve("postgres.log");
    }

    private OptionalInt remembered() {
        try {
            return OptionalInt.of(
                    Integer.parseInt(Files.readString(dir.resolve("port")).strip()));
        } catch (IOException | NumberFormatException e) {
            return OptionalInt.empty();
        }
    }

    private void remember(int port) {
        try {
            Files.writeString(dir.resolve("port"), port + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean free(int port) {
        try (ServerSocket ignored = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("No free port on 127.0.0.1", e);
        }
    }

    /** One process at a time makes, starts or stops the cluster. */
    private int locked(IntAction action) {
        try {
            return Locked.beside(dir, action::run);
        } catch (IOException e) {
            throw new EmbeddedPostgresException("Cannot lock the PostgreSQL cluster in " + dir + ": " + e, e);
        }
    }

    private static String randomName() {
        byte[] random = new byte[4];
        new SecureRandom().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }

    @FunctionalInterface
    private interface IntAction {
        int run();
    }
}
