package dev.vspec.access;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.access.Plan;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class KeyLookupTest {

    private static final Duration TTL = Duration.ofSeconds(3);
    private static final String KEY = ApiKeys.generate();
    private static final ApiKey ACTIVE = new ApiKey(
            7,
            ApiKeys.displayPrefix(KEY),
            "owner@example.com",
            Plan.PRO,
            Plan.PRO.scopes(),
            300,
            250_000,
            null,
            OffsetDateTime.parse("2026-11-01T00:00:00Z"),
            null);

    private final AtomicLong nanos = new AtomicLong();
    private final AtomicReference<Optional<ApiKey>> stored = new AtomicReference<>(Optional.of(ACTIVE));
    private final List<String> asked = new ArrayList<>();
    /** Background work (a renewal) waits here until the test runs it. */
    private final List<Runnable> background = new ArrayList<>();

    private final KeyLookup lookup = new KeyLookup(
            hash -> {
                asked.add(hash);
                return stored.get();
            },
            TTL,
            nanos::get,
            background::add);

    @Test
    void aKeyIsAskedForOnceWhileItsAnswerIsFresh() {
        assertThat(lookup.find(KEY)).contains(ACTIVE);
        advance(Duration.ofMillis(1400));
        assertThat(lookup.find(KEY)).contains(ACTIVE);

        assertThat(asked).containsExactly(ApiKeys.hash(KEY));
    }

    @Test
    void anAnswerInItsSecondHalfIsServedWhileItIsAskedForAgain() {
        lookup.find(KEY);
        stored.set(Optional.empty());
        advance(Duration.ofMillis(1600));

        // the request that finds the answer aged is served it at once; the renewal it started sees the revocation
        assertThat(lookup.find(KEY)).contains(ACTIVE);
        assertThat(asked).hasSize(1);
        runBackground();
        assertThat(asked).hasSize(2);
        assertThat(lookup.find(KEY)).isEmpty();
    }

    @Test
    void anAnswerIsNeverServedOlderThanItsLife() {
        lookup.find(KEY);
        stored.set(Optional.empty());
        advance(TTL.plusMillis(1));

        assertThat(lookup.find(KEY)).isEmpty();
    }

    @Test
    void aMalformedKeyNeverReachesTheStore() {
        assertThat(lookup.find("vsk_live_short")).isEmpty();
        assertThat(asked).isEmpty();
    }

    @Test
    void aLifeOfZeroAsksEveryTime() {
        KeyLookup uncached = new KeyLookup(
                hash -> {
                    asked.add(hash);
                    return stored.get();
                },
                Duration.ZERO,
                nanos::get,
                background::add);

        uncached.find(KEY);
        uncached.find(KEY);

        assertThat(asked).hasSize(2);
    }

    private void runBackground() {
        while (!background.isEmpty()) {
            background.remove(0).run();
        }
    }

    private void advance(Duration by) {
        nanos.addAndGet(by.toNanos());
    }
}
