package dev.vspec.query.web;

import java.util.Collection;
import java.util.Comparator;

/** How long a client may reuse a successful answer, as the {@code Cache-Control} value it travels with. */
public enum Freshness {
    /** Identity, specs, fluids, tires and intervals: fixed for a configuration once recorded. */
    CATALOG(86_400, false, "max-age=86400"),
    /** Book labor times: revised rarely, never within a day. */
    LABOR(86_400, false, "max-age=86400"),
    /** Anything carrying prices, which move. */
    PRICES(3_600, false, "max-age=3600"),
    /** NHTSA's campaigns: its files are published daily, and an import may add a campaign at any time. */
    RECALLS(3_600, false, "max-age=3600"),
    /** One VIN's records: for the caller alone (no shared cache) and they grow. */
    SERVICE_HISTORY(300, true, "private, max-age=300"),
    /** The render's bytes never change under their ETag. */
    IMAGE(604_800, false, "max-age=604800, immutable"),
    /** What the catalog holds (its years, makes, models, trims, configurations): grows whenever an enrichment or import adds to it. */
    LISTING(60, false, "max-age=60"),
    /**
     * An answer holding something the catalog does not know yet (a group it does not hold, a VIN no configuration
     * matches): an enrichment or an import may fill it in at any moment ({@link #whileUnknown}).
     */
    UNKNOWN(60, false, "max-age=60"),
    /** The same for an answer that is private already (one VIN's records). */
    UNKNOWN_PRIVATE(60, true, "private, max-age=60"),
    /** A liveness answer: reuse only after revalidating. */
    STATUS(0, false, "no-cache"),
    /** An enrichment job's status, which a poll must read afresh: never stored, so it gets no ETag either. */
    NO_STORE(0, false, "no-store");

    private static final Comparator<Freshness> SHORTEST_FIRST =
            Comparator.comparingInt((Freshness f) -> f.maxAgeSeconds).thenComparing(f -> !f.privateOnly);

    private final int maxAgeSeconds;
    private final boolean privateOnly;
    private final String cacheControl;

    Freshness(int maxAgeSeconds, boolean privateOnly, String cacheControl) {
        this.maxAgeSeconds = maxAgeSeconds;
        this.privateOnly = privateOnly;
        this.cacheControl = cacheControl;
    }

    /** The value for a keyless answer (the sandbox, a deployment without access control). */
    public String cacheControl() {
        return cacheControl;
    }

    /**
     * The value for an answer given to a key: the key holder's alone, so no shared cache may keep it
     * (it would hand it to a caller without the key). The answer also varies on the key's headers.
     */
    public String keyedCacheControl() {
        return stored() && !privateOnly ? "private, " + cacheControl : cacheControl;
    }

    /** Whether an answer may be kept at all, and so carries an ETag to revalidate it with. */
    public boolean stored() {
        return this != NO_STORE;
    }

    /** The freshness of this answer when it holds something unknown: at most {@link #UNKNOWN}'s, private if this is. */
    public Freshness whileUnknown() {
        if (maxAgeSeconds <= UNKNOWN.maxAgeSeconds) {
            return this;
        }
        return privateOnly ? UNKNOWN_PRIVATE : UNKNOWN;
    }

    int maxAgeSeconds() {
        return maxAgeSeconds;
    }

    boolean privateOnly() {
        return privateOnly;
    }

    /**
     * The freshness an answer combining these parts may claim: the shortest lifetime, preferring the
     * private one on a tie. {@code fallback} when there are none.
     */
    static Freshness shortest(Collection<Freshness> parts, Freshness fallback) {
        return parts.stream().min(SHORTEST_FIRST).orElse(fallback);
    }
}
