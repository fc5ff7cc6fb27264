package dev.vspec.query.vehicle;

/**
 * An answer holding the values of data groups, with their own entries of the vehicle's {@link Coverage} beside them
 * under {@code coverage}: a group's route and {@code /v1/vehicle?include=} show them the same way. It holds
 * something unknown when one of them is missing.
 */
public interface CoveredAnswer extends MaybeUnknown {

    /** The coverage of the groups the answer holds, and of no other. */
    Coverage coverage();

    @Override
    default boolean holdsUnknown() {
        return coverage().anyMissing();
    }
}
