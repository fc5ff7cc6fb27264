package dev.vspec.command.enrichment;

import static dev.vspec.storage.jooq.command.Tables.PENDING_BACKFILL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.command.TestVins;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.enrichment.EnrichmentJoined;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.EnrichmentStep;
import dev.vspec.contracts.enrichment.EnrichmentStepCompleted;
import dev.vspec.contracts.enrichment.JoinEnrichment;
import dev.vspec.contracts.enrichment.ScheduleEnrichment;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.events.axon.EventStorage;
import dev.vspec.readmodel.EnrichmentJobState;
import dev.vspec.readmodel.EnrichmentJobState.Status;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * {@code command.enrichment_job} is written in the transactions that store the jobs' events: each row is the fold of
 * its job's stored events, a row's write that fails stores no event, and jobs stored before the table existed get
 * their rows from the backfill at start, or with their next event.
 */
@CommandSideIntegrationTest
class EnrichmentJobTableIT {

    private static final Duration PROCESSED = Duration.ofSeconds(30);
    private static final Instant T0 =
            Instant.now().truncatedTo(ChronoUnit.MICROS).minusSeconds(600);

    @Autowired
    CommandGateway commands;

    @Autowired
    EventStore events;

    @Autowired
    DSLContext db;

    @Autowired
    DataSource dataSource;

    @Autowired
    PlatformTransactionManager transactionManager;

    @Autowired
    EnrichmentJobTable table;

    @Autowired
    EnrichmentJobBackfill backfill;

    @Test
    void eachRowIsTheFoldOfItsJobsStoredEventsAndAnEventAgainChangesNothing() {
        String job = EnrichmentJobId.first(Vin.parse(TestVins.next())).value();
        String vin = job.substring(4, 21);

        commands.sendAndWait(new ScheduleEnrichment(job, vin, 1, Instant.now()));
        commands.sendAndWait(new JoinEnrichment(job, 2, Instant.now()));
        EnrichmentJobState scheduled = row(job).orElseThrow();
        assertThat(scheduled.keyIds()).startsWith(1L).contains(2L);
        // the process runs the job (vPIC does not know the test VINs): its steps and end come as commands too
        await().atMost(PROCESSED)
                .until(() -> row(job).map(EnrichmentJobState::ended).orElse(false));

        EnrichmentJobState ended = row(job).orElseThrow();
        assertThat(ended).isEqualTo(folded(job));
        assertThat(ended.status()).isEqualTo(Status.FAILED);
        assertThat(ended.error().code()).isEqualTo("not_found");
        assertThat(ended.lastSequence()).isEqualTo(stored(job).size() - 1);

        for (DomainEventMessage<?> event : stored(job)) {
            table.keep(event);
        }
        assertThat(row(job)).contains(ended);
    }

    /**
     * The row is written in the unit of work's transaction, before it commits: a write that fails (a trigger refuses
     * it here) fails the command, and the event store holds none of its events.
     */
    @Test
    void whenTheRowCannotBeWrittenTheEventIsNotStoredEither() {
        String job = EnrichmentJobId.first(Vin.parse(TestVins.next())).value();
        String vin = job.substring(4, 21);
        db.execute("CREATE FUNCTION command.refuse_" + vin + "() RETURNS trigger LANGUAGE plpgsql AS "
                + "$$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$");
        db.execute("CREATE TRIGGER refuse_" + vin + " BEFORE INSERT OR UPDATE ON command.enrichment_job "
                + "FOR EACH ROW WHEN (NEW.job_id = '" + job + "') EXECUTE FUNCTION command.refuse_" + vin + "()");
        try {
            assertThatThrownBy(() -> commands.sendAndWait(new ScheduleEnrichment(job, vin, 1, Instant.now())))
                    .hasStackTraceContaining("refused by the test");
        } finally {
            db.execute("DROP TRIGGER refuse_" + vin + " ON command.enrichment_job");
            db.execute("DROP FUNCTION command.refuse_" + vin + "()");
        }

        assertThat(stored(job)).isEmpty();
        assertThat(row(job)).isEmpty();
        commands.sendAndWait(new ScheduleEnrichment(job, vin, 1, Instant.now()));
        assertThat(stored(job)).hasSize(1);
        assertThat(row(job)).isPresent();
    }

