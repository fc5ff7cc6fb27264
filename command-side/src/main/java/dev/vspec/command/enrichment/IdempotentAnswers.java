package dev.vspec.command.enrichment;

import static dev.vspec.infra.jooq.access.Tables.IDEMPOTENT_ANSWER;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Optional;
import org.jooq.DSLContext;

/**
 * The first answer to each Idempotency-Key of a key, kept for {@link #RETENTION} in PostgreSQL so
 * that every command-side instance replays it. Concurrent first uses of one Idempotency-Key both
 * do their (idempotent) work; the answer stored first is the one both return.
 */
class IdempotentAnswers {

    static final Duration RETENTION = Duration.ofHours(24);

    private final DSLContext db;

    IdempotentAnswers(DSLContext db) {
        this.db = db;
    }

    /** The answer kept for this key and Idempotency-Key, unless it is older than the retention. */
    Optional<Stored> find(long keyId, String idempotencyKey) {
        return db.selectFrom(IDEMPOTENT_ANSWER)
                .where(IDEMPOTENT_ANSWER.KEY_ID.eq(keyId))
                .and(IDEMPOTENT_ANSWER.IDEMPOTENCY_KEY.eq(idempotencyKey))
                .and(IDEMPOTENT_ANSWER.CREATED_AT.gt(OffsetDateTime.now().minus(RETENTION)))
                .fetchOptional()
                .map(row -> new Stored(row.getRoute(), row.getFingerprint(), row.getStatus(), row.getBody()));
    }

    /**
     * Keeps {@code answer} unless an answer is kept already, and returns the one kept. The key's
     * answers past the retention are dropped on the way, so the table stays bounded by what keys
     * send in a day.
     */
    Stored keep(long keyId, String idempotencyKey, Stored answer) {
        return db.transactionResult(tx -> {
            DSLContext t = tx.dsl();
            t.deleteFrom(IDEMPOTENT_ANSWER)
                    .where(IDEMPOTENT_ANSWER.KEY_ID.eq(keyId))
                    .and(IDEMPOTENT_ANSWER.CREATED_AT.le(OffsetDateTime.now().minus(RETENTION)))
                    .execute();
            t.insertInto(IDEMPOTENT_ANSWER)
                    .set(IDEMPOTENT_ANSWER.KEY_ID, keyId)
                    .set(IDEMPOTENT_ANSWER.IDEMPOTENCY_KEY, idempotencyKey)
                    .set(IDEMPOTENT_ANSWER.ROUTE, answer.route())
                    .set(IDEMPOTENT_ANSWER.FINGERPRINT, answer.fingerprint())
                    .set(IDEMPOTENT_ANSWER.STATUS, (short) answer.status())
                    .set(IDEMPOTENT_ANSWER.BODY, answer.body())
                    .onConflictDoNothing()
                    .execute();
            return t.selectFrom(IDEMPOTENT_ANSWER)
                    .where(IDEMPOTENT_ANSWER.KEY_ID.eq(keyId))
                    .and(IDEMPOTENT_ANSWER.IDEMPOTENCY_KEY.eq(idempotencyKey))
                    .fetchSingle(row -> new Stored(row.getRoute(), row.getFingerprint(), row.getStatus(), row.getBody()));
        });
    }

    /** An answer as kept: the route and the request's fingerprint it answered, its status and JSON body. */
    record Stored(String route, String fingerprint, int status, String body) {
    }
}
