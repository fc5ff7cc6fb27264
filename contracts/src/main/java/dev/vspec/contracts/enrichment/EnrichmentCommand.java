package dev.vspec.contracts.enrichment;

import dev.vspec.contracts.AddressedCommand;

/** A command addressed to one enrichment job, by its id. */
public interface EnrichmentCommand extends AddressedCommand {

    String jobId();

    @Override
    default String targetAggregateId() {
        return jobId();
    }
}
