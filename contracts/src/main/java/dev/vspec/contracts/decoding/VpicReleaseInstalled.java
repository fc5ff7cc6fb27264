package dev.vspec.contracts.decoding;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An NHTSA vPIC release became the one VIN decoding uses: its SQLite file's SHA-256 (hex, its identity),
 * the date NHTSA last processed its data, where it came from, when it was swapped in, its rows per table
 * (plus {@code community_schemas}, the VIN schemas the packager added beside NHTSA's), and the release it
 * replaced ({@code replacedSha256}, null for the first). Every decode from then on is by this release.
 */
public record VpicReleaseInstalled(
        String sha256,
        LocalDate dataDate,
        String source,
        Instant installedAt,
        Map<String, Long> counts,
        String replacedSha256) {

    public VpicReleaseInstalled {
        counts = counts == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(counts));
    }
}
