package dev.vspec.command.enrichment.vendor;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.regex.Pattern;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code vspec.enrichment.vendor.*}: which catalog vendor enrichment asks, and for the HTTP vendor
 * ({@code docs/vendor-contract.md}) where it is, its token and how long and how often it is asked.
 * A setting that cannot work stops the startup with a message naming it.
 *
 * @param source                  {@code reference} (the shipped file) or {@code http}
 * @param baseUrl                 the HTTP vendor's address, e.g. {@code https://vendor.example/api}; required for http
 * @param token                   sent as {@code Authorization: Bearer <token>} when given; never logged
 * @param connectTimeout          longest wait for a connection
 * @param requestTimeout          longest wait for one whole answer, connection included
 * @param maxAttempts             requests per lookup at most, the first included
 * @param backoffBase             bound of the wait before the first retry; it doubles per retry
 * @param backoffCap              largest bound of a wait, and the longest Retry-After honoured
 * @param breakerFailureThreshold transient failures in a row that open the circuit breaker
 * @param breakerOpenDuration     how long an open breaker fails lookups without asking the vendor
 */
@ConfigurationProperties("vspec.enrichment.vendor")
public record VendorProperties(
        @DefaultValue("reference") Source source,
        String baseUrl,
        String token,
        @DefaultValue("2s") Duration connectTimeout,
        @DefaultValue("5s") Duration requestTimeout,
        @DefaultValue("4") int maxAttempts,
        @DefaultValue("200ms") Duration backoffBase,
        @DefaultValue("5s") Duration backoffCap,
        @DefaultValue("5") int breakerFailureThreshold,
        @DefaultValue("30s") Duration breakerOpenDuration,
        String name) {

    private static final String PREFIX = "vspec.enrichment.vendor.";
    /** RFC 6750 token characters: nothing that could end or split the header. */
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9._~+/=-]+");

    /** Where enrichment looks VINs up. */
    public enum Source {
        REFERENCE,
        HTTP
    }

    public VendorProperties {
        baseUrl = baseUrl == null || baseUrl.isBlank() ? null : checkedBaseUrl(baseUrl.strip());
        token = token == null || token.isBlank() ? null : token;
        name = name == null || name.isBlank() ? null : name.strip();
        if (source == Source.HTTP && baseUrl == null) {
            throw new IllegalArgumentException(PREFIX + "base-url (VSPEC_VENDOR_URL) is required when " + PREFIX
                    + "source is http, e.g. https://vendor.example/api");
        }
        if (token != null && !TOKEN.matcher(token).matches()) {
            throw new IllegalArgumentException(PREFIX + "token (VSPEC_VENDOR_TOKEN) may hold only letters, digits"
                    + " and -._~+/= (value not shown)");
        }
        requirePositive("connect-timeout", connectTimeout);
        requirePositive("request-timeout", requestTimeout);
        requirePositive("backoff-base", backoffBase);
        requirePositive("backoff-cap", backoffCap);
        requirePositive("breaker-open-duration", breakerOpenDuration);
        if (backoffBase.toMillis() < 1) {
            throw new IllegalArgumentException(PREFIX + "backoff-base must be at least 1ms (waits are whole"
                    + " milliseconds); got " + backoffBase);
        }
        if (backoffCap.compareTo(backoffBase) < 0) {
            throw new IllegalArgumentException(PREFIX + "backoff-cap (" + backoffCap + ") must not be below " + PREFIX
                    + "backoff-base (" + backoffBase + ")");
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException(PREFIX + "max-attempts must be at least 1; got " + maxAttempts);
        }
        if (breakerFailureThreshold < 1) {
            throw new IllegalArgumentException(
                    PREFIX + "breaker-failure-threshold must be at least 1; got " + breakerFailureThreshold);
        }
    }

    /**
     * The vendor's name as the facts it answers carry it ({@code FactSource.vendor}): the configured
     * {@code name}, else the shipped reference vendor's, or the HTTP vendor's host.
     */
    public String displayName() {
        if (name != null) {
            return name;
        }
        return source == Source.REFERENCE
                ? ReferenceCatalogSource.NAME
                : "catalog vendor at " + URI.create(baseUrl).getHost();
    }

    /** The longest one lookup can take: every attempt timing out, each wait between them at the cap. */
    public Duration longestLookup() {
        return requestTimeout.multipliedBy(maxAttempts).plus(backoffCap.multipliedBy(maxAttempts - 1L));
    }

    /** Without the token, which must not reach a log. */
    @Override
    public String toString() {
        return "VendorProperties[source=" + source + ", baseUrl=" + baseUrl + ", token="
                + (token == null ? "none" : "***")
                + ", connectTimeout=" + connectTimeout + ", requestTimeout=" + requestTimeout + ", maxAttempts="
                + maxAttempts + ", backoffBase=" + backoffBase + ", backoffCap=" + backoffCap
                + ", breakerFailureThreshold=" + breakerFailureThreshold + ", name=" + name + ", breakerOpenDuration="
                + breakerOpenDuration + "]";
    }

    /** An absolute http(s) address without credentials, query or fragment, kept without a trailing slash. */
    private static String checkedBaseUrl(String text) {
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(PREFIX + "base-url is not a URL: " + e.getReason());
        }
        boolean web = "http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme());
        if (!web || uri.getHost() == null) {
            throw new IllegalArgumentException(
                    PREFIX + "base-url must be an absolute http or https URL, e.g." + " https://vendor.example/api");
        }
        if (uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException(PREFIX + "base-url must not hold credentials; set " + PREFIX
                    + "token (VSPEC_VENDOR_TOKEN) instead");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new IllegalArgumentException(PREFIX + "base-url must not have a query or fragment");
        }
        return text.replaceAll("/+$", "");
    }

    private static void requirePositive(String name, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(PREFIX + name + " must be a positive duration such as 2s; got " + value);
        }
    }
}
