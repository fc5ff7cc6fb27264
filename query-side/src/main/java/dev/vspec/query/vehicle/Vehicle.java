package dev.vspec.query.vehicle;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.contracts.error.ConfigMatch;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.HashMap;

/**
 * A resolved configuration as every identifier-taking route renders it: the {@code vehicle} block
 * {@code {config_key, label, year, make, model, trim, engine_code, drivetrain, source, coverage}}.
 * Drivetrain is null (and shown as null) where the configuration does not name one. {@code source}
 * says where the identity came from, {@code coverage} which data groups the catalog holds, each with
 * its source and when it was recorded ({@link Coverage}).
 */
public record Vehicle(
        @JsonProperty("config_key") String configKey,
        String label,
        int year,
        String make,
        String model,
        String trim,
        @JsonProperty("engine_code") String engineCode,
        String drivetrain,
        @Schema(implementation = SourceDocumentation.class, description = """
                Where the identity came from: `kind` `import` (with the file's `name` and `sha256`), `vendor` \
                (`name`, `response_millis`), `vpic` (`version`: the release's data date, `sha256`), `synthetic`, \
                or `unknown` for a fact recorded before sources were kept.""")
        StoredJson source,
        @Schema(implementation = CoverageDocumentation.class, description = """
                One entry per data group (`fluids`, `specs`, `tires`, `maintenance_schedule`, `parts`, `labor`, \
                `image`, and `service_history` when the identifier is a VIN): `{"status":"recorded","source":{...},\
                "recorded_at":"..."}` or `{"status":"missing"}`. A missing group still answers its empty value.""")
        Coverage coverage) {

    /** A configuration read without its sources (a candidate of a 409), which answers never render. */
    public Vehicle(String configKey, String label, int year, String make, String model, String trim, String engineCode,
                   String drivetrain) {
        this(configKey, label, year, make, model, trim, engineCode, drivetrain, null, null);
    }

    /** The same vehicle with another coverage. */
    public Vehicle withCoverage(Coverage other) {
        return new Vehicle(configKey, label, year, make, model, trim, engineCode, drivetrain, source, other);
    }

    public ConfigMatch asMatch() {
        return new ConfigMatch(configKey, label);
    }

    /** The shape of {@code source} in the OpenAPI document. */
    @Schema(name = "FactSource")
    record SourceDocumentation(
            @Schema(allowableValues = {"import", "vendor", "vpic", "synthetic", "unknown"}, example = "import") String kind,
            @Schema(example = "catalog.json") String name,
            @Schema(description = "vpic: the release's data date", example = "2026-02-17") String version,
            @Schema(description = "import and vpic: the file's or release's SHA-256 (hex)") String sha256,
            @Schema(description = "vendor: how long it took to answer") @JsonProperty("response_millis") Long responseMillis) {
    }

    /** The shape of one {@code coverage} entry in the OpenAPI document. */
    @Schema(name = "CoverageEntry")
    record CoverageEntryDocumentation(
            @Schema(allowableValues = {"recorded", "missing"}) String status,
            @Schema(description = "recorded only") SourceDocumentation source,
            @Schema(description = "recorded only: when the fact was stored (UTC)", example = "2026-11-21T07:27:36.776Z")
            @JsonProperty("recorded_at") String recordedAt) {
    }

    /** The shape of {@code coverage} in the OpenAPI document: an entry per group. */
    @Schema(name = "Coverage")
    static final class CoverageDocumentation extends HashMap<String, CoverageEntryDocumentation> {
    }
}
