package dev.vspec.access;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.BucketExceptions;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.VerboseResult;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.springframework.dao.DataAccessResourceFailureException;

/**
 * Budgets that every instance shares through Bucket4j buckets in PostgreSQL.
 *
 * <p>A windowed budget (a key's requests per minute, its reads per month) is one bucket per subject
 * and calendar window, holding the window's limit and never refilled: the next window is another
 * bucket. An instance takes tokens from the bucket in leases of a small share of the limit
 * ({@code 1/leaseDivisor}, at least one) and admits requests from its lease without a round trip.
 * Nothing is admitted that was not taken from the shared bucket, and a lease dies with its window,
 * so all instances together never admit more than the limit; the price is that tokens leased by an
 * instance that then goes quiet are lost for the window (at most one share per instance). Keys with
 * small limits lease one token at a time, so every request of theirs is exact.
 *
 * <p>A rolling budget (failed authentications, form submissions per IP) is one bucket per subject
 * that refills all at once a period after it was first used; every call is a round trip.
 */
public final class SharedBudgets {

    /** Every verdict, by budget kind (the subject's first part: key, sandbox, address, ...), window and outcome. */
    public static final String DECISIONS_METRIC = "vspec.limiter.decisions";

    private final ProxyManager<String> buckets;
    private final Clock clock;
    private final MeterRegistry meters;
    private final Map<Decision, Counter> decisions = new ConcurrentHashMap<>();
    private final Cache<String, Lease> leases = Caffeine.newBuilder()
            .expireAfterAccess(Duration.ofHours(1))
            .maximumSize(100_000)
            .build();

    public SharedBudgets(ProxyManager<String> buckets, Clock clock) {
        this(buckets, clock, new SimpleMeterRegistry());
    }

    public SharedBudgets(ProxyManager<String> buckets, Clock clock, MeterRegistry meters) {
        this.buckets = buckets;
        this.clock = clock;
        this.meters = meters;
    }

    /** Spends one unit of {@code subject}'s budget of {@code limit} per {@code window}, if any is left. */
    public Admission take(String subject, long limit, Window window, long leaseDivisor) {
        return counted(subject, window.name(), takeFromLease(subject, limit, window, leaseDivisor));
    }

    /**
     * Spends {@code units} units at once, or none: when fewer are left, the ones taken go back and the
     * admission is refused.
     */
    public Admission take(String subject, long limit, Window window, long leaseDivisor, int units) {
        Admission last = null;
        for (int taken = 0; taken < units; taken++) {
            last = takeFromLease(subject, limit, window, leaseDivisor);
            if (!last.admitted()) {
                for (int i = 0; i < taken; i++) {
                    giveBack(subject, window, new Admission(true, limit, 0, last.window(), last.windowEnd()));
                }
                break;
            }
        }
        return counted(subject, window.name(), last);
    }

    private Admission takeFromLease(String subject, long limit, Window window, long leaseDivisor) {
        Instant now = clock.instant();
        long index = window.index(now);
        Instant end = window.end(index);
        Lease lease = leases.get(window.name() + ':' + subject, ignored -> new Lease());
        synchronized (lease) {
            lease.moveTo(index, limit);
            if (lease.local == 0) {
                if (lease.exhausted) {
                    return new Admission(false, limit, 0, index, end);
                }
                long share = Math.max(1, limit / leaseDivisor);
                VerboseResult<Long> taken = stored(() ->
                        windowBucket(subject, index, limit, window).asVerbose().tryConsumeAsMuchAsPossible(share));
                lease.local = taken.getValue();
                lease.shared = taken.getDiagnostics().getAvailableTokens();
                if (lease.local == 0) {
                    lease.exhausted = true;
                    return new Admission(false, limit, 0, index, end);
                }
            }
            lease.local--;
            return new Admission(true, limit, lease.shared + lease.local, index, end);
        }
    }

    /** What is left of the budget in the current window, without spending any of it. */
    public Admission peek(String subject, long limit, Window window) {
        Instant now = clock.instant();
        long index = window.index(now);
        Lease lease = leases.get(window.name() + ':' + subject, ignored -> new Lease());
        synchronized (lease) {
            lease.moveTo(index, limit);
            if (!lease.exhausted && lease.local == 0) {
                lease.shared =
                        stored(() -> windowBucket(subject, index, limit, window).getAvailableTokens());
            }
            return new Admission(
                    lease.shared + lease.local > 0, limit, lease.shared + lease.local, index, window.end(index));
        }
    }

