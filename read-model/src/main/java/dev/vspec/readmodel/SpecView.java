package dev.vspec.readmodel;

import dev.vspec.contracts.catalog.SpecItem;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** One line of the spec sheet; {@code unit} is null for a unitless value such as a layout. */
public record SpecView(
        String section, String name, String value, @Nullable String unit) {

    /** A recorded spec sheet as rendered, in recorded order. */
    public static List<SpecView> of(List<SpecItem> specs) {
        return specs.stream()
                .map(s -> new SpecView(
                        Values.required(s.section(), "spec section"),
                        Values.required(s.name(), "spec name"),
                        Values.required(s.value(), "spec value"),
                        s.unit()))
                .toList();
    }
}
