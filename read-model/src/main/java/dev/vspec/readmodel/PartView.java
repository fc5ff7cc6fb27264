package dev.vspec.readmodel;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartPriced;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A part that fits the configuration. {@code service} names the service it belongs to (null for
 * none); {@code price} is the newest dated price (null when the part is unpriced) and
 * {@code price_history} every dated price, newest first.
 */
public record PartView(
        @JsonProperty("part_number") String partNumber,
        String name,
        String category,
        String brand,
        int quantity,
        @Nullable String service,
        @Nullable Price price,
        @JsonProperty("price_history") List<Price> priceHistory) {

    /** {@code amount} is a decimal string with two places, so no client parses money as a float. */
    public record Price(
            String amount,
            String currency,
            @JsonProperty("as_of") String asOf) {}

    /** Newest first; on one date, several currencies in code order. */
    private static final Comparator<PartPriced> NEWEST_FIRST =
            Comparator.comparing(PartPriced::asOf, Comparator.reverseOrder()).thenComparing(PartPriced::currency);

    /**
     * A configuration's parts as rendered: the list in recorded order (a part number listed twice keeps
     * its last entry, at that entry's place), each with the prices recorded for its part number. A
     * price recorded again for the same part, currency and date replaces the earlier one.
     */
    public static List<PartView> of(List<Part> parts, List<PartPriced> prices) {
        Map<PriceKey, PartPriced> latestEntry = new LinkedHashMap<>();
        for (PartPriced price : prices) {
            latestEntry.put(
                    new PriceKey(
                            Values.required(price.partNumber(), "part number"),
                            Values.required(price.currency(), "currency"),
                            Values.required(price.asOf(), "as_of")),
                    price);
        }
        Map<String, List<Price>> history = new HashMap<>();
        latestEntry.values().stream()
                .sorted(NEWEST_FIRST)
                .forEach(price -> history.computeIfAbsent(price.partNumber(), k -> new ArrayList<>())
                        .add(new Price(
                                Values.required(Values.amount(price.amount(), 10, "price amount"), "price amount")
                                        .toPlainString(),
                                price.currency(),
                                price.asOf().toString())));

        Map<String, Part> byNumber = new LinkedHashMap<>();
        for (Part part : parts) {
            byNumber.remove(Values.required(part.partNumber(), "part number"));
            byNumber.put(part.partNumber(), part);
        }
        return byNumber.values().stream()
                .map(part -> {
                    List<Price> dated = List.copyOf(history.getOrDefault(part.partNumber(), List.of()));
                    return new PartView(
                            part.partNumber(),
                            Values.required(part.name(), "part name"),
                            Values.required(part.category(), "part category"),
                            Values.required(part.brand(), "part brand"),
                            part.quantity(),
                            part.service(),
                            dated.isEmpty() ? null : dated.get(0),
                            dated);
                })
                .toList();
    }

    private record PriceKey(String partNumber, String currency, LocalDate asOf) {}
}
