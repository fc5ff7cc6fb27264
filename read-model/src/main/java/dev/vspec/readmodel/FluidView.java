package dev.vspec.readmodel;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.contracts.catalog.Fluid;
import java.math.BigDecimal;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One fluid as the API renders it. {@code capacity} is always an object so the shape never changes;
 * either amount is null where the catalog does not give it.
 */
public record FluidView(
        String type,
        String specification,
        Capacity capacity,
        @Nullable String notes) {

    public record Capacity(
            @Nullable BigDecimal litres,
            @JsonProperty("us_quarts") @Nullable BigDecimal usQuarts) {}

    /** A recorded fluid list as rendered, in recorded order; capacities with two decimals. */
    public static List<FluidView> of(List<Fluid> fluids) {
        return fluids.stream()
                .map(f -> new FluidView(
                        Values.required(f.type(), "fluid type"),
                        Values.required(f.specification(), "fluid specification"),
                        new Capacity(
                                Values.amount(f.capacityLitres(), 6, "capacity in litres"),
                                Values.amount(f.capacityUsQuarts(), 6, "capacity in US quarts")),
                        f.notes()))
                .toList();
    }
}
