package dev.vspec.command.relay;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.vspec.command.relay.EventPublisher.Placed;
import dev.vspec.command.relay.SimulatedTopic.Answer;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.events.kafka.EventEnvelopeCodec;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The relay sends each stored event to the topic once, whatever fails or is killed when: each crash window (after
 * Kafka's acknowledgement and before the position is saved, half a batch acknowledged, a takeover by another
 * command side) ends with every event on the topic once, none skipped, each aggregate's in order. However Kafka
 * refuses a send, the batch fails (for its processor to retry) with one warning; a batch tells where its records
 * landed, and the enrichment jobs it completes, once Kafka has all of it.
 */
class KafkaRelayTest {

    private static final FactSource SOURCE = FactSource.importFile("catalog.json", "5e0c3d9a");
    private static final String CIVIC = "2019-honda-civic-lx-k20c2-fwd";
    private static final String VIN = "19XFC2F59KE900101";
    private static final String JOB = "enr_" + VIN + "_1";
    /** A crash of the relaying process at the moment the batch would commit, after the relay's own preparation. */
    private static final Consumer<String> KILLED = node -> {
        throw new IllegalStateException(node + " killed before its transaction committed");
    };

    private final Logger relayLog = (Logger) LoggerFactory.getLogger(KafkaRelay.class);
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final SimulatedDatabase database = new SimulatedDatabase("node-a");
    private final List<DomainEventMessage<?>> stored = new ArrayList<>();
    private SimulatedTopic topic = new SimulatedTopic(3);
    private int vins;

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
    void aRelayKilledAfterKafkaTookItsBatchAndBeforeItsPositionWasSavedSendsNoneOfItAgainOnRestart() {
        storeLinks(4);
        store(completion(JOB));

        assertThat(database.batch(relayOn("node-a"), "node-a", 100, KILLED)).isNotNull();
        assertThat(topic.records()).as("Kafka took the whole batch").hasSize(5);
        database.claimFor("node-a-restarted");
        storeLinks(1);
        assertThat(database.batch(relayOn("node-a-restarted"), "node-a-restarted", 100))
                .isNull();

        assertThat(topic.sends()).as("each event sent once").hasSize(6).doesNotHaveDuplicates();
        assertEveryStoredEventOnceInOrder();
        assertThat(database.jobEnds(JOB))
                .as("the completion, placed where it lies, still tells where the topic ended")
                .isEqualTo(topicEnds());
        assertThat(events("already_on_topic")).isEqualTo(5);
        assertThat(events("sent")).as("only what committed counts").isEqualTo(1);
        assertThat(logged.list)
                .extracting(ILoggingEvent::getFormattedMessage)
                .containsExactly("5 events of the batch were on the topic already, put there by a try that failed"
                        + " after Kafka took them; they were placed where they lie, not sent again");
    }

    @Test
    void aBatchWhosePositionPostgreSqlCouldNotSaveIsPlacedWhereKafkaHoldsItOnItsRetry() {
        storeLinks(3);
        store(completion(JOB));
        KafkaRelay relay = relayOn("node-a");
        database.failNextWrites(1);

        assertThat(database.batch(relay, "node-a", 100)).isInstanceOf(KafkaRelay.RelayFailedException.class);
        assertThat(database.batch(relay, "node-a", 100)).isNull();

        assertThat(topic.sends()).as("each sent once").hasSize(4).doesNotHaveDuplicates();
        assertEveryStoredEventOnceInOrder();
        assertThat(database.frontier()).isEqualTo(topicEnds());
        assertThat(database.jobEnds(JOB)).isEqualTo(topicEnds());
        assertThat(warnings())
                .singleElement()
                .satisfies(warning -> assertThat(warning)
                        .startsWith("Kafka holds the batch (4 events) but where the batch ends and the completion of ["
                                + JOB + "] could not be recorded")
                        .endsWith("the batch will be retried where Kafka holds it"));
    }

    /** Kafka appended three of five sends (the third without answering) and refused the rest. */
    @Test
    void aBatchKafkaTookInPartSendsOnlyWhatTheTopicDoesNotHoldOnItsRetry() {
        List<String> events =
                storeLinks(5).stream().map(DomainEventMessage::getIdentifier).toList();
        topic.answerNext(
                Answer.ACKNOWLEDGE, Answer.ACKNOWLEDGE, Answer.APPEND_UNANSWERED, Answer.REFUSE, Answer.REFUSE);
        KafkaRelay relay = relayOn("node-a");

        assertThat(database.batch(relay, "node-a", 100)).isInstanceOf(KafkaRelay.RelayFailedException.class);
        assertThat(database.frontier()).as("nothing recorded of a failed batch").isEmpty();
        assertThat(database.batch(relay, "node-a", 100)).isNull();

        assertThat(topic.sends())
                .as("the first three once; the two refused again")
                .containsExactly(
                        events.get(0),
                        events.get(1),
                        events.get(2),
                        events.get(3),
                        events.get(4),
                        events.get(3),
                        events.get(4));
        assertEveryStoredEventOnceInOrder();
        assertThat(events("already_on_topic")).isEqualTo(3);
        assertThat(events("sent")).isEqualTo(2);
    }

