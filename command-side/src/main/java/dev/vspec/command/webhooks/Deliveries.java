package dev.vspec.command.webhooks;

import static dev.vspec.storage.jooq.webhooks.Tables.ATTEMPT;
import static dev.vspec.storage.jooq.webhooks.Tables.DELIVERY;
import static dev.vspec.storage.jooq.webhooks.Tables.ENDPOINT;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.storage.JobProjected;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.impl.DSL;
import org.jspecify.annotations.Nullable;

/**
 * Webhook deliveries in PostgreSQL: created once per (event, webhook), claimed by one sender at a
 * time across every command-side instance ({@code FOR UPDATE SKIP LOCKED}, then a lease), and each
 * attempt's outcome recorded.
 */
class Deliveries {

    static final String PENDING = "pending";
    static final String DELIVERED = "delivered";
    static final String FAILED = "failed";

    /** A delivery a sender claimed for its attempt number {@code attempt}. */
    record Claimed(long id, String url, String secret, String eventId, String body, int attempt, Instant createdAt) {

        @Override
        public String toString() {
            return "delivery " + id + " of " + eventId + ", attempt " + attempt;
        }
    }

    /** One attempt as the key sees it: the receiver's status code, or the error that kept it from answering. */
    record Attempt(
            int number,
            OffsetDateTime at,
            @JsonProperty("duration_ms") int durationMs,
            @JsonProperty("status_code") @Nullable Integer statusCode,
            @Nullable String error) {}

    /** A delivery as the key sees it, with its attempts in order. */
    record Delivery(
            long id,
            @JsonProperty("event_id") String eventId,
            String type,
            @JsonProperty("webhook_id") String webhookId,
            @JsonProperty("job_id") @Nullable String jobId,
            @JsonProperty("campaign_number") @Nullable String campaignNumber,
            String status,
            @JsonProperty("created_at") OffsetDateTime createdAt,
            @JsonProperty("next_attempt_at") @Nullable OffsetDateTime nextAttemptAt,
            List<Attempt> attempts) {}

    private final DSLContext db;

    Deliveries(DSLContext db) {
        this.db = db;
    }

    /**
     * A delivery of {@code body} to each webhook of these keys registered no later than the event,
     * due at once; none again for a webhook that already has this event's (the event processed
     * again after a crash or a replay).
     */
    int create(String eventId, String type, String jobId, String body, Set<Long> keyIds, Instant eventAt) {
        return insert(
                new Subject(eventId, type, jobId, null, body),
                ENDPOINT.KEY_ID.in(keyIds).and(subscribedTo(type)),
                eventAt,
                Duration.ZERO);
    }

    /**
     * A recall notice to each webhook subscribed to {@code recall.recorded} for every make or for {@code makeKey},
     * registered no later than the record, first due after {@code settle}; none again for a webhook that has the
     * campaign's already.
     */
    int createRecall(RecallNotification notice, String body, String makeKey, Instant eventAt, Duration settle) {
        return insert(
                new Subject(notice.eventId(), notice.type(), null, notice.campaignNumber(), body),
                recallSubscriber(makeKey),
                eventAt,
                settle);
    }

    /** What a delivery tells: its event, and the job or the campaign it is about. */
    private record Subject(String eventId, String type, String jobId, String campaignNumber, String body) {}

    private int insert(Subject subject, Condition endpoints, Instant eventAt, Duration due) {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        return db.insertInto(
                        DELIVERY,
                        DELIVERY.EVENT_ID,
                        DELIVERY.ENDPOINT_ID,
                        DELIVERY.KEY_ID,
                        DELIVERY.TYPE,
                        DELIVERY.JOB_ID,
                        DELIVERY.CAMPAIGN_NUMBER,
                        DELIVERY.BODY,
                        DELIVERY.STATE,
                        DELIVERY.CREATED_AT,
                        DELIVERY.NEXT_ATTEMPT_AT)
                .select(DSL.select(
                                DSL.val(subject.eventId()),
                                ENDPOINT.ID,
                                ENDPOINT.KEY_ID,
                                DSL.val(subject.type()),
                                DSL.val(subject.jobId()),
                                DSL.val(subject.campaignNumber()),
                                DSL.val(subject.body()),
                                DSL.val(PENDING),
                                DSL.val(now),
                                DSL.val(now.plus(due)))
                        .from(ENDPOINT)
                        .where(endpoints)
                        .and(ENDPOINT.CREATED_AT.le(eventAt.atOffset(ZoneOffset.UTC))))
                .onConflictDoNothing()
                .execute();
    }

