package dev.vspec.command.enrichment;

/**
 * The job has ended (completed or failed), so it cannot be joined or ended another way. A key that
 * asked to join is answered afresh (the VIN is held now, or a new job starts); a process that runs
 * again after a crash has nothing left to do.
 */
final class EnrichmentJobEnded extends RuntimeException {

    EnrichmentJobEnded(String jobId) {
        super("Enrichment job " + jobId + " has ended", null, false, false);
    }
}