    /**
     * The relaying command side stalls after Kafka took its batch; the other claims the relay, finds the batch on the
     * topic and sends only what follows it; the first, once it looks again, sends nothing.
     */
    @Test
    void anotherCommandSideTakingOverSendsNothingTheFirstPutOnTheTopicAndTheFirstIsFenced() {
        storeLinks(4);
        KafkaRelay first = relayOn("node-a");
        assertThat(database.batch(first, "node-a", 100, KILLED)).isNotNull();

        database.claimFor("node-b");
        storeLinks(1);
        assertThat(database.batch(relayOn("node-b"), "node-b", 100)).isNull();
        storeLinks(1);
        RuntimeException fenced = database.batch(first, "node-a", 100);
        assertThat(database.batch(relayOn("node-b"), "node-b", 100)).isNull();

        assertThat(fenced)
                .isInstanceOf(KafkaRelay.RelayFailedException.class)
                .hasMessageContaining("another node relays now: its token is claimed by node-b");
        assertThat(topic.sends()).as("each sent once").hasSize(6).doesNotHaveDuplicates();
        assertEveryStoredEventOnceInOrder();
        assertThat(meters.get("vspec.relay.batches.fenced").counter().count()).isEqualTo(1);
        assertThat(warnings())
                .singleElement()
                .satisfies(warning -> assertThat(warning)
                        .isEqualTo("Another node relays now: its token is claimed by node-b, not by this node (node-a);"
                                + " this one sends nothing"));
    }

    /**
     * The retry of a failed batch may be smaller, and begin with an event that committed late into a gap: what the
     * failed try left beyond the retry stays ahead of the frontier for the next batch to find.
     */
    @Test
    void aRetrySmallerThanTheFailedBatchLeavesTheRestOfItsRecordsForTheNextBatch() {
        topic = new SimulatedTopic(1);
        DomainEventMessage<VinLinked> lateLink = link(nextVin());
        long late = database.storeUncommitted(lateLink);
        stored.add(lateLink);
        storeLinks(6);
        KafkaRelay relay = relayOn("node-a");
        assertThat(database.batch(relay, "node-a", 100, KILLED)).isNotNull();
        database.commit(late);

        assertThat(database.batch(relay, "node-a", 3)).isNull();
        assertThat(database.frontier())
                .as("held at the first record of an event the token has not passed")
                .isEqualTo(Map.of(0, 2L));
        assertThat(database.batch(relay, "node-a", 100)).isNull();

        assertThat(topic.sends()).hasSize(7).doesNotHaveDuplicates();
        assertEveryStoredEventOnceInOrder();
        assertThat(database.frontier()).isEqualTo(Map.of(0, 7L));
    }

    /** A send refused before it was queued fails the batch; the sends before it settle before the retry looks. */
    @Test
    void aSendRefusedBeforeItIsQueuedFailsTheBatchOnceTheSendsBeforeItAreAnswered() {
        List<CompletableFuture<Placed>> acks = new ArrayList<>();
        EventPublisher slowThenGone = (key, type, envelope) -> {
            if (acks.size() == 2) {
                throw new IllegalStateException("Topic vspec.events.v1 not present in metadata after 10000 ms.");
            }
            Placed placed = topic.publish(key, type, envelope).join();
            CompletableFuture<Placed> ack = new CompletableFuture<>();
            acks.add(ack);
            CompletableFuture.delayedExecutor(200, TimeUnit.MILLISECONDS).execute(() -> ack.complete(placed));
            return ack;
        };
        String third = storeLinks(3).get(2).getAggregateIdentifier();

        RuntimeException failure = database.batch(relayOn("node-a", slowThenGone, topic), "node-a", 100);
        assertThat(acks).as("answered before the batch gave up").allMatch(CompletableFuture::isDone);
        assertThat(database.batch(relayOn("node-a"), "node-a", 100)).isNull();

        assertThat(failure)
                .isInstanceOf(KafkaRelay.RelayFailedException.class)
                .hasMessageContaining("Kafka did not take VinLinked " + third + "#0")
                .hasMessageContaining("not present in metadata");
        assertEveryStoredEventOnceInOrder();
        assertThat(warnings())
                .singleElement()
                .satisfies(warning ->
                        assertThat(warning).contains("(3 events in the batch)").endsWith("the batch will be retried"));
    }