    /** The bodies of the campaign's notices to webhooks hearing of {@code makeKey} that no attempt has sent yet, by delivery id. */
    Map<Long, String> unsentRecallBodies(String eventId, String makeKey) {
        return db.select(DELIVERY.ID, DELIVERY.BODY)
                .from(DELIVERY)
                .join(ENDPOINT)
                .on(ENDPOINT.ID.eq(DELIVERY.ENDPOINT_ID))
                .where(DELIVERY.EVENT_ID.eq(eventId))
                .and(DELIVERY.ATTEMPTS.eq(0))
                .and(recallSubscriber(makeKey))
                .fetchMap(DELIVERY.ID, DELIVERY.BODY);
    }

    /** Replaces a notice's body, unless an attempt claimed it meanwhile. */
    void rewriteUnsent(long deliveryId, String body) {
        db.update(DELIVERY)
                .set(DELIVERY.BODY, body)
                .where(DELIVERY.ID.eq(deliveryId))
                .and(DELIVERY.ATTEMPTS.eq(0))
                .execute();
    }

    private static Condition subscribedTo(String type) {
        return holds(ENDPOINT.EVENTS, type);
    }

    private static Condition recallSubscriber(String makeKey) {
        return subscribedTo(RecallNotification.TYPE)
                .and(ENDPOINT.RECALL_MAKES.isNull().or(holds(ENDPOINT.RECALL_MAKES, makeKey)));
    }

    private static Condition holds(Field<String[]> array, String value) {
        return DSL.condition("{0} = any({1})", DSL.val(value), array);
    }

    /**
     * Up to {@code limit} due deliveries, claimed for one attempt each (a job's completion only once every
     * projection has applied what the job recorded, see {@link JobProjected}): rows other senders hold are
     * skipped, and each claimed one is not due again until {@code lease} has passed, by when its
     * outcome is recorded, unless its sender died.
     */
    List<Claimed> claimDue(int limit, Duration lease) {
        return db.transactionResult(tx -> {
            DSLContext t = tx.dsl();
            OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
            List<Long> due = t.select(DELIVERY.ID)
                    .from(DELIVERY)
                    .where(DELIVERY.STATE.eq(PENDING))
                    .and(DELIVERY.NEXT_ATTEMPT_AT.le(now))
                    // a completion is told once the read routes answer it, as the poll says completed only then
                    .and(DELIVERY.TYPE.ne(JobNotification.COMPLETED).or(JobProjected.condition(DELIVERY.JOB_ID)))
                    .orderBy(DELIVERY.NEXT_ATTEMPT_AT)
                    .limit(limit)
                    .forUpdate()
                    .skipLocked()
                    .fetch(DELIVERY.ID);
            if (due.isEmpty()) {
                return List.of();
            }
            t.update(DELIVERY)
                    .set(DELIVERY.ATTEMPTS, DELIVERY.ATTEMPTS.plus(1))
                    .set(DELIVERY.NEXT_ATTEMPT_AT, now.plus(lease))
                    .where(DELIVERY.ID.in(due))
                    .execute();
            return t.select(
                            DELIVERY.ID,
                            ENDPOINT.URL,
                            ENDPOINT.SECRET,
                            DELIVERY.EVENT_ID,
                            DELIVERY.BODY,
                            DELIVERY.ATTEMPTS,
                            DELIVERY.CREATED_AT)
                    .from(DELIVERY)
                    .join(ENDPOINT)
                    .on(ENDPOINT.ID.eq(DELIVERY.ENDPOINT_ID))
                    .where(DELIVERY.ID.in(due))
                    .fetch(row -> new Claimed(
                            row.value1(),
                            row.value2(),
                            row.value3(),
                            row.value4(),
                            row.value5(),
                            row.value6(),
                            row.value7().toInstant()));
        });
    }

