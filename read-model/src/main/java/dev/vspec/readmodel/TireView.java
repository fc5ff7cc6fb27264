package dev.vspec.readmodel;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.contracts.catalog.TireFitment;
import java.util.List;

/** The tire fitted on an axle ({@code front}, {@code rear} or {@code both}) with its cold inflation pressure. */
public record TireView(
        String axle,
        String size,
        @JsonProperty("load_index") int loadIndex,
        @JsonProperty("speed_rating") String speedRating,
        Pressure pressure) {

    public record Pressure(int kpa, int psi) {}

    /** A recorded fitment as rendered, in recorded order. */
    public static List<TireView> of(List<TireFitment> tires) {
        return tires.stream()
                .map(t -> new TireView(
                        Values.required(t.axle(), "tire axle"),
                        Values.required(t.size(), "tire size"),
                        t.loadIndex(),
                        Values.required(t.speedRating(), "tire speed rating"),
                        new Pressure(t.pressureKpa(), t.pressurePsi())))
                .toList();
    }
}