    /**
     * Jobs stored as an earlier version stored them, without rows, get them when the backfill the migration asked for
     * runs, once. Ended jobs: the process has nothing left to do for them, so nothing else writes their rows.
     */
    @Test
    void theBackfillFoldsTheJobsStoredBeforeTheTableOnce() {
        String completed = EnrichmentJobId.first(Vin.parse(TestVins.next())).value();
        String failed = EnrichmentJobId.first(Vin.parse(TestVins.next())).value();
        storeAsAnEarlierVersion(completed, endedJob(completed, true));
        storeAsAnEarlierVersion(failed, endedJob(failed, false));
        assertThat(row(completed)).isEmpty();
        assertThat(row(failed)).isEmpty();

        db.insertInto(PENDING_BACKFILL)
                .set(PENDING_BACKFILL.NAME, EnrichmentJobBackfill.TABLE)
                .execute();
        backfill.afterPropertiesSet();

        assertThat(row(completed)).contains(folded(completed));
        assertThat(row(completed).orElseThrow().status()).isEqualTo(Status.COMPLETED);
        assertThat(row(completed).orElseThrow().keyIds()).containsExactly(1L, 2L);
        assertThat(row(failed)).contains(folded(failed));
        assertThat(db.fetchCount(PENDING_BACKFILL)).isZero();

        String later = EnrichmentJobId.first(Vin.parse(TestVins.next())).value();
        storeAsAnEarlierVersion(later, endedJob(later, false));
        backfill.afterPropertiesSet();
        assertThat(row(later)).as("no backfill is pending").isEmpty();
    }

    /**
     * A job stored without a row that gets another event has it written whole, from the event store, which holds
     * that event already in the transaction that stores it (the job's end here, so the process has nothing to do).
     */
    @Test
    void aJobWithoutARowGetsItWholeWithItsNextEvent() {
        String job = EnrichmentJobId.first(Vin.parse(TestVins.next())).value();
        List<Object> history = endedJob(job, false);
        List<DomainEventMessage<?>> messages = messages(job, history);
        JdbcEventStorageEngine storage = EventStorage.engine(dataSource, transactionManager);

        new TransactionTemplate(transactionManager).executeWithoutResult(status -> {
            storage.appendEvents(messages.subList(0, history.size() - 1));
            storage.appendEvents(messages.get(history.size() - 1));
            table.keep(messages.get(history.size() - 1));
        });

        assertThat(row(job)).contains(folded(job));
        assertThat(row(job).orElseThrow().lastSequence()).isEqualTo(history.size() - 1);
        assertThat(row(job).orElseThrow().status()).isEqualTo(Status.FAILED);
    }

    private static List<Object> endedJob(String job, boolean completes) {
        String vin = job.substring(4, 21);
        List<Object> history = new ArrayList<>(List.of(
                new EnrichmentScheduled(job, vin, 1, T0),
                new EnrichmentStepCompleted(job, EnrichmentStep.DECODED, "2020 Honda", T0.plusSeconds(1)),
                new EnrichmentJoined(job, 2, T0.plusSeconds(2))));
        history.add(
                completes
                        ? new EnrichmentCompleted(job, vin, "2020-honda-civic-lx", T0.plusSeconds(3))
                        : new EnrichmentFailed(job, vin, ErrorCode.NOT_FOUND, "unknown", T0.plusSeconds(3)));
        return history;
    }

    /** Appends the job's events as a storage engine alone does: no event handler sees them. */
    private void storeAsAnEarlierVersion(String job, List<Object> history) {
        EventStorage.engine(dataSource, transactionManager).appendEvents(messages(job, history));
    }

    /** The job's events, numbered from 0. */
    private static List<DomainEventMessage<?>> messages(String job, List<Object> history) {
        List<DomainEventMessage<?>> messages = new ArrayList<>();
        for (int sequence = 0; sequence < history.size(); sequence++) {
            messages.add(new GenericDomainEventMessage<>("EnrichmentJob", job, sequence, history.get(sequence)));
        }
        return messages;
    }

    private Optional<EnrichmentJobState> row(String job) {
        return EnrichmentJobState.find(db, job);
    }

    private List<DomainEventMessage<?>> stored(String job) {
        List<DomainEventMessage<?>> stored = new ArrayList<>();
        events.readEvents(job).forEachRemaining(stored::add);
        return stored;
    }

    /** The job as its stored events tell it. */
    private EnrichmentJobState folded(String job) {
        Optional<EnrichmentJobState> state = Optional.empty();
        for (DomainEventMessage<?> event : stored(job)) {
            state = EnrichmentJobState.apply(state, event.getPayload(), event.getSequenceNumber());
        }
        return state.orElseThrow();
    }
}
