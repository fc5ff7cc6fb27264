package dev.vspec.command.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.vspec.command.relay.EventPublisher.Placed;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.infra.kafka.EventEnvelopeCodec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * However Kafka refuses a send, the relay fails the batch (for its processor to retry) with one
 * warning; a batch tells where its records landed, and the enrichment jobs it completes, once Kafka
 * has all of it; the broker is asked nothing after that.
 */
class KafkaRelayTest {

    private static final FactSource SOURCE = FactSource.importFile("catalog.json", "5e0c3d9a");

    private static final String VIN = "19XFC2F59KE900101";
    private static final String JOB = "enr_" + VIN + "_1";

    private final Logger relayLog = (Logger) LoggerFactory.getLogger(KafkaRelay.class);
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final RecordingEnds ends = new RecordingEnds();

    @BeforeEach
    void collectTheRelaysLog() {
        logged.start();
        relayLog.addAppender(logged);
    }

    @AfterEach
    void stopCollecting() {
        relayLog.detachAppender(logged);
    }

    @Test
    void aSendRefusedBeforeItIsQueuedFailsTheBatchWithTheRelaysWarning() {
        KafkaRelay relay = new KafkaRelay(
                (key, type, envelope) -> {
                    throw new IllegalStateException("Topic vspec.events.v1 not present in metadata after 60000 ms.");
                },
                ends,
                new EventEnvelopeCodec(),
                Duration.ofSeconds(5));

        assertThatThrownBy(() -> relayInAUnitOfWork(relay))
                .isInstanceOf(KafkaRelay.RelayFailedException.class)
                .hasMessageContaining("Kafka did not take VinLinked " + VIN + "#0")
                .hasMessageContaining("not present in metadata");
        assertThat(logged.list).singleElement().satisfies(warning -> {
            assertThat(warning.getLevel()).isEqualTo(Level.WARN);
            assertThat(warning.getFormattedMessage())
                    .startsWith("Kafka did not take VinLinked " + VIN + "#0 (1 events in the batch)")
                    .endsWith("the batch will be retried");
        });
    }

    @Test
    void aSendKafkaDidNotAcknowledgeFailsTheBatchWithTheSameWarning() {
        KafkaRelay relay = new KafkaRelay(
                (key, type, envelope) -> CompletableFuture.failedFuture(
                        new IllegalStateException("Expiring 1 record(s): 120000 ms has passed since batch creation")),
                ends,
                new EventEnvelopeCodec(),
                Duration.ofSeconds(5));

        assertThatThrownBy(() -> relayInAUnitOfWork(relay))
                .isInstanceOf(KafkaRelay.RelayFailedException.class)
                .hasMessageContaining("Kafka did not take VinLinked " + VIN + "#0");
        assertThat(logged.list)
                .singleElement()
                .satisfies(warning -> assertThat(warning.getFormattedMessage())
                        .startsWith("Kafka did not take VinLinked " + VIN + "#0 (1 events in the batch)"));
    }

    @Test
    void aBatchTellsWhereItsRecordsEndAndWhichJobsItCompletedOnceKafkaHasTheWholeBatch() {
        List<Placed> placements = List.of(new Placed(1, 41), new Placed(1, 42), new Placed(0, 7));
        List<CompletableFuture<Placed>> acks = new ArrayList<>();
        RecordingEnds ends = new RecordingEnds() {
            @Override
            public void acknowledged(Map<Integer, Long> nextOffsets, List<String> completedJobs) {
                assertThat(acks)
                        .as("every send acknowledged before the ends move")
                        .hasSize(3)
                        .allMatch(CompletableFuture::isDone);
                super.acknowledged(nextOffsets, completedJobs);
            }
        };
        KafkaRelay relay = new KafkaRelay(
                (key, type, envelope) -> {
                    // acknowledged a moment after the whole batch was handed over, as Kafka does
                    CompletableFuture<Placed> ack = new CompletableFuture<>();
                    Placed placed = placements.get(acks.size());
                    acks.add(ack);
                    CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS).execute(() -> ack.complete(placed));
                    return ack;
                },
                ends,
                new EventEnvelopeCodec(),
                Duration.ofSeconds(5));

        relayInAUnitOfWork(relay, linked(VIN), linked("19XFC2F50KE900102"), completion(JOB));

