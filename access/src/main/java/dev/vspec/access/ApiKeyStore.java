package dev.vspec.access;

import static dev.vspec.storage.jooq.access.Tables.API_KEY;

import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.access.Scope;
import dev.vspec.storage.jooq.access.tables.records.ApiKeyRecord;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.jooq.Condition;
import org.jooq.DSLContext;

/** Issues, lists, finds and revokes keys in {@code access.api_key}. */
public final class ApiKeyStore {

    private static final int MIN_PREFIX_SEARCH = ApiKeys.PREFIX.length() + 4;

    private final DSLContext db;

    public ApiKeyStore(DSLContext db) {
        this.db = db;
    }

    public IssuedKey issue(NewKey wanted) {
        String key = ApiKeys.generate();
        ApiKeyRecord row = db.insertInto(API_KEY)
                .set(API_KEY.PREFIX, ApiKeys.displayPrefix(key))
                .set(API_KEY.KEY_HASH, ApiKeys.hash(key))
                .set(API_KEY.OWNER, wanted.owner())
                .set(API_KEY.PLAN, wanted.plan().code())
                .set(API_KEY.SCOPES, codes(wanted.scopes()))
                .set(
                        API_KEY.REQUESTS_PER_MINUTE,
                        wanted.requestsPerMinute() == null ? null : Math.toIntExact(wanted.requestsPerMinute()))
                .set(API_KEY.READS_PER_MONTH, wanted.readsPerMonth())
                .set(API_KEY.ACCESS_REQUEST_ID, wanted.accessRequestId())
                .returning()
                .fetchSingle();
        return new IssuedKey(key, toKey(row));
    }

    /** The key whose SHA-256 ({@link ApiKeys#hash}) a caller presented, unless it is unknown or revoked. */
    public Optional<ApiKey> findActiveByHash(String keyHash) {
        return db.selectFrom(API_KEY)
                .where(API_KEY.KEY_HASH.eq(keyHash), API_KEY.REVOKED_AT.isNull())
                .fetchOptional()
                .map(ApiKeyStore::toKey);
    }

    public List<ApiKey> list() {
        return db.selectFrom(API_KEY).orderBy(API_KEY.ID).fetch(ApiKeyStore::toKey);
    }

    /**
     * Revokes the one key that {@code reference} names: its id, its prefix (or a longer part of it,
     * at least {@code vsk_live_} and 4 characters), or the whole key. Revoking a revoked key changes
     * nothing and answers it as it is.
     */
    public ApiKey revoke(String reference) {
        ApiKey key = find(reference);
        if (key.revoked()) {
            return key;
        }
        return toKey(db.update(API_KEY)
                .set(API_KEY.REVOKED_AT, OffsetDateTime.now())
                .where(API_KEY.ID.eq(key.id()))
                .returning()
                .fetchSingle());
    }

    /** The one key {@code reference} names, as {@link #revoke} reads it. */
    public ApiKey find(String reference) {
        String wanted = reference == null ? "" : reference.strip();
        Condition condition;
        if (wanted.matches("\\d{1,18}")) {
            condition = API_KEY.ID.eq(Long.parseLong(wanted));
        } else if (ApiKeys.wellFormed(wanted)) {
            condition = API_KEY.KEY_HASH.eq(ApiKeys.hash(wanted));
        } else if (wanted.startsWith(ApiKeys.PREFIX)
                && wanted.length() >= MIN_PREFIX_SEARCH
                && wanted.length() <= ApiKeys.DISPLAY_PREFIX_LENGTH) {
            condition = API_KEY.PREFIX.startsWith(wanted);
        } else {
            throw new IllegalArgumentException("Name a key by its id, by its prefix (" + ApiKeys.PREFIX
                    + " and at least 4 more characters, as `vspec keys list` shows it) or by the whole key");
        }
        List<ApiKey> found =
                db.selectFrom(API_KEY).where(condition).orderBy(API_KEY.ID).fetch(ApiKeyStore::toKey);
        if (found.isEmpty()) {
            throw new IllegalArgumentException(
                    "No key matches " + (ApiKeys.wellFormed(wanted) ? ApiKeys.displayPrefix(wanted) + "…" : wanted));
        }
        if (found.size() > 1) {
            throw new IllegalArgumentException(wanted + " matches " + found.size() + " keys ("
                    + found.stream().map(key -> key.id() + " " + key.prefix()).collect(Collectors.joining(", "))
                    + "); name one by its id");
        }
        return found.get(0);
    }

    private static ApiKey toKey(ApiKeyRecord row) {
        Plan plan = Plan.parse(row.getPlan())
                .orElseThrow(
                        () -> new IllegalStateException("key " + row.getId() + " has unknown plan " + row.getPlan()));
        long perMinute = row.getRequestsPerMinute() != null
                ? row.getRequestsPerMinute()
                : plan.requestsPerMinute().orElseThrow();
        long perMonth = row.getReadsPerMonth() != null
                ? row.getReadsPerMonth()
                : plan.readsPerMonth().orElseThrow();
        return new ApiKey(
                row.getId(),
                row.getPrefix(),
                row.getOwner(),
                plan,
                scopes(row.getScopes()),
                perMinute,
                perMonth,
                row.getAccessRequestId(),
                row.getCreatedAt(),
                row.getRevokedAt());
    }

    private static String codes(Set<Scope> scopes) {
        return scopes.stream().sorted().map(Scope::code).collect(Collectors.joining(" "));
    }

    private static Set<Scope> scopes(String codes) {
        Set<Scope> scopes = EnumSet.noneOf(Scope.class);
        Arrays.stream(codes.split(" "))
                .filter(code -> !code.isBlank())
                .forEach(code -> scopes.add(
                        Scope.parse(code).orElseThrow(() -> new IllegalStateException("unknown scope " + code))));
        return scopes;
    }
}
