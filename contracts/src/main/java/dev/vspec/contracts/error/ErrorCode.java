package dev.vspec.contracts.error;

import com.fasterxml.jackson.annotation.JsonValue;

/** The machine codes of the specification's error record, with the HTTP status each one travels with. */
public enum ErrorCode {
    MISSING_PARAM(400, "Pass vin, or year+make+model[+trim], or config_key"),
    INVALID_VIN(400, "A VIN is exactly 17 characters"),
    INVALID_PARAM(400, "A parameter has a value the route does not accept"),
    INVALID_BODY(400, "The request body could not be read"),
    /** Refused by the HTTP server before any route saw it: the request line, path or headers break HTTP/1.1. */
    INVALID_REQUEST(400, "The request is not valid HTTP/1.1"),
    INVALID_API_KEY(401, "Unknown API key"),
    INSUFFICIENT_SCOPE(403, "Key lacks the named scope"),
    WRITE_DISABLED(403, "Enrichment writes are disabled in the keyless sandbox"),
    NOT_FOUND(404, "No enriched vehicle config matches the identifier"),
    NO_IMAGE(404, "Vehicle resolved but no image cached"),
    METHOD_NOT_ALLOWED(405, "This route does not accept that method"),
    NOT_ACCEPTABLE(406, "This route answers application/json only"),
    REQUEST_TIMEOUT(408, "The request line and headers did not arrive in time"),
    MULTIPLE_MATCHES(409, "More than one config matched a YMMT lookup"),
    UNSUPPORTED_MEDIA_TYPE(415, "This route accepts application/json only"),
    EXPECTATION_FAILED(417, "Only Expect: 100-continue is understood"),
    UNSUPPORTED_VEHICLE(422, "VIN decoded but no engine code resolved"),
    RATE_LIMITED(429, "Too many requests"),
    QUOTA_EXCEEDED(429, "Daily enrichment quota (5 scheduled runs/day/key) reached"),
    READ_QUOTA_EXCEEDED(429, "Monthly read quota reached"),
    HEADERS_TOO_LARGE(431, "The request line and headers are too large"),
    INTERNAL_ERROR(500, "The service failed to answer; the failure was logged"),
    UPSTREAM_UNREACHABLE(502, "The API backend did not respond"),
    SERVICE_UNAVAILABLE(503, "The service is not ready to answer"),
    GATEWAY_UNCONFIGURED(503, "Gateway not connected to a backend in this environment");

    private final int status;
    private final String defaultMessage;

    ErrorCode(int status, String defaultMessage) {
        this.status = status;
        this.defaultMessage = defaultMessage;
    }

    public int status() {
        return status;
    }

    public String defaultMessage() {
        return defaultMessage;
    }

    /** The code as callers match on it, e.g. {@code missing_param}. */
    @JsonValue
    public String code() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
