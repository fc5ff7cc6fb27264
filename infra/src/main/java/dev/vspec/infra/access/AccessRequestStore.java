package dev.vspec.infra.access;

import static dev.vspec.infra.jooq.access.Tables.ACCESS_REQUEST;

import dev.vspec.infra.jooq.access.tables.records.AccessRequestRecord;
import java.util.List;
import java.util.Optional;
import org.jooq.DSLContext;

/** Stores and lists the request-access form's submissions ({@code access.access_request}). */
public final class AccessRequestStore {

    private final DSLContext db;

    public AccessRequestStore(DSLContext db) {
        this.db = db;
    }

    /** Stores a submission whose fields the caller has validated; answers it with its id and time. */
    public AccessRequest submit(String name, String email, String company, String intendedUse, Plan plan, String clientAddress) {
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
        return db.selectFrom(ACCESS_REQUEST).where(ACCESS_REQUEST.ID.eq(id)).fetchOptional().map(AccessRequestStore::toRequest);
    }

    private static AccessRequest toRequest(AccessRequestRecord row) {
        Plan plan = Plan.parse(row.getPlan()).orElseThrow(() -> new IllegalStateException("request " + row.getId() + " has unknown plan " + row.getPlan()));
        return new AccessRequest(row.getId(), row.getName(), row.getEmail(), row.getCompany(), row.getIntendedUse(), plan,
                row.getClientIp(), row.getSubmittedAt());
    }
}
