package dev.vspec.clients;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * The packages the build makes of the generated clients in {@code target/dist} (src/packaging/packages.py package),
 * named from what failsafe passes (clients/pom.xml): the project's version and the repository URL.
 */
final class ClientPackages {

    private ClientPackages() {}

    static Path dist() {
        return Path.of(property("vspec.clients.dist"));
    }

    /** The Maven project's version: the Java client's and the npm package's. */
    static String version() {
        return property("vspec.clients.version");
    }

    /** The same version as Python's packaging writes it (PEP 440): a snapshot is the release's first .dev0. */
    static String pythonVersion() {
        return version().replaceFirst("-SNAPSHOT$", ".dev0");
    }

    /** vspec.repository.url, the root POM's: every package's homepage and repository. */
    static String repositoryUrl() {
        return property("vspec.repository.url");
    }

    static Path javaJar() {
        return dist().resolve("vspec-client-" + version() + ".jar");
    }

    static Path javaPom() {
        return dist().resolve("vspec-client-" + version() + ".pom");
    }

    static Path wheel() {
        return dist().resolve("vspec_client-" + pythonVersion() + "-py3-none-any.whl");
    }

    static Path sdist() {
        return dist().resolve("vspec_client-" + pythonVersion() + ".tar.gz");
    }

    static Path npmTarball() {
        return dist().resolve("vspec-client-" + version() + ".tgz");
    }

    /** The TypeScript tour's project: a copy of src/test/typescript, its tooling installed by the build. */
    static Path typescriptTour() {
        return Path.of(property("vspec.typescript.tour"));
    }

    /** Each file of a jar, wheel, sdist or npm tarball, by its path in the archive; another file as itself. */
    static Map<String, byte[]> contents(Path file) throws IOException {
        String name = file.getFileName().toString();
        if (name.endsWith(".tar.gz") || name.endsWith(".tgz")) {
            return untar(file);
        }
        if (name.endsWith(".jar") || name.endsWith(".whl")) {
            return unzip(file);
        }
        return Map.of(name, Files.readAllBytes(file));
    }

    private static Map<String, byte[]> unzip(Path archive) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(archive))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                if (!entry.isDirectory()) {
                    files.put(entry.getName(), in.readAllBytes());
                }
            }
        }
        return files;
    }

    /**
     * A gzipped tar's regular files: ustar headers (a name of more than 100 characters in the prefix field, or in a
     * PAX or GNU header before it), which is what Python's tarfile and npm write.
     */
    private static Map<String, byte[]> untar(Path archive) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        try (InputStream in = new GZIPInputStream(Files.newInputStream(archive))) {
            String longName = null;
            while (true) {
                byte[] header = in.readNBytes(512);
                if (header.length < 512 || header[0] == 0) {
                    return files;
                }
                int size = Integer.parseInt(field(header, 124, 12).trim(), 8);
                char type = (char) header[156];
                byte[] data = in.readNBytes(size);
                in.skipNBytes((512 - size % 512) % 512);
                switch (type) {
                    case 'x' -> longName = paxPath(data);
                    case 'L' -> longName = new String(data, StandardCharsets.UTF_8).trim();
                    case '0', '\0' -> {
                        String prefix = field(header, 257, 5).equals("ustar") ? field(header, 345, 155) : "";
                        String path = longName != null
                                ? longName
                                : prefix.isEmpty() ? field(header, 0, 100) : prefix + "/" + field(header, 0, 100);
                        files.put(path, data);
                        longName = null;
                    }
                    default -> longName = null;
                }
            }
        }
    }

    private static String field(byte[] header, int offset, int length) {
        int end = offset;
        while (end < offset + length && header[end] != 0) {
            end++;
        }
        return new String(header, offset, end - offset, StandardCharsets.UTF_8);
    }

    /** The path of a PAX extended header's records ("LENGTH path=VALUE\n"), or null when it names none. */
    private static String paxPath(byte[] records) {
        for (String record : new String(records, StandardCharsets.UTF_8).split("\n")) {
            int keyAt = record.indexOf(' ') + 1;
            if (record.startsWith("path=", keyAt)) {
                return record.substring(keyAt + "path=".length());
            }
        }
        return null;
    }

    private static String property(String name) {
        String value = System.getProperty(name);
        if (value == null) {
            throw new IllegalStateException(
                    name + " is not set: failsafe sets it (clients/pom.xml); run ./mvnw verify");
        }
        return value;
    }
}
