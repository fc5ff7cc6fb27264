package dev.vspec.contracts;

/**
 * A command addressed to one aggregate by its id. The contracts know nothing of Axon's
 * {@code @TargetAggregateIdentifier}; the command side resolves the target through this.
 */
public interface AddressedCommand {
    String targetAggregateId();
}
