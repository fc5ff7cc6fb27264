package dev.vspec.decoder;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What the known positions of a partial VIN determine. {@code determinedFields} holds the elements whose
 * value the known positions settle, named and typed as a full decode answers them ({@code body_class},
 * {@code doors: 2}, {@code make: "Honda"} with {@code vpic_make: "HONDA"}); {@code candidateFields} the
 * values each other element could still take, once the unknown positions are known (at most
 * {@link PartialDecoder#MAX_CANDIDATES} each; {@code truncatedFields} names the elements that have more).
 *
 * @param partialVin        the 17 positions as read, {@code *} for each unknown one
 * @param unknownPositions  the positions not given
 * @param modelYear         the model year when position 10 settles it
 * @param modelYears        the candidate model years, as ranges ("2003-2007"), when it does not
 * @param determined        superseded by {@code determinedFields}: the same, keyed by vPIC's variable codes
 *                          (Make, BodyClass), every value a text as vPIC writes it
 * @param candidates        superseded by {@code candidateFields}, keyed and written as {@code determined}
 * @param truncated         superseded by {@code truncatedFields}, vPIC's variable codes
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record PartialVinDecoding(
        @JsonProperty("partial_vin") String partialVin,
        @JsonProperty("unknown_positions") List<Integer> unknownPositions,
        String wmi,
        @Nullable String manufacturer,
        @JsonProperty("vehicle_type") @Nullable String vehicleType,
        @JsonProperty("model_year") @Nullable Integer modelYear,
        @JsonProperty("model_years") @Nullable List<String> modelYears,
        @JsonProperty("determined_fields") Map<String, Object> determinedFields,
        @JsonProperty("candidate_fields") Map<String, List<Object>> candidateFields,
        @JsonProperty("truncated_fields") List<String> truncatedFields,
        Map<String, String> determined,
        Map<String, List<String>> candidates,
        List<String> truncated,
        List<DecodeWarning> warnings,
        VpicRelease release) {}
