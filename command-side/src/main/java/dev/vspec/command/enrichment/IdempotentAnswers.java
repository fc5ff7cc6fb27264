package dev.vspec.command.enrichment;

import static dev.vspec.storage.jooq.access.Tables.IDEMPOTENT_ANSWER;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.impl.DSL;

/**
 * The first answer to each Idempotency-Key of a key, kept for {@link #RETENTION} in PostgreSQL so
 * that every command-side instance replays it.
 */
class IdempotentAnswers {

    static final Duration RETENTION = Duration.ofHours(24);
    /** A claim this old has no live claimant: the work takes far less. */
    static final Duration ABANDONED_AFTER = Duration.ofSeconds(30);
    /** How long a request waits for the answer of the first one with its Idempotency-Key before 503. */
    static final Duration WAIT_FOR_FIRST = Duration.ofSeconds(10);

    private static final Duration WAIT_STEP = Duration.ofMillis(20);
    /** The status of a row whose answer is still being worked out. */
    private static final short CLAIMED = 0;

    private final DSLContext db;

    IdempotentAnswers(DSLContext db) {
        this.db = db;
    }

    /**
     * The answer kept for this key and Idempotency-Key, or else {@code work}'s, which is kept.
     * Requests with the same key and Idempotency-Key take turns: the first claims the row (still
     * without an answer) and does the work; the others wait for its answer and replay it, on any
     * instance. Work that fails gives the claim up, so a retry does the work; a claim left by an
     * instance that died is taken over after {@link #ABANDONED_AFTER}. No connection is held while waiting.
     */
    Outcome answerOnce(long keyId, String idempotencyKey, Supplier<Stored> work) {
        long deadline = System.nanoTime() + WAIT_FOR_FIRST.toNanos();
        while (true) {
            if (claim(keyId, idempotencyKey)) {
                Stored answer;
                try {
                    answer = work.get();
                } catch (RuntimeException | Error failed) {
                    release(keyId, idempotencyKey);
                    throw failed;
                }
                keep(keyId, idempotencyKey, answer);
                return new Outcome(answer, false);
            }
            Optional<Stored> kept = find(keyId, idempotencyKey);
            if (kept.isPresent()) {
                return new Outcome(kept.get(), true);
            }
            if (System.nanoTime() > deadline) {
                throw new ApiException(
                        ErrorCode.SERVICE_UNAVAILABLE,
                        "The first request with this Idempotency-Key is "
                                + "still being answered; retry shortly to get its answer");
            }
            LockSupport.parkNanos(WAIT_STEP.toNanos());
        }
    }

    /** Claims the Idempotency-Key: a new row without an answer, or one whose claimant gave up or died. */
    private boolean claim(long keyId, String idempotencyKey) {
        return db.transactionResult(tx -> {
            DSLContext t = tx.dsl();
            t.deleteFrom(IDEMPOTENT_ANSWER)
                    .where(IDEMPOTENT_ANSWER.KEY_ID.eq(keyId))
                    .and(IDEMPOTENT_ANSWER
                            .CREATED_AT
                            .le(ago(RETENTION))
                            .or(IDEMPOTENT_ANSWER
                                    .STATUS
                                    .eq(CLAIMED)
                                    .and(IDEMPOTENT_ANSWER.CREATED_AT.le(ago(ABANDONED_AFTER)))))
                    .execute();
            return t.insertInto(IDEMPOTENT_ANSWER)
                            .set(IDEMPOTENT_ANSWER.KEY_ID, keyId)
                            .set(IDEMPOTENT_ANSWER.IDEMPOTENCY_KEY, idempotencyKey)
                            .set(IDEMPOTENT_ANSWER.ROUTE, "")
                            .set(IDEMPOTENT_ANSWER.FINGERPRINT, "")
                            .set(IDEMPOTENT_ANSWER.STATUS, CLAIMED)
                            .set(IDEMPOTENT_ANSWER.BODY, "")
                            .onConflictDoNothing()
                            .execute()
                    == 1;
        });
    }

    private void keep(long keyId, String idempotencyKey, Stored answer) {
        db.update(IDEMPOTENT_ANSWER)
                .set(IDEMPOTENT_ANSWER.ROUTE, answer.route())
                .set(IDEMPOTENT_ANSWER.FINGERPRINT, answer.fingerprint())
                .set(IDEMPOTENT_ANSWER.STATUS, (short) answer.status())
                .set(IDEMPOTENT_ANSWER.BODY, answer.body())
                .set(IDEMPOTENT_ANSWER.CREATED_AT, DSL.currentOffsetDateTime())
                .where(IDEMPOTENT_ANSWER.KEY_ID.eq(keyId))
                .and(IDEMPOTENT_ANSWER.IDEMPOTENCY_KEY.eq(idempotencyKey))
                .execute();
    }

    private void release(long keyId, String idempotencyKey) {
        db.deleteFrom(IDEMPOTENT_ANSWER)
                .where(IDEMPOTENT_ANSWER.KEY_ID.eq(keyId))
                .and(IDEMPOTENT_ANSWER.IDEMPOTENCY_KEY.eq(idempotencyKey))
                .and(IDEMPOTENT_ANSWER.STATUS.eq(CLAIMED))
                .execute();
    }

    /** The answer kept for this key and Idempotency-Key, unless it is older than the retention or not given yet. */
    private Optional<Stored> find(long keyId, String idempotencyKey) {
        return db.selectFrom(IDEMPOTENT_ANSWER)
                .where(IDEMPOTENT_ANSWER.KEY_ID.eq(keyId))
                .and(IDEMPOTENT_ANSWER.IDEMPOTENCY_KEY.eq(idempotencyKey))
                .and(IDEMPOTENT_ANSWER.STATUS.ne(CLAIMED))
                .and(IDEMPOTENT_ANSWER.CREATED_AT.gt(ago(RETENTION)))
                .fetchOptional()
                .map(row -> new Stored(row.getRoute(), row.getFingerprint(), row.getStatus(), row.getBody()));
    }

    /** The answer to give, and whether it is a replay of an earlier one. */
    record Outcome(Stored answer, boolean replayed) {}

    /** The database's clock {@code age} ago: every instance compares with the same clock that stamped the rows. */
    private static Field<OffsetDateTime> ago(Duration age) {
        return DSL.field("now() - make_interval(secs => {0})", OffsetDateTime.class, DSL.val((double) age.toSeconds()));
    }

    /** An answer as kept: the route and the request's fingerprint it answered, its status and JSON body. */
    record Stored(String route, String fingerprint, int status, String body) {}
}
