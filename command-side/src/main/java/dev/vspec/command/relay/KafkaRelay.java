package dev.vspec.command.relay;

import dev.vspec.contracts.catalog.PublishedEvents;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.events.kafka.EventEnvelopeCodec;
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
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes every stored event of the published language to the event topic once, keyed by aggregate id. Runs in
 * the pooled streaming processor {@value #PROCESSING_GROUP}, whose token lives in PostgreSQL. The sends of one
 * batch go out together and are all awaited before the batch's unit of work commits the token; a failed or
 * unacknowledged send fails the batch, which the processor retries from the old token, so no event is skipped.
 * Nothing is sent twice, because each batch first looks at what the topic holds beyond the frontier committed with
 * the token ({@link PublishedOffsets}): an event an earlier try put there (it failed, or its node died or lost its
 * claim, after Kafka took the event) is placed where it lies instead of being sent again. Each batch also records,
 * before its token moves, where its records landed and which enrichment jobs it completed, so that readers can
 * tell when the jobs' data has reached every read table.
 */
@ProcessingGroup(KafkaRelay.PROCESSING_GROUP)
public class KafkaRelay {

    /** Also the name of the relay's rows in Axon's token table, which the CLI reads to wait for the relay. */
    public static final String PROCESSING_GROUP = "kafka-relay";

    private static final Logger log = LoggerFactory.getLogger(KafkaRelay.class);
    private static final String BATCH = KafkaRelay.class.getName() + ".batch";

    private final EventPublisher publisher;
    private final PublishedOffsets offsets;
    private final EventEnvelopeCodec codec;
    private final Duration ackTimeout;
    private final RelayMetrics metrics;

    KafkaRelay(
            EventPublisher publisher,
            PublishedOffsets offsets,
            EventEnvelopeCodec codec,
            Duration ackTimeout,
            RelayMetrics metrics) {
        this.publisher = publisher;
        this.offsets = offsets;
        this.codec = codec;
        this.ackTimeout = ackTimeout;
        this.metrics = metrics;
    }

    @EventHandler
    void on(Object event, DomainEventMessage<?> message, TrackingToken position) {
        if (!PublishedEvents.isPublished(event.getClass())) {
            return;
        }
        Batch batch = batch(message);
        batch.position = position;
        EventPublisher.Placed onTopic = batch.unconfirmed.take(message.getIdentifier());
        CompletableFuture<EventPublisher.Placed> ack;
        try {
            ack = onTopic != null ? CompletableFuture.completedFuture(onTopic) : publish(event, message);
        } catch (RuntimeException e) {
            // Refused before it was queued (no topic metadata within max.block.ms while the broker is away).
            throw failed(describe(message), batch.pending.size() + 1, String.valueOf(e), e);
        }
        batch.pending.add(new PendingAck(describe(message), ack, onTopic != null));
        if (event instanceof EnrichmentCompleted completed) {
            batch.completedJobs.add(completed.jobId());
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
        return unitOfWork.getOrComputeResource(BATCH, key -> {
            Batch batch = new Batch(lookBeyondTheFrontier(first));
            unitOfWork.onPrepareCommit(u -> finish(batch));
            // rollback handlers run last-registered first: the sends settle before the transaction releases the claim
            unitOfWork.onRollback(u -> settle(batch));
            unitOfWork.afterCommit(u -> committed(batch));
            return batch;
        });
    }

    private void committed(Batch batch) {
        long alreadyOnTopic = batch.count(true);
        metrics.committed(batch.count(false), alreadyOnTopic);
        if (alreadyOnTopic > 0) {
            log.info(
                    "{} events of the batch were on the topic already, put there by a try that failed after Kafka took"
                            + " them; they were placed where they lie, not sent again",
                    alreadyOnTopic);
        }
    }

    private Unconfirmed lookBeyondTheFrontier(DomainEventMessage<?> first) {
        try {
            return offsets.beforeFirstSend();
        } catch (RelayLedger.ClaimTakenException e) {
            metrics.fenced();
            log.warn("Another node relays now: {}; this one sends nothing", e.getMessage());
            throw new RelayFailedException("another node relays now: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw failed(describe(first), 1, String.valueOf(e), e);
        }
    }

    /** Once Kafka has every record of the batch, the relay's ends move and the jobs it completed learn them. */
    private void finish(Batch batch) {
        awaitAcks(batch.pending);
        Map<Integer, Long> nextOffsets = new HashMap<>();
        for (PendingAck pending : batch.pending) {
            EventPublisher.Placed placed = pending.ack().join();
            nextOffsets.merge(placed.partition(), placed.offset() + 1, Math::max);
        }
        try {
            offsets.acknowledged(batch.unconfirmed, nextOffsets, batch.position, batch.completedJobs);
        } catch (RuntimeException e) {
            String what = "where the batch ends"
                    + (batch.completedJobs.isEmpty() ? "" : " and the completion of " + batch.completedJobs);
            log.warn(
                    "Kafka holds the batch ({} events) but {} could not be recorded: {}; the batch will be retried where Kafka holds it",
                    batch.pending.size(),
                    what,
                    String.valueOf(e));
            throw new RelayFailedException(what + " could not be recorded: " + e, e);
        }
    }

    private void awaitAcks(List<PendingAck> pending) {
        try {
            allOf(pending).get(ackTimeout.toMillis(), TimeUnit.MILLISECONDS);
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

    /**
     * Waits until Kafka has taken or refused each send of a failed batch, so that the retry's look at the topic
     * finds every record this try will ever put there.
     */
    private void settle(Batch batch) {
        try {
            allOf(batch.pending).handle((done, failure) -> done).get(ackTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            log.warn(
                    "Sends of a failed batch still unanswered after {}: should Kafka take them later, they are on the topic twice",
                    ackTimeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static CompletableFuture<Void> allOf(List<PendingAck> pending) {
        return CompletableFuture.allOf(pending.stream().map(PendingAck::ack).toArray(CompletableFuture[]::new));
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

    /** One event of the batch: sent, or already on the topic, where {@code ack} tells where it lies. */
    private record PendingAck(String event, CompletableFuture<EventPublisher.Placed> ack, boolean alreadyOnTopic) {}

    /** One batch: what the topic held beyond the frontier, its events, the jobs it completes, its last token. */
    private static final class Batch {
        final Unconfirmed unconfirmed;
        final List<PendingAck> pending = new ArrayList<>();
        final List<String> completedJobs = new ArrayList<>();
        TrackingToken position;

        Batch(Unconfirmed unconfirmed) {
            this.unconfirmed = unconfirmed;
        }

        long count(boolean alreadyOnTopic) {
            return pending.stream()
                    .filter(p -> p.alreadyOnTopic() == alreadyOnTopic)
                    .count();
        }
    }

    /** The batch could not be published; the processor retries it from its stored token. */
    static final class RelayFailedException extends RuntimeException {
        RelayFailedException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
