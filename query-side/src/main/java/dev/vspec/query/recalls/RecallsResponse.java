package dev.vspec.query.recalls;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.contracts.recalls.RecallMatching;
import dev.vspec.query.encoding.StoredJson;
import dev.vspec.query.lookup.NamedModel;
import dev.vspec.query.vehicle.Coverage;
import dev.vspec.query.vehicle.CoveredAnswer;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * {@code {"vehicle": {...}, "recalls": [...], "coverage": {"recalls": {...}}}}: the model the recalls were looked up by
 * (as named, and as matched), the recalls as stored ({@code RecallView}), and the files they came from; {@code recalls}
 * is empty, never absent, and {@code coverage} says whether any file was imported.
 */
record RecallsResponse(Subject vehicle, List<StoredJson> recalls, Coverage coverage) implements CoveredAnswer {

    /**
     * The model year, make and model the recalls are listed for; {@code matched_as} is the make and model keys NHTSA's
     * names were compared by ({@link RecallMatching}).
     */
    record Subject(
            int year,
            String make,
            String model,
            @JsonProperty("identified_by") String identifiedBy,
            @JsonProperty("config_key") @Nullable String configKey,
            @JsonProperty("matched_as") MatchedAs matchedAs) {

        static Subject of(NamedModel model) {
            return new Subject(
                    model.year(),
                    model.make(),
                    model.model(),
                    model.identifiedBy(),
                    model.configKey(),
                    new MatchedAs(RecallMatching.makeKey(model.make()), RecallMatching.modelKey(model.model())));
        }
    }

    record MatchedAs(String make, String model) {}
}
