package dev.vspec.contracts.enrichment;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** The steps of an enrichment job, in the order they happen. */
public enum EnrichmentStep {
    /** The VIN decoded to a model and an engine code. */
    DECODED,
    /** The upstream catalog source knows the configuration. */
    FOUND_UPSTREAM,
    /** The configuration and its data are recorded as catalog events. */
    CATALOG_RECORDED,
    /** The VIN is linked to the configuration. */
    VIN_LINKED;

    @JsonValue
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }
}
