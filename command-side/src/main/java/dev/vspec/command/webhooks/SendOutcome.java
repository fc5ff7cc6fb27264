package dev.vspec.command.webhooks;

import java.time.Duration;
import java.util.Locale;

/**
 * How one attempt went: the receiver's status code, or the error that kept it from answering, and
 * how long it took. Only a 2xx delivers; redirects are not followed.
 *
 * @param outcome the attempt as the metrics count it: {@code delivered}, {@code rejected} (another
 *                status), {@code timeout}, {@code refused_address} or {@code unreachable}
 */
record SendOutcome(Integer statusCode, String error, Duration took, String outcome) {

    private static final int MAX_ERROR_LENGTH = 300;

    static SendOutcome answered(int statusCode, Duration took) {
        boolean delivered = statusCode >= 200 && statusCode < 300;
        String error = statusCode >= 300 && statusCode < 400 ? "redirects are not followed" : null;
        return new SendOutcome(statusCode, error, took, delivered ? "delivered" : "rejected");
    }

    static SendOutcome failed(String outcome, String error, Duration took) {
        String bounded = error.length() > MAX_ERROR_LENGTH ? error.substring(0, MAX_ERROR_LENGTH) : error;
        return new SendOutcome(null, bounded, took, outcome.toLowerCase(Locale.ROOT));
    }

    boolean delivered() {
        return "delivered".equals(outcome);
    }
}
