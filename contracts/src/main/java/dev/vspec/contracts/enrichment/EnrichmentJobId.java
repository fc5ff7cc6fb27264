package dev.vspec.contracts.enrichment;

import dev.vspec.contracts.identity.Vin;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The id of the {@code attempt}-th enrichment job of a VIN: {@code enr_<VIN>_<attempt>}. Ids are
 * given in order, so two requests racing to schedule the same VIN choose the same id and the
 * event store lets only one of them create it; the other joins that job.
 */
public record EnrichmentJobId(Vin vin, int attempt) {

    /** The route jobs are scheduled at (POST) and polled at (GET), as the gateway serves it. */
    public static final String ROUTE = "/api/v0/enrich";

    private static final Pattern FORMAT = Pattern.compile("enr_([0-9A-Z]{17})_([1-9][0-9]{0,8})");

    public EnrichmentJobId {
        if (attempt < 1) {
            throw new IllegalArgumentException("A VIN's enrichment attempts count from 1, not " + attempt);
        }
    }

    /** The id of the first job of {@code vin}. */
    public static EnrichmentJobId first(Vin vin) {
        return new EnrichmentJobId(vin, 1);
    }

    public EnrichmentJobId next() {
        return new EnrichmentJobId(vin, attempt + 1);
    }

    /** The job named by {@code value}, or empty when it is not a job id. */
    public static Optional<EnrichmentJobId> parse(String value) {
        Matcher matcher = value == null ? null : FORMAT.matcher(value);
        if (matcher == null || !matcher.matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new EnrichmentJobId(Vin.parse(matcher.group(1)), Integer.parseInt(matcher.group(2))));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Where a key polls this job, as the gateway serves it. */
    public String pollPath() {
        return ROUTE + "?job_id=" + value();
    }

    public String value() {
        return "enr_" + vin.value() + "_" + attempt;
    }

    @Override
    public String toString() {
        return value();
    }
}
