package dev.vspec.command.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.infra.kafka.EventEnvelopeCodec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * However Kafka refuses a send, the relay fails the batch (for its processor to retry) with one
 * warning; a batch that completes enrichment jobs names them once Kafka has all of it.
 */
class KafkaRelayTest {

    private static final FactSource SOURCE = FactSource.importFile("catalog.json", "5e0c3d9a");

    private static final String VIN = "19XFC2F59KE900101";
    private static final String JOB = "enr_" + VIN + "_1";

    private final Logger relayLog = (Logger) LoggerFactory.getLogger(KafkaRelay.class);
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    /** The jobs the relay said a batch completed. */
    private final List<String> told = new CopyOnWriteArrayList<>();

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
        KafkaRelay relay = new KafkaRelay((key, type, envelope) -> {
            throw new IllegalStateException("Topic vspec.events.v1 not present in metadata after 60000 ms.");
        }, told::addAll, new EventEnvelopeCodec(), Duration.ofSeconds(5));

        assertThatThrownBy(() -> relayInAUnitOfWork(relay)).isInstanceOf(KafkaRelay.RelayFailedException.class)
                .hasMessageContaining("Kafka did not take VinLinked " + VIN + "#0")
                .hasMessageContaining("not present in metadata");
        assertThat(logged.list).singleElement().satisfies(warning -> {
            assertThat(warning.getLevel()).isEqualTo(Level.WARN);
            assertThat(warning.getFormattedMessage()).startsWith("Kafka did not take VinLinked " + VIN
                    + "#0 (1 events in the batch)").endsWith("the batch will be retried");
        });
    }

    @Test
    void aSendKafkaDidNotAcknowledgeFailsTheBatchWithTheSameWarning() {
        KafkaRelay relay = new KafkaRelay((key, type, envelope) -> CompletableFuture.failedFuture(
                new IllegalStateException("Expiring 1 record(s): 120000 ms has passed since batch creation")),
                told::addAll, new EventEnvelopeCodec(), Duration.ofSeconds(5));

        assertThatThrownBy(() -> relayInAUnitOfWork(relay)).isInstanceOf(KafkaRelay.RelayFailedException.class)
                .hasMessageContaining("Kafka did not take VinLinked " + VIN + "#0");
        assertThat(logged.list).singleElement().satisfies(warning -> assertThat(warning.getFormattedMessage())
                .startsWith("Kafka did not take VinLinked " + VIN + "#0 (1 events in the batch)"));
    }

    @Test
    void aBatchThatCompletesAJobTellsItOnceKafkaHasTheWholeBatch() {
        List<CompletableFuture<Object>> acks = new ArrayList<>();
        KafkaRelay relay = new KafkaRelay((key, type, envelope) -> {
            // acknowledged a moment after the whole batch was handed over, as Kafka does
            CompletableFuture<Object> ack = new CompletableFuture<>();
            acks.add(ack);
            CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS).execute(() -> ack.complete(null));
            return ack;
        }, jobs -> {
            assertThat(acks).as("every send acknowledged before the jobs are told").hasSize(2).allMatch(CompletableFuture::isDone);
            told.addAll(jobs);
        }, new EventEnvelopeCodec(), Duration.ofSeconds(5));

        relayInAUnitOfWork(relay, linked(), completion(JOB));

        assertThat(told).containsExactly(JOB);
    }

    @Test
    void aBatchKafkaDidNotTakeTellsNoJob() {
        KafkaRelay relay = new KafkaRelay((key, type, envelope) -> CompletableFuture.failedFuture(new IllegalStateException("gone")),
                told::addAll, new EventEnvelopeCodec(), Duration.ofSeconds(5));

        assertThatThrownBy(() -> relayInAUnitOfWork(relay, completion(JOB))).isInstanceOf(KafkaRelay.RelayFailedException.class);
        assertThat(told).isEmpty();
    }

    @Test
    void whenWhereTheTopicEndsCannotBeRecordedTheBatchFailsForItsRetry() {
        KafkaRelay relay = new KafkaRelay((key, type, envelope) -> CompletableFuture.completedFuture(null), jobs -> {
            throw new IllegalStateException("the end offsets of vspec.events.v1 could not be read");
        }, new EventEnvelopeCodec(), Duration.ofSeconds(5));

        assertThatThrownBy(() -> relayInAUnitOfWork(relay, completion(JOB))).isInstanceOf(KafkaRelay.RelayFailedException.class)
                .hasMessageContaining("the completion of [" + JOB + "]");
        assertThat(logged.list).singleElement().satisfies(warning ->
                assertThat(warning.getFormattedMessage()).endsWith("the batch will be retried"));
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
        relayInAUnitOfWork(relay, linked());
    }

    private static GenericDomainEventMessage<VinLinked> linked() {
        return new GenericDomainEventMessage<>("Vehicle", VIN, 0, new VinLinked(VIN, "2019-honda-civic-lx-k20c2-fwd", SOURCE));
    }

    private static GenericDomainEventMessage<EnrichmentCompleted> completion(String job) {
        return new GenericDomainEventMessage<>("EnrichmentJob", job, 4,
                new EnrichmentCompleted(job, VIN, "2019-honda-civic-lx-k20c2-fwd", Instant.parse("2026-01-01T00:00:00Z")));
    }
}
