package dev.vspec.query.decode;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vspec.contracts.error.ConfigMatch;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.query.vehicle.MaybeUnknown;
import dev.vspec.query.vehicle.Vehicle;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * {@code {"vehicle": {...}, "decode": {...}}}: the held configuration the identifier resolves to (null
 * when a decoded VIN matches none, or several: then {@code matches} lists them) and, in VIN mode, what
 * NHTSA's vPIC data says of the VIN (null in the other modes, where there is nothing to decode). An answer without
 * a vehicle is kept briefly ({@link MaybeUnknown}).
 */
record DecodeResponse(
        @Nullable Vehicle vehicle,
        @Nullable VinDecoding decode,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable List<ConfigMatch> matches)
        implements MaybeUnknown {

    /** A VIN no held configuration answers yet: an enrichment or an import may add one. */
    @Override
    public boolean holdsUnknown() {
        return vehicle == null;
    }
}
