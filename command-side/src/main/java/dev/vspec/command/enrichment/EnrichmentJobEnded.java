package dev.vspec.command.enrichment;

/** A key asked to join a job that ended meanwhile: it is answered afresh (the VIN is held now, or a new job starts). */
final class EnrichmentJobEnded extends RuntimeException {

    EnrichmentJobEnded(String jobId) {
        super("Enrichment job " + jobId + " has ended", null, false, false);
    }
}
