package dev.vspec.testing;

import dev.vspec.access.ApiKeyStore;
import dev.vspec.access.NewKey;
import dev.vspec.contracts.access.Plan;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jooq.DSLContext;

/**
 * Keys for tests that exercise routes rather than access: one enterprise key per database, with
 * every scope and limits no test reaches. Tests of access itself issue their own keys.
 */
public final class TestKeys {

    private static final Map<DSLContext, String> FULL_ACCESS = new ConcurrentHashMap<>();

    private TestKeys() {}

    public static String fullAccess(DSLContext db) {
        return FULL_ACCESS.computeIfAbsent(
                db,
                ignored -> new ApiKeyStore(db)
                        .issue(new NewKey("route tests", Plan.ENTERPRISE, null, 1_000_000L, 1_000_000_000L, null))
                        .key());
    }

    public static String issue(DSLContext db, Plan plan) {
        return new ApiKeyStore(db).issue(NewKey.of(plan + " plan tests", plan)).key();
    }
}
