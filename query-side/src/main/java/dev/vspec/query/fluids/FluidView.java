package dev.vspec.query.fluids;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;

/**
 * One fluid as the API renders it. {@code capacity} is always an object so the shape never changes;
 * either amount is null where the catalog does not give it.
 */
record FluidView(String type, String specification, Capacity capacity, String notes) {

    record Capacity(BigDecimal litres, @JsonProperty("us_quarts") BigDecimal usQuarts) {
    }
}
