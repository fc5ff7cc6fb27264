package dev.vspec.access;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Function;

/**
 * Finds the key a request presents, through a cache of answers (found or not) that live
 * {@code ttl}: a revoked key stops working on every instance within that time. An answer in use is
 * asked again in the background once half its life is over, so that the requests of a busy key do
 * not all wait for the database when it expires (on a busy database that stalled every request of
 * the key). The cache holds hashes, never keys.
 */
public final class KeyLookup {

    private final LoadingCache<String, Optional<ApiKey>> byHash;

    public KeyLookup(ApiKeyStore store, Duration ttl) {
        this(store::findActiveByHash, ttl, Ticker.systemTicker(), ForkJoinPool.commonPool());
    }

    KeyLookup(Function<String, Optional<ApiKey>> findActiveByHash, Duration ttl, Ticker ticker, Executor refreshes) {
        Caffeine<Object, Object> cache = Caffeine.newBuilder()
                .expireAfterWrite(ttl)
                .maximumSize(50_000)
                .ticker(ticker)
                .executor(refreshes);
        if (ttl.toNanos() > 1) {
            cache.refreshAfterWrite(ttl.dividedBy(2));
        }
        this.byHash = cache.build(findActiveByHash::apply);
    }

    /** The active key, or empty for a malformed, unknown or revoked one. */
    public Optional<ApiKey> find(String presentedKey) {
        if (!ApiKeys.wellFormed(presentedKey)) {
            return Optional.empty();
        }
        return byHash.get(ApiKeys.hash(presentedKey));
    }
}
