package dev.vspec.readmodel;

import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.SpecItem;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One line of the spec sheet; {@code unit} is null for a unitless value such as a layout. {@code source} says where
 * this line's fact came from (null in a document stored before sheets merged per fact).
 */
public record SpecView(
        String section, String name, String value, @Nullable String unit, Provenance.@Nullable SourceView source) {

    /** A recorded spec sheet as rendered, in recorded order, each line with the sheet's source. */
    public static List<SpecView> of(List<SpecItem> specs, Provenance.SourceView source) {
        return specs.stream()
                .map(s -> new SpecView(
                        Values.required(s.section(), "spec section"),
                        Values.required(s.name(), "spec name"),
                        Values.required(s.value(), "spec value"),
                        s.unit(),
                        source))
                .toList();
    }

    /** The fact the line states: its section and name (the lines of one fact give its value in several units). */
    public String fact() {
        return SpecItem.factOf(section, name);
    }

    /** The precedence of its source; a line without one ranks as the unknown source does. */
    int rank() {
        return source == null ? FactSource.precedenceOf(null) : source.rank();
    }
}
