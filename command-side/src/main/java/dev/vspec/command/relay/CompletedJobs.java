package dev.vspec.command.relay;

import java.util.List;

/**
 * Told, once a batch's records are all acknowledged and before the relay's token moves past them,
 * which enrichment jobs' completions the batch published.
 */
interface CompletedJobs {

    void published(List<String> jobIds);
}
