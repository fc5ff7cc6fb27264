package dev.vspec.command.webhooks;

import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.readmodel.EnrichmentJobState;
import java.time.Instant;
import java.util.Optional;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.messaging.annotation.MessageIdentifier;
import org.jooq.DSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.ObjectMapper;

/**
 * Turns each enrichment job's end into a delivery to every webhook of every key the job was
 * answered to. It runs in its own streaming processor whose token lives in PostgreSQL, committed
 * with the deliveries it wrote: an event processed again (after a crash) finds its deliveries
 * there already and writes none twice. The event's id is the delivery's {@code event_id}; the job is read from its
 * row of {@code command.enrichment_job}, final once it has ended.
 */
@ProcessingGroup(EnrichmentNotifier.PROCESSING_GROUP)
class EnrichmentNotifier {

    static final String PROCESSING_GROUP = "webhooks";

    private static final Logger log = LoggerFactory.getLogger(EnrichmentNotifier.class);

    private final DSLContext db;
    private final Deliveries deliveries;
    private final ObjectMapper json;

    EnrichmentNotifier(DSLContext db, Deliveries deliveries, ObjectMapper json) {
        this.db = db;
        this.deliveries = deliveries;
        this.json = json;
    }

    @EventHandler
    void on(EnrichmentCompleted completed, @MessageIdentifier String eventId, @Timestamp Instant at) {
        notify(completed.jobId(), eventId, at);
    }

    @EventHandler
    void on(EnrichmentFailed failed, @MessageIdentifier String eventId, @Timestamp Instant at) {
        notify(failed.jobId(), eventId, at);
    }

    private void notify(String jobId, String eventId, Instant at) {
        // the job's row was committed with its end, which is why this event could be read
        Optional<JobNotification> notification =
                EnrichmentJobState.find(db, jobId).flatMap(job -> JobNotification.of("evt_" + eventId, job));
        if (notification.isEmpty()) {
            // a job's end without the job's scheduling (written by hand, or by a tool): no key to tell; holding up
            // every later job's notice for it would be worse
            log.warn("Enrichment job {} ended without a scheduling in its history: no webhook is told", jobId);
            return;
        }
        deliveries.create(
                notification.get().eventId(),
                notification.get().type(),
                jobId,
                json.writeValueAsString(notification.get()),
                notification.get().keyIds(),
                at);
    }
}
