package dev.vspec.command.webhooks;

import java.time.Duration;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code vspec.webhooks.*}: what endpoints a key may register and how deliveries are sent and retried.
 *
 * @param allowHttp        accept {@code http://} endpoints as well as {@code https://} (tests, closed networks)
 * @param allowedAddresses address kinds besides public ones an endpoint may resolve to (e.g. {@code loopback})
 * @param maxPerKey        webhooks one key may hold
 * @param maxUrlLength     longest endpoint URL, in characters
 * @param connectTimeout   longest wait for a connection to an endpoint
 * @param timeout          longest an attempt takes, connecting, sending and the answer's status together
 * @param backoffBase      bound of the wait before the first retry; it doubles per retry (full jitter)
 * @param backoffCap       largest bound of a wait between attempts
 * @param retryFor         how long after the event a delivery is retried before it fails for good
 * @param pollInterval     how often each instance looks for due deliveries
 * @param senders          deliveries one instance sends at once
 * @param recallSettle     how long a recall notice waits before its first attempt, for the campaign's other records
 *                         to add their vehicles
 */
@ConfigurationProperties("vspec.webhooks")
record WebhookProperties(
        @DefaultValue("false") boolean allowHttp,
        @DefaultValue Set<AddressKind> allowedAddresses,
        @DefaultValue("10") int maxPerKey,
        @DefaultValue("2048") int maxUrlLength,
        @DefaultValue("5s") Duration connectTimeout,
        @DefaultValue("10s") Duration timeout,
        @DefaultValue("10s") Duration backoffBase,
        @DefaultValue("1h") Duration backoffCap,
        @DefaultValue("24h") Duration retryFor,
        @DefaultValue("1s") Duration pollInterval,
        @DefaultValue("4") int senders,
        @DefaultValue("30s") Duration recallSettle) {

    private static final String PREFIX = "vspec.webhooks.";

    WebhookProperties {
        allowedAddresses = Set.copyOf(allowedAddresses);
        positive("connect-timeout", connectTimeout);
        positive("timeout", timeout);
        positive("backoff-base", backoffBase);
        positive("retry-for", retryFor);
        positive("poll-interval", pollInterval);
        if (recallSettle.isNegative()) {
            throw new IllegalArgumentException(PREFIX + "recall-settle must not be negative; got " + recallSettle);
        }
        if (backoffBase.toMillis() < 1) {
            throw new IllegalArgumentException(PREFIX + "backoff-base must be at least 1ms (waits are whole"
                    + " milliseconds); got " + backoffBase);
        }
        if (backoffCap.compareTo(backoffBase) < 0) {
            throw new IllegalArgumentException(PREFIX + "backoff-cap (" + backoffCap + ") must not be below " + PREFIX
                    + "backoff-base (" + backoffBase + ")");
        }
        if (maxPerKey < 1 || senders < 1 || maxUrlLength < 12 || maxUrlLength > 2048) {
            throw new IllegalArgumentException(PREFIX + "max-per-key and senders must be at least 1 and max-url-length"
                    + " between 12 and 2048 (the column's size)");
        }
    }

    private static void positive(String name, Duration value) {
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(PREFIX + name + " must be positive; got " + value);
        }
    }

    /**
     * How long a sender holds a claimed delivery: longer than any attempt can take, so another
     * instance takes it over only from a sender that died.
     */
    Duration lease() {
        return timeout.plusMinutes(1);
    }
}