    /** Returns {@code units} units that {@link #take} admitted, when the request turned out not to count. */
    public void giveBack(String subject, Window window, Admission admission, int units) {
        for (int i = 0; i < units; i++) {
            giveBack(subject, window, admission);
        }
    }

    /** Returns a unit that {@link #take} admitted, when the request turned out not to count. */
    public void giveBack(String subject, Window window, Admission admission) {
        if (!admission.admitted()) {
            return;
        }
        Lease lease = leases.getIfPresent(window.name() + ':' + subject);
        if (lease != null) {
            synchronized (lease) {
                if (lease.index == admission.window()) {
                    lease.local++;
                }
            }
        }
    }

    /**
     * Spends one unit of a rolling budget: {@code capacity} units, all back {@code period} after the
     * bucket was first used. A refusal says when the next unit is back.
     */
    public RollingAdmission takeRolling(String subject, long capacity, Duration period) {
        BucketConfiguration configuration = BucketConfiguration.builder()
                .addLimit(Bandwidth.builder()
                        .capacity(capacity)
                        .refillIntervally(capacity, period)
                        .build())
                .build();
        ConsumptionProbe probe = stored(
                () -> buckets.builder().build(subject, () -> configuration).tryConsumeAndReturnRemaining(1));
        count(subject, "rolling", probe.isConsumed());
        return new RollingAdmission(
                probe.isConsumed(),
                capacity,
                probe.getRemainingTokens(),
                Duration.ofNanos(probe.isConsumed() ? 0 : probe.getNanosToWaitForRefill()));
    }

    /**
     * A call to the buckets in PostgreSQL. Bucket4j reports a database that does not answer as its own
     * exception; callers know a database failure (a 503) by Spring's.
     */
    private static <T> T stored(Supplier<T> call) {
        try {
            return call.get();
        } catch (BucketExceptions.BucketExecutionException e) {
            throw new DataAccessResourceFailureException("The shared budgets cannot be read from PostgreSQL", e);
        }
    }

    private Admission counted(String subject, String window, Admission admission) {
        count(subject, window, admission.admitted());
        return admission;
    }

    private void count(String subject, String window, boolean admitted) {
        int colon = subject.indexOf(':');
        // looked up here rather than in the registry: a registry lookup builds and sorts the tags on every request
        decisions
                .computeIfAbsent(
                        new Decision(colon < 0 ? subject : subject.substring(0, colon), window, admitted),
                        decision -> meters.counter(
                                DECISIONS_METRIC,
                                "budget",
                                decision.budget(),
                                "window",
                                decision.window().toLowerCase(Locale.ROOT),
                                "outcome",
                                decision.admitted() ? "admitted" : "refused"))
                .increment();
    }

    /** The tags of one {@link #DECISIONS_METRIC} counter: a handful of budget kinds, windows and outcomes. */
    private record Decision(String budget, String window, boolean admitted) {}

    /**
     * A window's bucket holds the window's limit. Its refill period is twice the longest window, so
     * it cannot refill while its window lasts, and its row outlives the window.
     */
    private io.github.bucket4j.distributed.BucketProxy windowBucket(
            String subject, long index, long limit, Window window) {
        BucketConfiguration configuration = BucketConfiguration.builder()
                .addLimit(Bandwidth.builder()
                        .capacity(limit)
                        .refillIntervally(limit, window.longest().multipliedBy(2))
                        .build())
                .build();
        return buckets.builder()
                .build(subject + ':' + window.name().toLowerCase(Locale.ROOT) + ':' + index, () -> configuration);
    }

    /** Verdict of a rolling budget; {@code retryAfter} is zero when admitted. */
    public record RollingAdmission(boolean admitted, long limit, long remaining, Duration retryAfter) {

        /** Whole seconds to wait, at least 1. */
        public long retryAfterSeconds() {
            return RetryAfter.seconds(retryAfter);
        }
    }

    /** What this instance holds of one subject's windowed budget. */
    private static final class Lease {
        long index = Long.MIN_VALUE;
        long local;
        long shared;
        boolean exhausted;

        void moveTo(long window, long limit) {
            if (index != window) {
                index = window;
                local = 0;
                shared = limit;
                exhausted = false;
            }
        }
    }
}
