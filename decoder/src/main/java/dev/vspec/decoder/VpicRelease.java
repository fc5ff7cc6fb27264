package dev.vspec.decoder;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;

/**
 * One installed NHTSA vPIC release: the SHA-256 of its SQLite file (its identity), the date NHTSA last
 * processed its data, where it came from and when it was installed. Every decode names the release that
 * answered it.
 */
public record VpicRelease(
        String sha256,
        @JsonProperty("data_date") LocalDate dataDate,
        String source,
        @JsonProperty("installed_at") Instant installedAt,
        @JsonIgnore Map<String, Long> counts) {

    public VpicRelease {
        counts = counts == null ? Map.of() : Map.copyOf(counts);
    }

    /** "vPIC 2026-02-17 (b8191107...)", for messages. */
    public String describedAs() {
        return "vPIC " + dataDate + " (" + sha256.substring(0, Math.min(12, sha256.length())) + ")";
    }
}