    @Test
    void aSendKafkaDidNotAcknowledgeFailsTheBatchWithTheSameWarning() {
        storeLinks(1);
        topic.answerNext(Answer.REFUSE);

        assertThat(database.batch(relayOn("node-a"), "node-a", 100))
                .isInstanceOf(KafkaRelay.RelayFailedException.class)
                .hasMessageContaining("Kafka did not take VinLinked ");
        assertThat(warnings())
                .singleElement()
                .satisfies(warning -> assertThat(warning)
                        .contains("(1 events in the batch): java.lang.IllegalStateException: NOT_ENOUGH_REPLICAS"));
        assertThat(database.frontier()).as("nothing recorded").isEmpty();
        assertThat(events("sent")).isZero();
    }

    @Test
    void aBatchTellsWhereItsRecordsEndAndWhichJobsItCompletedOnceKafkaHasTheWholeBatch() {
        List<Placed> placements = List.of(new Placed(1, 41), new Placed(1, 42), new Placed(0, 7));
        List<CompletableFuture<Placed>> acks = new ArrayList<>();
        EventPublisher acknowledgingLater = (key, type, envelope) -> {
            // acknowledged a moment after the whole batch was handed over, as Kafka does
            CompletableFuture<Placed> ack = new CompletableFuture<>();
            Placed placed = placements.get(acks.size());
            acks.add(ack);
            CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS).execute(() -> ack.complete(placed));
            return ack;
        };
        storeLinks(2);
        store(completion(JOB));

        assertThat(database.batch(relayOn("node-a", acknowledgingLater, new SimulatedTopic(2)), "node-a", 100))
                .isNull();

        assertThat(acks).hasSize(3).allMatch(CompletableFuture::isDone);
        assertThat(database.frontier()).isEqualTo(Map.of(1, 43L, 0, 8L));
        assertThat(database.jobEnds(JOB)).isEqualTo(Map.of(1, 43L, 0, 8L));
    }

    @Test
    void whenTheBrokerCannotSayWhereTheTopicEndsTheBatchFailsBeforeAnySend() {
        storeLinks(1);
        store(completion(JOB));
        topic.reachable(false);

        assertThat(database.batch(relayOn("node-a"), "node-a", 100))
                .isInstanceOf(KafkaRelay.RelayFailedException.class)
                .hasMessageContaining("Timeout expired while fetching topic metadata");
        assertThat(topic.sends()).as("nothing of the batch reached Kafka").isEmpty();
    }

    private KafkaRelay relayOn(String node) {
        return relayOn(node, topic, topic);
    }

    private KafkaRelay relayOn(String node, EventPublisher publisher, TopicTail tail) {
        return new KafkaRelay(
                publisher,
                new PublishedOffsets(database.ledgerOf(node), tail),
                new EventEnvelopeCodec(),
                Duration.ofSeconds(5),
                new RelayMetrics(meters));
    }

    /** Every stored event on the topic once, and each aggregate's events in the order of their sequence. */
    private void assertEveryStoredEventOnceInOrder() {
        assertThat(topic.records())
                .containsExactlyInAnyOrderElementsOf(
                        stored.stream().map(DomainEventMessage::getIdentifier).toList());
        Map<String, DomainEventMessage<?>> byId =
                stored.stream().collect(Collectors.toMap(DomainEventMessage::getIdentifier, event -> event));
        for (int partition = 0; partition < topicEnds().size(); partition++) {
            topic.partition(partition).stream()
                    .map(byId::get)
                    .collect(Collectors.groupingBy(
                            DomainEventMessage::getAggregateIdentifier,
                            Collectors.mapping(DomainEventMessage::getSequenceNumber, Collectors.toList())))
                    .forEach((aggregate, sequence) ->
                            assertThat(sequence).as("events of %s", aggregate).isSorted());
        }
    }

    private List<String> warnings() {
        return logged.list.stream()
                .filter(line -> line.getLevel() == Level.WARN)
                .map(ILoggingEvent::getFormattedMessage)
                .toList();
    }

    private Map<Integer, Long> topicEnds() {
        return topic.ends();
    }

    private double events(String outcome) {
        return meters.get("vspec.relay.events")
                .tag("outcome", outcome)
                .counter()
                .count();
    }

    /** Stores a VIN link for each of {@code count} new VINs; their events in order. */
    private List<DomainEventMessage<?>> storeLinks(int count) {
        List<DomainEventMessage<?>> links = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            links.add(store(link(nextVin())));
        }
        return links;
    }

    private DomainEventMessage<?> store(DomainEventMessage<?> event) {
        database.store(event);
        stored.add(event);
        return event;
    }

    private String nextVin() {
        return String.format("19XFC2F5%09d", ++vins);
    }

    private static DomainEventMessage<VinLinked> link(String vin) {
        return new GenericDomainEventMessage<>("Vehicle", vin, 0, new VinLinked(vin, CIVIC, SOURCE));
    }

    private static DomainEventMessage<EnrichmentCompleted> completion(String job) {
        return new GenericDomainEventMessage<>(
                "EnrichmentJob",
                job,
                4,
                new EnrichmentCompleted(job, VIN, CIVIC, Instant.parse("2026-01-01T00:00:00Z")));
    }
}