    /**
     * The attempt's outcome: delivered, due again at {@code retryAt}, or (neither) failed for good.
     * Nothing changes when the delivery moved on meanwhile (its webhook was deleted).
     */
    void record(Claimed claimed, SendOutcome outcome, Instant attemptedAt, Optional<Instant> retryAt) {
        db.transaction(tx -> {
            DSLContext t = tx.dsl();
            String state = outcome.delivered() ? DELIVERED : retryAt.isPresent() ? PENDING : FAILED;
            int updated = t.update(DELIVERY)
                    .set(DELIVERY.STATE, state)
                    .set(
                            DELIVERY.NEXT_ATTEMPT_AT,
                            retryAt.map(at -> at.atOffset(ZoneOffset.UTC)).orElse(null))
                    .where(DELIVERY.ID.eq(claimed.id()))
                    .and(DELIVERY.ATTEMPTS.eq(claimed.attempt()))
                    .and(DELIVERY.STATE.eq(PENDING))
                    .execute();
            if (updated == 1) {
                t.insertInto(ATTEMPT)
                        .set(ATTEMPT.DELIVERY_ID, claimed.id())
                        .set(ATTEMPT.NUMBER, claimed.attempt())
                        .set(ATTEMPT.AT, attemptedAt.atOffset(ZoneOffset.UTC))
                        .set(ATTEMPT.DURATION_MS, (int)
                                Math.min(Integer.MAX_VALUE, outcome.took().toMillis()))
                        .set(ATTEMPT.STATUS_CODE, outcome.statusCode())
                        .set(ATTEMPT.ERROR, outcome.error())
                        .onConflictDoNothing()
                        .execute();
            }
        });
    }

    /** The key's deliveries, newest first: up to {@code limit} of those older than delivery {@code before}. */
    List<Delivery> of(long keyId, long before, int limit) {
        var deliveries = db.select(
                        DELIVERY.ID,
                        DELIVERY.EVENT_ID,
                        DELIVERY.TYPE,
                        DELIVERY.ENDPOINT_ID,
                        DELIVERY.JOB_ID,
                        DELIVERY.CAMPAIGN_NUMBER,
                        DELIVERY.STATE,
                        DELIVERY.CREATED_AT,
                        DELIVERY.NEXT_ATTEMPT_AT)
                .from(DELIVERY)
                .where(DELIVERY.KEY_ID.eq(keyId))
                .and(DELIVERY.ID.lt(before))
                .orderBy(DELIVERY.ID.desc())
                .limit(limit)
                .fetch();
        Map<Long, List<Attempt>> attempts = db.select(
                        ATTEMPT.DELIVERY_ID,
                        ATTEMPT.NUMBER,
                        ATTEMPT.AT,
                        ATTEMPT.DURATION_MS,
                        ATTEMPT.STATUS_CODE,
                        ATTEMPT.ERROR)
                .from(ATTEMPT)
                .where(ATTEMPT.DELIVERY_ID.in(deliveries.getValues(DELIVERY.ID)))
                .orderBy(ATTEMPT.DELIVERY_ID, ATTEMPT.NUMBER)
                .fetchGroups(
                        ATTEMPT.DELIVERY_ID,
                        row -> new Attempt(row.value2(), row.value3(), row.value4(), row.value5(), row.value6()));
        return deliveries.map(row -> new Delivery(
                row.value1(),
                row.value2(),
                row.value3(),
                row.value4(),
                row.value5(),
                row.value6(),
                row.value7(),
                row.value8(),
                PENDING.equals(row.value7()) ? row.value9() : null,
                attempts.getOrDefault(row.value1(), List.of())));
    }
}
