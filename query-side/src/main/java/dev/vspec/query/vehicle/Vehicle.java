package dev.vspec.query.vehicle;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.contracts.error.ConfigMatch;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.HashMap;
import org.jspecify.annotations.Nullable;

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
        @Nullable String drivetrain,

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
    public Vehicle(
            String configKey,
            String label,
            int year,
            String make,
            String model,
            String trim,
            String engineCode,
            String drivetrain) {
        this(configKey, label, year, make, model, trim, engineCode, drivetrain, null, null);
    }

    /** The same vehicle with another coverage. */
    public Vehicle withCoverage(Coverage other) {
        return sourced(source, other);
    }

    /** The same identity, with where it came from and what the catalog holds of it. */
    Vehicle sourced(StoredJson source, Coverage coverage) {
        return new Vehicle(configKey, label, year, make, model, trim, engineCode, drivetrain, source, coverage);
    }

    public ConfigMatch asMatch() {
        return new ConfigMatch(configKey, label);
    }

    /**
     * The shape of {@code source} in the OpenAPI document. A detail that does not apply to the kind is left
     * out ({@link dev.vspec.readmodel.Provenance#render}), as is every one but {@code kind} for {@code unknown}.
     */
    @Schema(name = "FactSource")
    record SourceDocumentation(
            @Schema(
                    allowableValues = {"import", "vendor", "vpic", "synthetic", "unknown"},
                    example = "import")
            String kind,

            @JsonInclude(JsonInclude.Include.NON_NULL) @Schema(example = "catalog.json") @Nullable
            String name,

            @JsonInclude(JsonInclude.Include.NON_NULL)
            @Schema(description = "vpic: the release's data date", example = "2026-02-17")
            @Nullable
            String version,

            @JsonInclude(JsonInclude.Include.NON_NULL)
            @Schema(description = "import and vpic: the file's or release's SHA-256 (hex)")
            @Nullable
            String sha256,

            @JsonInclude(JsonInclude.Include.NON_NULL)
            @Schema(description = "vendor: how long it took to answer")
            @JsonProperty("response_millis")
            @Nullable
            Long responseMillis) {}

    /** The shape of one {@code coverage} entry in the OpenAPI document; a missing group's has its status alone. */
    @Schema(name = "CoverageEntry")
    record CoverageEntryDocumentation(
            @Schema(allowableValues = {"recorded", "missing"})
            String status,

            @JsonInclude(JsonInclude.Include.NON_NULL) @Schema(description = "recorded only") @Nullable
            SourceDocumentation source,

            @Schema(description = "recorded only: when the fact was stored (UTC)", example = "2026-11-21T07:27:36.776Z")
            @JsonProperty("recorded_at")
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @Nullable
            String recordedAt) {}

    /** The shape of {@code coverage} in the OpenAPI document: an entry per group. */
    @Schema(name = "Coverage")
    static final class CoverageDocumentation extends HashMap<String, CoverageEntryDocumentation> {}
}
