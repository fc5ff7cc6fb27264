package dev.vspec.command.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.command.TestVins;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.VinLinked;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.axonframework.common.jdbc.ConnectionProvider;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventhandling.tokenstore.UnableToClaimTokenException;
import org.axonframework.eventhandling.tokenstore.jdbc.JdbcTokenStore;
import org.axonframework.eventhandling.tokenstore.jdbc.TokenSchema;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.serialization.Serializer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The relay's ledger on PostgreSQL: while a batch holds the relay's claim, another node's claim waits for the
 * batch to end (and then finds the claim fresh); a node whose claim was taken is told so; the frontier and the
 * jobs' ends are stored for the relay's topic alone; and events are found by id in the event store.
 */
@CommandSideIntegrationTest
class JdbcRelayLedgerIT {

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    PlatformTransactionManager transactions;

    @Autowired
    ConnectionProvider connections;

    @Autowired
    TokenSchema tokenSchema;

    @Autowired
    Serializer serializer;

    @Autowired
    EventStorageEngine storage;

    @Test
    void whileABatchHoldsTheClaimAnotherNodesClaimWaitsForItAndThenFindsItTaken() throws Exception {
        JdbcRelayLedger ledger = new JdbcRelayLedger(jdbc, "relay-ledger-it", RelayConfiguration.NODE);
        JdbcTokenStore otherNode = JdbcTokenStore.builder()
                .connectionProvider(connections)
                .schema(tokenSchema)
                .serializer(serializer)
                .nodeId("other-node")
                .build();
        await().atMost(Duration.ofSeconds(30)).until(() -> RelayConfiguration.NODE.equals(ownerOfTheRelay()));
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch batchDone = new CountDownLatch(1);
        CompletableFuture<Void> batch =
                CompletableFuture.runAsync(() -> new TransactionTemplate(transactions).executeWithoutResult(status -> {
                    ledger.holdClaim();
                    held.countDown();
                    await().atMost(Duration.ofSeconds(30)).until(() -> batchDone.getCount() == 0);
                }));
        assertThat(held.await(30, TimeUnit.SECONDS)).isTrue();

        CompletableFuture<Void> takeover = CompletableFuture.runAsync(() -> new TransactionTemplate(transactions)
                .executeWithoutResult(status -> otherNode.fetchToken(KafkaRelay.PROCESSING_GROUP, 0)));

        await("another node's claim, waiting while the batch holds the relay's")
                .during(Duration.ofMillis(700))
                .atMost(Duration.ofSeconds(5))
                .until(() -> !takeover.isDone());
        batchDone.countDown();
        batch.get(30, TimeUnit.SECONDS);
        assertThat(takeover)
                .failsWithin(Duration.ofSeconds(30))
                .withThrowableOfType(ExecutionException.class)
                .withCauseInstanceOf(UnableToClaimTokenException.class);
    }

    @Test
    void aNodeWhoseClaimAnotherHoldsIsToldWhoHoldsIt() {
        JdbcRelayLedger ledger = new JdbcRelayLedger(jdbc, "relay-ledger-it", "stale-node");

        assertThatThrownBy(() -> new TransactionTemplate(transactions).executeWithoutResult(s -> ledger.holdClaim()))
                .isInstanceOf(RelayLedger.ClaimTakenException.class)
                .hasMessage("its token is claimed by " + ownerOfTheRelay() + ", not by this node (stale-node)");
    }

    @Test
    void theFrontierAndTheJobsEndsAreKeptForTheRelaysTopicAlone() {
        String topic = "relay-ledger-it-" + TestVins.next();
        String job = "enr_" + TestVins.next() + "_1";
        JdbcRelayLedger ledger = new JdbcRelayLedger(jdbc, topic, RelayConfiguration.NODE);

        ledger.storeFrontier(Map.of(0, 5L, 2, 9L));
        ledger.storeFrontier(Map.of(0, 3L));
        ledger.storeJobEnds(List.of(job), Map.of(0, 5L, 1, 0L, 2, 9L));

        assertThat(ledger.frontier()).as("held back where a record ahead lies").isEqualTo(Map.of(0, 3L, 2, 9L));
        assertThat(new JdbcRelayLedger(jdbc, topic + "-other", RelayConfiguration.NODE).frontier())
                .isEmpty();
        assertThat(jdbc.query(
                        "select partition, next_offset from events.job_published_offsets where job_id = ? and topic = ?",
                        (row, i) -> Map.entry(row.getInt(1), row.getLong(2)),
                        job,
                        topic))
                .containsExactlyInAnyOrder(Map.entry(0, 5L), Map.entry(1, 0L), Map.entry(2, 9L));
    }

    @Test
    void storedEventsAreFoundByIdWithTheirGlobalIndex() {
        String vin = TestVins.next();
        GenericDomainEventMessage<VinLinked> event = new GenericDomainEventMessage<>(
                "Vehicle",
                vin,
                0,
                new VinLinked(vin, "2019-honda-civic-lx-k20c2-fwd", FactSource.importFile("catalog.json", "5e0c3d9a")));
        storage.appendEvents(event);

        Map<String, Long> found = new JdbcRelayLedger(jdbc, "relay-ledger-it", RelayConfiguration.NODE)
                .globalIndexes(List.of(event.getIdentifier(), "no-such-event"));

        assertThat(found)
                .containsOnlyKeys(event.getIdentifier())
                .containsValue(jdbc.queryForObject(
                        "select globalindex from events.domainevententry where eventidentifier = ?",
                        Long.class,
                        event.getIdentifier()));
    }

    private String ownerOfTheRelay() {
        return jdbc.queryForObject(
                "select owner from events.tokenentry where processorname = ? and segment = 0",
                String.class,
                KafkaRelay.PROCESSING_GROUP);
    }
}
