package dev.vspec.command.relay;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.vspec.contracts.catalog.PublishedEvents;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.infra.kafka.EventEnvelopeCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes every stored event of the published language to the event topic, keyed by aggregate
 * id. Runs in the pooled streaming processor {@value #PROCESSING_GROUP}, whose token lives in
 * PostgreSQL. The sends of one batch go out together and are all awaited before the batch's unit
 * of work commits the token; a failed or unacknowledged send fails the batch, which the processor
 * retries from the old token. Delivery is therefore at least once, never with a gap; and when Kafka took a
 * whole batch but its token could not move (PostgreSQL failed meanwhile), the retry places those events where
 * Kafka holds them instead of sending them again, so only a relay that dies in that moment sends one twice (a batch
 * Kafka took in part is placed so up to its first refused event). Each batch
 * tells {@link RelayedEnds} where its records landed, and which enrichment jobs it completed, before
 * its token moves, so that readers can tell when the jobs' data has reached every read table.
 */
@ProcessingGroup(KafkaRelay.PROCESSING_GROUP)
class KafkaRelay {

    static final String PROCESSING_GROUP = "kafka-relay";

    private static final Logger log = LoggerFactory.getLogger(KafkaRelay.class);
    private static final String PENDING = KafkaRelay.class.getName() + ".pending";
    /** More than the batches one instance can have retried at once; beyond, the oldest are sent again. */
    private static final int HELD_AT_MOST = 100_000;

    private final EventPublisher publisher;
    private final RelayedEnds relayedEnds;
    private final EventEnvelopeCodec codec;
    private final Duration ackTimeout;
    /** Where Kafka holds each event of a batch it took whole, until the batch's token has moved. */
    private final Cache<String, EventPublisher.Placed> heldByKafka =
            Caffeine.newBuilder().maximumSize(HELD_AT_MOST).build();

    KafkaRelay(EventPublisher publisher, RelayedEnds relayedEnds, EventEnvelopeCodec codec, Duration ackTimeout) {
        this.publisher = publisher;
        this.relayedEnds = relayedEnds;
        this.codec = codec;
        this.ackTimeout = ackTimeout;
    }

    @EventHandler
    void on(Object event, DomainEventMessage<?> message) {
        if (!PublishedEvents.isPublished(event.getClass())) {
            return;
        }
        Batch batch = batch(message);
        // an event Kafka already holds from a failed try of this batch is placed, not encoded and sent again
        EventPublisher.Placed held = heldByKafka.getIfPresent(message.getIdentifier());
        CompletableFuture<EventPublisher.Placed> ack;
        try {
            ack = held != null ? CompletableFuture.completedFuture(held) : publish(event, message);
        } catch (RuntimeException e) {
            // Refused before it was queued (no topic metadata within max.block.ms while the broker is away).
            holdAcknowledgedPrefix(batch.pending());
            throw failed(describe(message), batch.pending().size() + 1, String.valueOf(e), e);
        }
        batch.pending().add(new PendingAck(message.getIdentifier(), describe(message), ack));
        if (event instanceof EnrichmentCompleted completed) {
            batch.completedJobs().add(completed.jobId());
        }
    }

    private CompletableFuture<EventPublisher.Placed> publish(Object event, DomainEventMessage<?> message) {
        byte[] envelope = codec.encode(
                message.getIdentifier(),
                message.getType(),
                message.getAggregateIdentifier(),
                message.getSequenceNumber(),
                message.getTimestamp(),
                event);
        return publisher.publish(message.getAggregateIdentifier(), PublishedEvents.nameOf(event.getClass()), envelope);
    }

    /** The batch's sends, awaited once in the prepare-commit phase so a batch costs one round trip. */
    private Batch batch(DomainEventMessage<?> first) {
        UnitOfWork<?> unitOfWork = CurrentUnitOfWork.get().root();
        return unitOfWork.getOrComputeResource(PENDING, key -> {
            try {
                relayedEnds.beforeFirstSend();
            } catch (RuntimeException e) {
                throw failed(describe(first), 1, String.valueOf(e), e);
            }
            Batch batch = new Batch(new ArrayList<>(), new ArrayList<>());
            unitOfWork.onPrepareCommit(u -> finish(batch));
            unitOfWork.afterCommit(u -> heldByKafka.invalidateAll(
                    batch.pending().stream().map(PendingAck::eventId).toList()));
            return batch;
        });
    }

    /** Once Kafka has every record of the batch, the relay's ends move and the jobs it completed learn them. */
    private void finish(Batch batch) {
        try {
            awaitAcks(batch.pending());
        } finally {
            holdAcknowledgedPrefix(batch.pending());
        }
        Map<Integer, Long> nextOffsets = new HashMap<>();
        for (PendingAck pending : batch.pending()) {
            EventPublisher.Placed placed = pending.ack().join();
            nextOffsets.merge(placed.partition(), placed.offset() + 1, Math::max);
        }
        try {
            relayedEnds.acknowledged(nextOffsets, batch.completedJobs());
        } catch (RuntimeException e) {
            String what = "where the batch ends"
                    + (batch.completedJobs().isEmpty() ? "" : " and the completion of " + batch.completedJobs());
            log.warn(
                    "Kafka holds the batch ({} events) but {} could not be recorded: {}; the batch will be retried where Kafka holds it",
                    batch.pending().size(),
                    what,
                    String.valueOf(e));
            throw new RelayFailedException(what + " could not be recorded: " + e, e);
        }
    }

    /**
     * Remembers where Kafka holds the batch's events up to the first it has not acknowledged, for a retry of the
     * batch to place them there instead of sending them again. Later ones are sent again even if acknowledged,
     * so that no partition gets an event after one that follows it.
     */
    private void holdAcknowledgedPrefix(List<PendingAck> pending) {
        for (PendingAck sent : pending) {
            if (!sent.ack().isDone() || sent.ack().isCompletedExceptionally()) {
                return;
            }
            heldByKafka.put(sent.eventId(), sent.ack().join());
        }
    }

    private void awaitAcks(List<PendingAck> pending) {
        CompletableFuture<?>[] acks = pending.stream().map(PendingAck::ack).toArray(CompletableFuture[]::new);
        try {
            CompletableFuture.allOf(acks).get(ackTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            PendingAck culprit = pending.stream()
                    .filter(p -> !p.ack().isDone() || p.ack().isCompletedExceptionally())
                    .findFirst()
                    .orElse(pending.get(0));
            String reason = e instanceof TimeoutException
                    ? "no acknowledgement within " + ackTimeout
                    : String.valueOf(e.getCause());
            throw failed(culprit.event(), pending.size(), reason, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RelayFailedException("interrupted while waiting for Kafka", e);
        }
    }

    /** Reports a batch Kafka did not take, however the send failed; the processor then retries it. */
    private static RelayFailedException failed(String event, int batchSize, String reason, Throwable cause) {
        log.warn(
                "Kafka did not take {} ({} events in the batch): {}; the batch will be retried",
                event,
                batchSize,
                reason);
        return new RelayFailedException("Kafka did not take " + event + ": " + reason, cause);
    }

    private static String describe(DomainEventMessage<?> message) {
        return message.getPayloadType().getSimpleName() + " " + message.getAggregateIdentifier() + "#"
                + message.getSequenceNumber();
    }

    private record PendingAck(String eventId, String event, CompletableFuture<EventPublisher.Placed> ack) {}

    /** One batch: its sends, and the enrichment jobs it completes. */
    private record Batch(List<PendingAck> pending, List<String> completedJobs) {}

    /** The batch could not be published; the processor retries it from its stored token. */
    static final class RelayFailedException extends RuntimeException {
        RelayFailedException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
