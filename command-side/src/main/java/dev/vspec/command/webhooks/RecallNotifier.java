package dev.vspec.command.webhooks;

import dev.vspec.contracts.recalls.RecallMatching;
import dev.vspec.contracts.recalls.RecallRecorded;
import dev.vspec.contracts.recalls.RecallSource;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import tools.jackson.databind.ObjectMapper;

/**
 * Tells the webhooks subscribed to {@code recall.recorded} of each campaign that is news: one whose first record came
 * with a recalls file and was reported after {@link RecallFiles#announceAfter} for that file. A first import is no
 * news (nothing was held before it), and neither is a campaign held before, however its records change. Each
 * record of the campaign in the same file adds its vehicle to the notices no attempt has sent yet, which wait
 * {@code recall-settle} before their first attempt for that.
 * Runs in the webhooks processor beside {@link EnrichmentNotifier}, so an event processed again writes nothing twice.
 */
@ProcessingGroup(EnrichmentNotifier.PROCESSING_GROUP)
class RecallNotifier {

    private final EventStore events;
    private final Deliveries deliveries;
    private final RecallFiles files;
    private final Duration settle;
    private final ObjectMapper json;

    RecallNotifier(EventStore events, Deliveries deliveries, RecallFiles files, Duration settle, ObjectMapper json) {
        this.events = events;
        this.deliveries = deliveries;
        this.files = files;
        this.settle = settle;
        this.json = json;
    }

    @EventHandler
    void on(RecallRecorded recorded, @SequenceNumber long sequence, @Timestamp Instant at) {
        RecallSource source = recorded.source();
        Optional<LocalDate> announceAfter = files.announceAfter(source);
        LocalDate reported = recorded.recall().reportReceived();
        if (announceAfter.isEmpty() || reported == null || !reported.isAfter(announceAfter.get())) {
            return;
        }
        if (sequence > 0 && !firstRecordedFrom(recorded.campaignNumber(), source)) {
            return; // a campaign held before this file: its new records are no news
        }
        RecallNotification notice = RecallNotification.of(recorded);
        String makeKey = RecallMatching.makeKey(recorded.recall().make());
        deliveries.createRecall(notice, json.writeValueAsString(notice), makeKey, at, settle);
        if (sequence > 0) {
            // a further record of the campaign: the notices waiting name its vehicle too
            addVehicle(notice, makeKey);
        }
    }

    private void addVehicle(RecallNotification notice, String makeKey) {
        RecallNotification.Vehicle vehicle = notice.vehicles().get(0);
        deliveries.unsentRecallBodies(notice.eventId(), makeKey).forEach((delivery, body) -> {
            RecallNotification waiting = json.readValue(body, RecallNotification.class);
            RecallNotification more = waiting.with(vehicle);
            if (more != waiting) {
                deliveries.rewriteUnsent(delivery, json.writeValueAsString(more));
            }
        });
    }

    /** Whether the campaign's first record came from this same file. */
    private boolean firstRecordedFrom(String campaignNumber, RecallSource source) {
        DomainEventStream stream = events.readEvents(campaignNumber);
        return stream.hasNext()
                && stream.next().getPayload() instanceof RecallRecorded first
                && first.source().sha256().equals(source.sha256());
    }
}
