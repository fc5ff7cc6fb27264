package dev.vspec.command.enrichment;

import static dev.vspec.storage.jooq.command.Tables.ENRICHMENT_JOB;
import static dev.vspec.storage.jooq.command.Tables.PENDING_BACKFILL;
import static dev.vspec.storage.jooq.events.Tables.DOMAINEVENTENTRY;

import java.util.List;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Writes the rows of {@code command.enrichment_job} for jobs whose events were stored before the table existed
 * (migration V26 leaves the name {@code enrichment_job} in {@code command.pending_backfill} for it), once, before the
 * command side takes a request or runs a processor: each job's stored events are folded as
 * {@link EnrichmentJobTable} folds them when they come. One transaction under an advisory lock: instances starting
 * together backfill once, and a start that fails leaves the name for the next.
 */
class EnrichmentJobBackfill implements InitializingBean {

    static final String TABLE = "enrichment_job";
    /** Any constant that no other advisory lock of vspec uses: "vspec-ej" in ASCII. */
    private static final long LOCK = 0x7673706563_2d656aL;

    private static final Logger log = LoggerFactory.getLogger(EnrichmentJobBackfill.class);

    private final DSLContext db;
    private final EnrichmentJobTable table;
    private final TransactionTemplate transactions;

    EnrichmentJobBackfill(DSLContext db, EnrichmentJobTable table, TransactionTemplate transactions) {
        this.db = db;
        this.table = table;
        this.transactions = transactions;
    }

    @Override
    public void afterPropertiesSet() {
        transactions.executeWithoutResult(status -> backfill());
    }

    private void backfill() {
        db.fetch("SELECT pg_advisory_xact_lock(?)", LOCK);
        if (db.deleteFrom(PENDING_BACKFILL)
                        .where(PENDING_BACKFILL.NAME.eq(TABLE))
                        .execute()
                == 0) {
            return;
        }
        // one pass over the event store, once: no index serves the aggregate type
        List<String> jobs = db.selectDistinct(DOMAINEVENTENTRY.AGGREGATEIDENTIFIER)
                .from(DOMAINEVENTENTRY)
                .where(DOMAINEVENTENTRY.TYPE.eq(EnrichmentJob.class.getSimpleName()))
                .andNotExists(DSL.selectOne()
                        .from(ENRICHMENT_JOB)
                        .where(ENRICHMENT_JOB.JOB_ID.eq(DOMAINEVENTENTRY.AGGREGATEIDENTIFIER)))
                .fetch(DOMAINEVENTENTRY.AGGREGATEIDENTIFIER);
        long written = jobs.stream().filter(table::catchUp).count();
        log.info("Wrote the rows of command.enrichment_job for {} enrichment jobs stored before it existed", written);
    }
}
