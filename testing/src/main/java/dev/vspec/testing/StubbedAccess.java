package dev.vspec.testing;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.when;

import dev.vspec.access.Admission;
import dev.vspec.access.ApiKey;
import dev.vspec.access.ApiKeys;
import dev.vspec.access.KeyLookup;
import dev.vspec.access.SharedBudgets;
import dev.vspec.access.Window;
import dev.vspec.contracts.access.Plan;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.mockito.stubbing.Answer;

/**
 * What the access module's filter meets in a web slice instead of PostgreSQL: a key lookup (mocked) that knows the keys
 * issued here, and budgets (mocked) that admit every request, reporting a full budget less one. The filter itself,
 * its order among the filters and the headers it writes are the real ones. Keys, scopes, limits and quotas over the
 * real database are the ITs' subject.
 */
public final class StubbedAccess {

    /** Limits no slice reaches, as the full-access keys of the ITs have ({@link TestKeys}). */
    public static final long REQUESTS_PER_MINUTE = 1_000_000L;

    public static final long READS_PER_MONTH = 1_000_000_000L;

    private static final AtomicLong IDS = new AtomicLong();

    private StubbedAccess() {}

    /** Every budget admits the request, failed authentications too; the lookup knows no key until {@link #issue} stubs one. */
    public static void admitEveryRequest(SharedBudgets budgets) {
        Answer<Admission> admitted = call -> {
            long limit = call.getArgument(1);
            Window window = call.getArgument(2);
            long index = window.index(Instant.now());
            return new Admission(true, limit, limit - 1, index, window.end(index));
        };
        when(budgets.take(anyString(), anyLong(), any(Window.class), anyLong())).thenAnswer(admitted);
        when(budgets.take(anyString(), anyLong(), any(Window.class), anyLong(), anyInt()))
                .thenAnswer(admitted);
        when(budgets.peek(anyString(), anyLong(), any(Window.class))).thenAnswer(call -> {
            long limit = call.getArgument(1);
            Window window = call.getArgument(2);
            long index = window.index(Instant.now());
            return new Admission(true, limit, limit, index, window.end(index));
        });
        when(budgets.takeRolling(anyString(), anyLong(), any(Duration.class))).thenAnswer(call -> {
            long capacity = call.getArgument(1);
            return new SharedBudgets.RollingAdmission(true, capacity, capacity - 1, Duration.ZERO);
        });
    }

    /** A new well-formed key that the lookup finds, active, with every scope. */
    public static String issue(KeyLookup keys) {
        return issue(keys, Plan.ENTERPRISE);
    }

    /** A new well-formed key of this plan, with its scopes, that the lookup finds, active. */
    public static String issue(KeyLookup keys, Plan plan) {
        String key = ApiKeys.generate();
        ApiKey record = new ApiKey(
                IDS.incrementAndGet(),
                ApiKeys.displayPrefix(key),
                "web slice",
                plan,
                plan.scopes(),
                REQUESTS_PER_MINUTE,
                READS_PER_MONTH,
                null,
                OffsetDateTime.now(),
                null);
        when(keys.find(eq(key))).thenReturn(Optional.of(record));
        return key;
    }
}
