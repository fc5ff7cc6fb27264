package dev.vspec.cli.faults;

import dev.vspec.cli.stack.StackException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.UserPrincipal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL cluster of the drill's own, made with the installed server binaries in a directory of
 * its own, on a port of its own, with trust authentication: the database the drill may crash and
 * restart. Run as root, the server runs as the {@code postgres} user (it refuses root).
 */
final class ThrowawayPostgres implements AutoCloseable {

    private static final Path INSTALLED = Path.of("/usr/lib/postgresql");
    private static final String SERVER_USER = "postgres";
    private static final Path SYSTEM_TEMP = Path.of("/tmp");
    private static final long COMMAND_TIMEOUT_SECONDS = 120;

    private final Path bin;
    private final Path dir;
    private final int port;
    private final boolean asServerUser;
    private final boolean madeElsewhere;

    private ThrowawayPostgres(Path bin, Path dir, int port, boolean asServerUser, boolean madeElsewhere) {
        this.bin = bin;
        this.dir = dir;
        this.port = port;
        this.asServerUser = asServerUser;
        this.madeElsewhere = madeElsewhere;
    }

    /**
     * Makes a new cluster in {@code wanted} (created) and starts it on {@code port}. Run as root where
     * the server's user cannot reach {@code wanted} (a parent closed to others), the cluster goes to a
     * directory of its own under the system's temp directory instead, deleted on {@link #close}.
     */
    static ThrowawayPostgres start(Path wanted, int port) {
        Path bin = serverBinaries();
        boolean root = isRoot();
        Path dir = wanted.toAbsolutePath();
        boolean elsewhere = false;
        try {
            if (root && !passable(dir.getParent())) {
                dir = Files.createTempDirectory(SYSTEM_TEMP, "vspec-faults-postgres-");
                elsewhere = true;
            }
            Files.createDirectories(dir);
            if (root) {
                // the server's user owns its directory; the parents only need to be passable
                UserPrincipal owner =
                        dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(SERVER_USER);
                Files.setOwner(dir, owner);
            }
        } catch (IOException e) {
            throw new StackException(
                    "Cannot prepare " + dir + " for a PostgreSQL cluster"
                            + (root ? " owned by user " + SERVER_USER + " (PostgreSQL refuses to run as root)" : "")
                            + ": " + e,
                    e);
        }
        ThrowawayPostgres postgres = new ThrowawayPostgres(bin, dir, port, root, elsewhere);
        postgres.run(
                "initdb",
                "-D",
                postgres.data().toString(),
                "-A",
                "trust",
                "-U",
                "postgres",
                "-E",
                "UTF8",
                "--no-locale",
                "--no-sync");
        postgres.start();
        return postgres;
    }

    String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    void createDatabase(String name) {
        try (Connection admin = DriverManager.getConnection(url("postgres"), "postgres", "");
                Statement create = admin.createStatement()) {
            create.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new StackException(
                    "Cannot create database " + name + " on " + url("postgres") + ": " + e.getMessage(), e);
        }
    }

    /** Starts the server and returns once it accepts connections. */
    void start() {
        run(
                "pg_ctl",
                "start",
                "-w",
                "-t",
                "60",
                "-D",
                data().toString(),
                "-l",
                dir.resolve("postgres.log").toString(),
                "-o",
                "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1 -c max_connections=400");
    }

    /** Stops the server as a crash would (immediate mode: no checkpoint; the next start recovers from the WAL). */
    void crash() {
        run("pg_ctl", "stop", "-w", "-m", "immediate", "-D", data().toString());
    }

    /** Stops the server; the cluster's directory goes with it when the cluster made it elsewhere, else it is the caller's. */
    @Override
    public void close() {
        try {
            crash();
        } catch (StackException e) {
            // not running: nothing to stop
        }
        if (madeElsewhere) {
            Directories.delete(dir);
        }
    }

    private Path data() {
        return dir.resolve("data");
    }

    private void run(String program, String... arguments) {
        List<String> command = new ArrayList<>();
        if (asServerUser) {
            command.addAll(List.of("runuser", "-u", SERVER_USER, "--"));
        }
        command.add(bin.resolve(program).toString());
        command.addAll(List.of(arguments));
        Path output = dir.resolve(program + ".out");
        try {
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()))
                    .start();
            if (!process.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new StackException(
                        String.join(" ", command) + " did not finish within " + COMMAND_TIMEOUT_SECONDS + " s");
            }
            if (process.exitValue() != 0) {
                throw new StackException(
                        String.join(" ", command) + " failed (exit " + process.exitValue() + "): " + tail(output));
            }
        } catch (IOException e) {
            throw new StackException("Cannot run " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackException("Interrupted while running " + program, e);
        }
    }

    private static String tail(Path output) {
        try {
            List<String> lines = Files.readAllLines(output);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(no output)";
        }
    }

    /** The newest installed server's bin directory, or a clear refusal when there is none. */
    private static Path serverBinaries() {
        try (Stream<Path> versions = Files.list(INSTALLED)) {
            return versions.map(version -> version.resolve("bin"))
                    .filter(bin ->
                            Files.isExecutable(bin.resolve("initdb")) && Files.isExecutable(bin.resolve("pg_ctl")))
                    .max(Comparator.comparing(bin -> versionOf(bin.getParent())))
                    .orElseThrow(() -> noServer("it holds no bin/initdb and bin/pg_ctl"));
        } catch (IOException e) {
            throw noServer(e.toString());
        }
    }

    private static int versionOf(Path dir) {
        String name = dir.getFileName().toString();
        return name.matches("\\d+") ? Integer.parseInt(name) : 0;
    }

    private static StackException noServer(String why) {
        return new StackException(
                "The drill starts a PostgreSQL cluster of its own with the installed server binaries, "
                        + "and found none under " + INSTALLED + "/<version>/bin (" + why
                        + "). Install them (Debian: apt-get install "
                        + "postgresql) and run again.");
    }

    /** Whether other users (the server's) may pass through this directory and every one above it. */
    private static boolean passable(Path dir) throws IOException {
        for (Path p = dir; p != null; p = p.getParent()) {
            if (!Files.getPosixFilePermissions(p).contains(PosixFilePermission.OTHERS_EXECUTE)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isRoot() {
        try {
            return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
        } catch (IOException | UnsupportedOperationException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }
}
