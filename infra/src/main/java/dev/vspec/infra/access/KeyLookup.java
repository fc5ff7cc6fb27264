package dev.vspec.infra.access;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.util.Optional;

/**
 * Finds the key a request presents, through a cache of answers (found or not) that live
 * {@code ttl}: a revoked key stops working on every instance within that time. The cache holds
 * hashes, never keys.
 */
public final class KeyLookup {

    private final ApiKeyStore store;
    private final Cache<String, Optional<ApiKey>> byHash;

    public KeyLookup(ApiKeyStore store, Duration ttl) {
        this.store = store;
        this.byHash = Caffeine.newBuilder().expireAfterWrite(ttl).maximumSize(50_000).build();
    }

    /** The active key, or empty for a malformed, unknown or revoked one. */
    public Optional<ApiKey> find(String presentedKey) {
        if (!ApiKeys.wellFormed(presentedKey)) {
            return Optional.empty();
        }
        return byHash.get(ApiKeys.hash(presentedKey), store::findActiveByHash);
    }
}