        assertThat(ends.beforeFirstSend).as("once for the batch").hasValue(1);
        assertThat(ends.nextOffsets).containsExactly(Map.of(1, 43L, 0, 8L));
        assertThat(ends.completedJobs).containsExactly(List.of(JOB));
    }

    @Test
    void whenTheBrokerCannotSayWhereTheTopicEndsTheBatchFailsBeforeAnySend() {
        List<String> sent = new ArrayList<>();
        KafkaRelay relay = new KafkaRelay(
                (key, type, envelope) -> {
                    sent.add(key);
                    return CompletableFuture.completedFuture(new Placed(0, 0));
                },
                new RecordingEnds() {
                    @Override
                    public void beforeFirstSend() {
                        throw new IllegalStateException("the end offsets of vspec.events.v1 could not be read");
                    }
                },
                new EventEnvelopeCodec(),
                Duration.ofSeconds(5));

        assertThatThrownBy(() -> relayInAUnitOfWork(relay, linked(VIN), completion(JOB)))
                .isInstanceOf(KafkaRelay.RelayFailedException.class)
                .hasMessageContaining("could not be read");
        assertThat(sent)
                .as("nothing of the batch reached Kafka, so its retry duplicates nothing")
                .isEmpty();
    }

    @Test
    void aBatchKafkaDidNotTakeTellsNothing() {
        KafkaRelay relay = new KafkaRelay(
                (key, type, envelope) -> CompletableFuture.failedFuture(new IllegalStateException("gone")),
                ends,
                new EventEnvelopeCodec(),
                Duration.ofSeconds(5));

        assertThatThrownBy(() -> relayInAUnitOfWork(relay, completion(JOB)))
                .isInstanceOf(KafkaRelay.RelayFailedException.class);
        assertThat(ends.nextOffsets).isEmpty();
        assertThat(ends.completedJobs).isEmpty();
    }

    @Test
    void whenWhereTheBatchEndsCannotBeRecordedTheBatchFailsForItsRetry() {
        KafkaRelay relay = new KafkaRelay(
                (key, type, envelope) -> CompletableFuture.completedFuture(new Placed(0, 0)),
                new RecordingEnds() {
                    @Override
                    public void acknowledged(Map<Integer, Long> nextOffsets, List<String> completedJobs) {
                        throw new IllegalStateException("FATAL: terminating connection due to administrator command");
                    }
                },
                new EventEnvelopeCodec(),
                Duration.ofSeconds(5));

        assertThatThrownBy(() -> relayInAUnitOfWork(relay, completion(JOB)))
                .isInstanceOf(KafkaRelay.RelayFailedException.class)
                .hasMessageContaining("the completion of [" + JOB + "]");
        assertThat(logged.list)
                .singleElement()
                .satisfies(warning -> assertThat(warning.getFormattedMessage())
                        .startsWith("Kafka holds the batch (1 events) but where the batch ends")
                        .endsWith("the batch will be retried where Kafka holds it"));
    }

    /**
     * Kafka took the whole batch but its token could not move (PostgreSQL failed after the acknowledgements): the
     * retry places the events where Kafka holds them, and sends them again only once the token had moved.
     */
    @Test
    void aBatchKafkaTookWholeIsNotSentAgainWhenOnlyItsTokenFailedToMove() {
        List<String> sent = new ArrayList<>();
        AtomicInteger databaseFailures = new AtomicInteger(1);
        RecordingEnds ends = new RecordingEnds() {
            @Override
            public void acknowledged(Map<Integer, Long> nextOffsets, List<String> completedJobs) {
                if (databaseFailures.getAndDecrement() > 0) {
                    throw new IllegalStateException("FATAL: terminating connection due to administrator command");
                }
                super.acknowledged(nextOffsets, completedJobs);
            }
        };
        KafkaRelay relay = new KafkaRelay(
                (key, type, envelope) -> {
                    sent.add(key);
                    return CompletableFuture.completedFuture(new Placed(2, 40 + sent.size()));
                },
                ends,
                new EventEnvelopeCodec(),
                Duration.ofSeconds(5));
        GenericDomainEventMessage<VinLinked> first = linked(VIN);
        GenericDomainEventMessage<EnrichmentCompleted> second = completion(JOB);

        assertThatThrownBy(() -> relayInAUnitOfWork(relay, first, second))
                .isInstanceOf(KafkaRelay.RelayFailedException.class);
        relayInAUnitOfWork(relay, first, second);

        assertThat(sent).as("each sent once").containsExactly(VIN, JOB);
        assertThat(ends.nextOffsets)
                .as("the retry tells where Kafka holds them")
                .containsExactly(Map.of(2, 43L));
        assertThat(ends.completedJobs).containsExactly(List.of(JOB));

        relayInAUnitOfWork(relay, first);
        assertThat(sent).as("once the token moved, a replay sends again").containsExactly(VIN, JOB, VIN);
    }

    /** A batch Kafka took in part: its retry sends again from the first event Kafka refused, never one before it. */
    @Test
    void aBatchKafkaTookInPartIsSentAgainFromItsFirstRefusedEvent() {
        List<String> sent = new ArrayList<>();
        KafkaRelay relay = new KafkaRelay(
                (key, type, envelope) -> {
                    sent.add(key);
                    // the broker goes away after the first record of the first try
                    return sent.size() == 2 || sent.size() == 3
                            ? CompletableFuture.failedFuture(new IllegalStateException("Disconnected"))
                            : CompletableFuture.completedFuture(new Placed(0, sent.size()));
                },
                ends,
                new EventEnvelopeCodec(),
                Duration.ofSeconds(5));
        GenericDomainEventMessage<VinLinked> first = linked(VIN);
        GenericDomainEventMessage<VinLinked> second = linked("19XFC2F50KE900102");
        GenericDomainEventMessage<VinLinked> third = linked("19XFC2F52KE900103");

        assertThatThrownBy(() -> relayInAUnitOfWork(relay, first, second, third))
                .isInstanceOf(KafkaRelay.RelayFailedException.class);
        relayInAUnitOfWork(relay, first, second, third);

        assertThat(sent)
                .as("the first once; the second and third, refused, again")
                .containsExactly(
                        VIN, "19XFC2F50KE900102", "19XFC2F52KE900103", "19XFC2F50KE900102", "19XFC2F52KE900103");
        assertThat(ends.nextOffsets).containsExactly(Map.of(0, 6L));
    }

    /** Remembers what the relay told it. */
    private static class RecordingEnds implements RelayedEnds {

        final AtomicInteger beforeFirstSend = new AtomicInteger();
        final List<Map<Integer, Long>> nextOffsets = new CopyOnWriteArrayList<>();
        final List<List<String>> completedJobs = new CopyOnWriteArrayList<>();

        @Override
        public void beforeFirstSend() {
            beforeFirstSend.incrementAndGet();
        }

        @Override
        public void acknowledged(Map<Integer, Long> nextOffsets, List<String> completedJobs) {
            this.nextOffsets.add(Map.copyOf(nextOffsets));
            this.completedJobs.add(List.copyOf(completedJobs));
        }
    }

    /** Relays the events in one unit of work and commits, as the relay's processor does for a batch. */
    @SafeVarargs
    private static void relayInAUnitOfWork(KafkaRelay relay, GenericDomainEventMessage<? extends Record>... messages) {
        DefaultUnitOfWork<?> unitOfWork = DefaultUnitOfWork.startAndGet(messages[0]);
        try {
            for (GenericDomainEventMessage<? extends Record> message : messages) {
                relay.on(message.getPayload(), message);
            }
        } catch (RuntimeException e) {
            unitOfWork.rollback(e);
            throw e;
        }
        unitOfWork.commit();
    }

    private static void relayInAUnitOfWork(KafkaRelay relay) {
        relayInAUnitOfWork(relay, linked(VIN));
    }

    private static GenericDomainEventMessage<VinLinked> linked(String vin) {
        return new GenericDomainEventMessage<>(
                "Vehicle", vin, 0, new VinLinked(vin, "2019-honda-civic-lx-k20c2-fwd", SOURCE));
    }

    private static GenericDomainEventMessage<EnrichmentCompleted> completion(String job) {
        return new GenericDomainEventMessage<>(
                "EnrichmentJob",
                job,
                4,
                new EnrichmentCompleted(
                        job, VIN, "2019-honda-civic-lx-k20c2-fwd", Instant.parse("2026-01-01T00:00:00Z")));
    }
}
