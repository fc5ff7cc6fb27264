package dev.vspec.contracts.access;

import static dev.vspec.contracts.access.Scope.ENRICH_WRITE;
import static dev.vspec.contracts.access.Scope.LABOR_READ;
import static dev.vspec.contracts.access.Scope.MAINTENANCE_READ;
import static dev.vspec.contracts.access.Scope.MEDIA_READ;
import static dev.vspec.contracts.access.Scope.SERVICE_HISTORY_READ;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The specification's plans: requests per minute, reads per month and the scopes a key of the plan
 * may carry. Enterprise limits are negotiated, so an enterprise key states its own.
 */
public enum Plan {
    FREE(60, 10_000, 0, EnumSet.of(MAINTENANCE_READ, LABOR_READ, MEDIA_READ)),
    PRO(300, 250_000, 100, EnumSet.of(MAINTENANCE_READ, LABOR_READ, MEDIA_READ, SERVICE_HISTORY_READ, ENRICH_WRITE)),
    SCALE(
            1_000,
            2_000_000,
            1_000,
            EnumSet.of(MAINTENANCE_READ, LABOR_READ, MEDIA_READ, SERVICE_HISTORY_READ, ENRICH_WRITE)),
    /** Enrichment credits are not negotiated with the other limits: an enterprise key has Scale's. */
    ENTERPRISE(0, 0, 1_000, EnumSet.allOf(Scope.class));

    private final long requestsPerMinute;
    private final long readsPerMonth;
    private final long enrichmentRunsPerMonth;
    private final Set<Scope> scopes;

    Plan(long requestsPerMinute, long readsPerMonth, long enrichmentRunsPerMonth, Set<Scope> scopes) {
        this.requestsPerMinute = requestsPerMinute;
        this.readsPerMonth = readsPerMonth;
        this.enrichmentRunsPerMonth = enrichmentRunsPerMonth;
        this.scopes = Set.copyOf(scopes);
    }

    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Empty for enterprise, whose keys carry their negotiated limit. */
    public OptionalLong requestsPerMinute() {
        return this == ENTERPRISE ? OptionalLong.empty() : OptionalLong.of(requestsPerMinute);
    }

    /** Empty for enterprise, whose keys carry their negotiated quota. */
    public OptionalLong readsPerMonth() {
        return this == ENTERPRISE ? OptionalLong.empty() : OptionalLong.of(readsPerMonth);
    }

    /** Scheduled enrichment runs a key of this plan may spend in a calendar month (UTC). */
    public long enrichmentRunsPerMonth() {
        return enrichmentRunsPerMonth;
    }

    /** Every scope a key of this plan may carry; a key may be narrowed to fewer. */
    public Set<Scope> scopes() {
        return scopes;
    }

    public static Optional<Plan> parse(String code) {
        String wanted = code.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(plan -> plan.code().equals(wanted))
                .findFirst();
    }

    public static String codes() {
        return Arrays.stream(values()).map(Plan::code).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return code();
    }
}
