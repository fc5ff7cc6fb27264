package dev.vspec.command.webhooks;

import static dev.vspec.storage.jooq.webhooks.Tables.ENDPOINT;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import java.security.SecureRandom;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Records;

/** The webhooks keys registered, in PostgreSQL (schema {@code webhooks}, read by the command side alone). */
class Endpoints {

    private static final SecureRandom RANDOM = new SecureRandom();

    /** A webhook as its key sees it: never its secret, which only {@link Registered} carries, once. */
    record Endpoint(String id, String url, OffsetDateTime createdAt, WebhookSubscription subscription) {}

    /** A webhook just registered, with its signing secret. */
    record Registered(Endpoint endpoint, String secret) {}

    private final DSLContext db;
    private final int maxPerKey;

    Endpoints(DSLContext db, int maxPerKey) {
        this.db = db;
        this.maxPerKey = maxPerKey;
    }

    /**
     * Registers {@code url} for the key, with a new id and secret; a key already holding
     * {@code maxPerKey} webhooks is refused. Registrations of one key take turns (a transaction lock on the key's
     * id, not on its row: keys are the owner's, which the command side may read but not lock), so two racing ones
     * cannot both pass the count.
     */
    Registered register(long keyId, String url, WebhookSubscription subscription) {
        return db.transactionResult(tx -> {
            DSLContext t = tx.dsl();
            t.fetch("SELECT pg_advisory_xact_lock(hashtextextended('vspec webhooks of key ' || ?, 0))", keyId);
            int held = t.fetchCount(ENDPOINT, ENDPOINT.KEY_ID.eq(keyId));
            if (held >= maxPerKey) {
                throw ApiException.about(
                        "url",
                        ErrorCode.INVALID_PARAM,
                        "This key holds " + held + " webhooks, the most it may;"
                                + " delete one (DELETE /api/v0/webhooks/{id}) before registering another");
            }
            String id = "wh_" + HexFormat.of().formatHex(random(12));
            String secret = "whsec_" + Base64.getUrlEncoder().withoutPadding().encodeToString(random(32));
            OffsetDateTime createdAt = t.insertInto(ENDPOINT)
                    .set(ENDPOINT.ID, id)
                    .set(ENDPOINT.KEY_ID, keyId)
                    .set(ENDPOINT.URL, url)
                    .set(ENDPOINT.SECRET, secret)
                    .set(ENDPOINT.EVENTS, subscription.events().toArray(String[]::new))
                    .set(
                            ENDPOINT.RECALL_MAKES,
                            subscription.makes() == null
                                    ? null
                                    : subscription.makes().toArray(String[]::new))
                    .returning(ENDPOINT.CREATED_AT)
                    .fetchOne(ENDPOINT.CREATED_AT);
            return new Registered(new Endpoint(id, url, createdAt, subscription), secret);
        });
    }

    /** The key's webhooks, oldest first. */
    List<Endpoint> of(long keyId) {
        return db.select(ENDPOINT.ID, ENDPOINT.URL, ENDPOINT.CREATED_AT, ENDPOINT.EVENTS, ENDPOINT.RECALL_MAKES)
                .from(ENDPOINT)
                .where(ENDPOINT.KEY_ID.eq(keyId))
                .orderBy(ENDPOINT.CREATED_AT, ENDPOINT.ID)
                .fetch(Records.mapping((id, url, createdAt, events, recallMakes) -> new Endpoint(
                        id,
                        url,
                        createdAt,
                        new WebhookSubscription(List.of(events), recallMakes == null ? null : List.of(recallMakes)))));
    }

    /** Deletes the key's webhook with {@code id}, and its deliveries; false when the key holds none such. */
    boolean delete(long keyId, String id) {
        return db.deleteFrom(ENDPOINT)
                        .where(ENDPOINT.ID.eq(id))
                        .and(ENDPOINT.KEY_ID.eq(keyId))
                        .execute()
                == 1;
    }

    private static byte[] random(int bytes) {
        byte[] value = new byte[bytes];
        RANDOM.nextBytes(value);
        return value;
    }
}
