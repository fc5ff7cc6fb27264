package dev.vspec.vpic;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The marker beside the cache's verified vPIC file: the pin it was verified against, and the file's SHA-256,
 * size and time, so that a later run trusts the file without reading it again.
 */
final class CacheMarker {

    private final Path path;
    private final VpicPackage.Pin pin;

    CacheMarker(Path path, VpicPackage.Pin pin) {
        this.path = path;
        this.pin = pin;
    }

    /**
     * The SHA-256 of {@code file} when the marker vouches for it: written for this pin, and the file its size and
     * time (or, for a cache copied from another machine, which keeps no times, its SHA-256, the marker then
     * written again).
     */
    Optional<String> verifiedSha256(Path file) throws IOException {
        if (!Files.isRegularFile(path) || !Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Map<String, String> recorded = read();
        String sha256 = recorded.getOrDefault("sha256", "");
        boolean matches = pin.packageSpec().equals(recorded.get("package"))
                && pin.integrity().equals(recorded.get("integrity"))
                && pin.entrySha256().equals(recorded.get("entry.sha256"))
                && String.valueOf(Files.size(file)).equals(recorded.get("size"))
                && sha256.matches("[0-9a-f]{64}");
        if (!matches) {
            return Optional.empty();
        }
        if (!String.valueOf(Files.getLastModifiedTime(file).toMillis()).equals(recorded.get("modified"))) {
            if (!Digests.sha256(file).equals(sha256)) {
                return Optional.empty();
            }
            write(file, sha256);
        }
        return Optional.of(sha256);
    }

    /** Records {@code file}, verified, with its SHA-256; written aside and moved into place, so never half there. */
    void write(Path file, String sha256) throws IOException {
        Map<String, String> marker = new LinkedHashMap<>();
        marker.put("package", pin.packageSpec());
        marker.put("integrity", pin.integrity());
        marker.put("entry.sha256", pin.entrySha256());
        marker.put("sha256", sha256);
        marker.put("size", String.valueOf(Files.size(file)));
        marker.put("modified", String.valueOf(Files.getLastModifiedTime(file).toMillis()));
        Path partial = path.resolveSibling(path.getFileName() + ".tmp");
        Files.writeString(
                partial,
                marker.entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue() + "\n")
                        .collect(Collectors.joining()));
        Files.move(partial, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    void delete() throws IOException {
        Files.deleteIfExists(path);
    }

    private Map<String, String> read() throws IOException {
        Map<String, String> values = new LinkedHashMap<>();
        for (String line : Files.readAllLines(path, StandardCharsets.UTF_8)) {
            int equals = line.indexOf('=');
            if (equals > 0) {
                values.put(line.substring(0, equals), line.substring(equals + 1).strip());
            }
        }
        return values;
    }
}
