package dev.vspec.access;

import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.access.Scope;
import java.time.OffsetDateTime;
import java.util.Set;

/**
 * An issued key as stored: never the key itself, only what identifies it to an operator and what
 * it may do. {@code requestsPerMinute} and {@code readsPerMonth} are the limits in force: the
 * plan's, or the negotiated ones of an enterprise key.
 */
public record ApiKey(
        long id,
        String prefix,
        String owner,
        Plan plan,
        Set<Scope> scopes,
        long requestsPerMinute,
        long readsPerMonth,
        Long accessRequestId,
        OffsetDateTime createdAt,
        OffsetDateTime revokedAt) {

    public ApiKey {
        scopes = Set.copyOf(scopes);
    }

    public boolean revoked() {
        return revokedAt != null;
    }

    public boolean grants(Scope scope) {
        return scopes.contains(scope);
    }
}
