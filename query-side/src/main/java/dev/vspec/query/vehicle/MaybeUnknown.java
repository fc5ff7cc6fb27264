package dev.vspec.query.vehicle;

/**
 * An answer that may hold what the catalog does not know yet: a data group it holds nothing for, or a VIN that no
 * configuration matches. Such an answer is kept at most a minute, so that a client
 * honouring HTTP caching sees soon what an enrichment or an import fills in; a complete one keeps its route's lifetime.
 */
public interface MaybeUnknown {

    /** Whether the answer holds something the catalog does not know. */
    boolean holdsUnknown();
}
