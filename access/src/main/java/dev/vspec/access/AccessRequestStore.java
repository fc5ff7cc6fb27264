package dev.vspec.access;

import static dev.vspec.storage.jooq.access.Tables.ACCESS_REQUEST;
import static dev.vspec.storage.jooq.access.Tables.API_KEY;

import dev.vspec.contracts.access.Plan;
import dev.vspec.storage.jooq.access.tables.records.AccessRequestRecord;
import java.util.List;
import java.util.Optional;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;

/** Stores and lists the request-access form's submissions ({@code access.access_request}). */
public final class AccessRequestStore {

    private final DSLContext db;

    public AccessRequestStore(DSLContext db) {
        this.db = db;
    }

    /** Stores a submission whose fields the caller has validated; answers it with its id and time. */
    public AccessRequest submit(
            String name, String email, String company, String intendedUse, Plan plan, String clientAddress) {
        return toRequest(db.insertInto(ACCESS_REQUEST)
                .set(ACCESS_REQUEST.NAME, name)
                .set(ACCESS_REQUEST.EMAIL, email)
                .set(ACCESS_REQUEST.COMPANY, company)
                .set(ACCESS_REQUEST.INTENDED_USE, intendedUse)
                .set(ACCESS_REQUEST.PLAN, plan.code())
                .set(ACCESS_REQUEST.CLIENT_IP, clientAddress)
                .returning()
                .fetchSingle());
    }

    public List<AccessRequest> list() {
        return db.selectFrom(ACCESS_REQUEST).orderBy(ACCESS_REQUEST.ID).fetch(AccessRequestStore::toRequest);
    }

    public Optional<AccessRequest> find(long id) {
        return db.selectFrom(ACCESS_REQUEST)
                .where(ACCESS_REQUEST.ID.eq(id))
                .fetchOptional()
                .map(AccessRequestStore::toRequest);
    }

    /** The longest reason a decline keeps (the column's width). */
    public static final int MAX_DECLINE_REASON = 500;

    /** What declining a request did. */
    public sealed interface Declining {
        /** Declined now. */
        record Declined(AccessRequest request) implements Declining {}

        /** Declined before: nothing changed. */
        record AlreadyDeclined(AccessRequest request) implements Declining {}

        /** A key was issued for it: a request is answered once, and a key is taken back by revoking it. */
        record KeyIssued(AccessRequest request, List<Long> keys) implements Declining {}

        /** No request has that id. */
        record NoSuchRequest() implements Declining {}
    }

    /**
     * Declines the request, unless a key was issued for it; the request's row is locked meanwhile, so a key
     * issued at the same moment is either seen here or finds the request declined ({@link #lockedForIssuing}).
     */
    public Declining decline(long id, String reason) {
        return db.transactionResult(tx -> {
            DSLContext t = tx.dsl();
            AccessRequestRecord row = t.selectFrom(ACCESS_REQUEST)
                    .where(ACCESS_REQUEST.ID.eq(id))
                    .forUpdate()
                    .fetchOne();
            if (row == null) {
                return new Declining.NoSuchRequest();
            }
            if (row.getDeclinedAt() != null) {
                return new Declining.AlreadyDeclined(toRequest(row));
            }
            List<Long> keys = t.select(API_KEY.ID)
                    .from(API_KEY)
                    .where(API_KEY.ACCESS_REQUEST_ID.eq(id))
                    .orderBy(API_KEY.ID)
                    .fetch(API_KEY.ID);
            if (!keys.isEmpty()) {
                return new Declining.KeyIssued(toRequest(row), keys);
            }
            return new Declining.Declined(toRequest(t.update(ACCESS_REQUEST)
                    .set(ACCESS_REQUEST.DECLINED_AT, DSL.currentOffsetDateTime())
                    .set(ACCESS_REQUEST.DECLINE_REASON, reason)
                    .where(ACCESS_REQUEST.ID.eq(id))
                    .returning()
                    .fetchSingle()));
        });
    }

    /**
     * The request a key is about to be issued for, locked until the caller's transaction ends so that it
     * cannot be declined meanwhile; empty when there is none. The caller refuses a declined one.
     */
    public static Optional<AccessRequest> lockedForIssuing(DSLContext transaction, long id) {
        return transaction
                .selectFrom(ACCESS_REQUEST)
                .where(ACCESS_REQUEST.ID.eq(id))
                .forUpdate()
                .fetchOptional()
                .map(AccessRequestStore::toRequest);
    }

    private static AccessRequest toRequest(AccessRequestRecord row) {
        Plan plan = Plan.parse(row.getPlan())
                .orElseThrow(() ->
                        new IllegalStateException("request " + row.getId() + " has unknown plan " + row.getPlan()));
        return new AccessRequest(
                row.getId(),
                row.getName(),
                row.getEmail(),
                row.getCompany(),
                row.getIntendedUse(),
                plan,
                row.getClientIp(),
                row.getSubmittedAt(),
                row.getDeclinedAt(),
                row.getDeclineReason());
    }
}
