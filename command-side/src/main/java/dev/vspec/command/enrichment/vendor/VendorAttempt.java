package dev.vspec.command.enrichment.vendor;

import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * One request to the catalog vendor and its outcome: an answer with any status, or none (problem for the
 * job, detail for the log).
 *
 * @param kind the failure as metrics name it when there is no answer: timeout, connect_failed or connection_failed
 */
record VendorAttempt(HttpResponse<byte[]> response, String kind, String failure, Throwable cause) {

    static VendorAttempt answered(HttpResponse<byte[]> response) {
        return new VendorAttempt(response, null, null, null);
    }

    static VendorAttempt failed(String kind, String failure, Throwable cause) {
        return new VendorAttempt(null, kind, failure, cause);
    }

    /** The answer's status code, or the kind of failure that left none. */
    String tag() {
        return response != null ? Integer.toString(response.statusCode()) : kind;
    }

    /** No answer, or one of 408, 425, 429 and 5xx, which a later request may not get. */
    boolean failedTransiently() {
        if (response == null) {
            return true;
        }
        int status = response.statusCode();
        return status == 408 || status == 425 || status == 429 || (status >= 500 && status <= 599);
    }

    String problem() {
        return response != null ? "HTTP " + response.statusCode() : failure;
    }

    /** For the log: the problem with its cause, whose class tells an operator what failed (never for a job's answer). */
    String detail() {
        return cause == null ? problem() : problem() + ": " + cause;
    }

    /** The answer's Retry-After, as seconds or as an HTTP date; null without an answer or a readable one. */
    Duration retryAfter(Clock clock) {
        String value = response == null
                ? null
                : response.headers()
                        .firstValue("Retry-After")
                        .map(String::strip)
                        .orElse(null);
        if (value == null || value.isEmpty()) {
            return null;
        }
        try {
            if (value.chars().allMatch(c -> c >= '0' && c <= '9')) {
                return Duration.ofSeconds(Long.parseLong(value));
            }
            Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME)
                    .toInstant();
            Duration until = Duration.between(clock.instant(), at);
            return until.isNegative() ? Duration.ZERO : until;
        } catch (NumberFormatException | DateTimeParseException e) {
            return null;
        }
    }
}
