package dev.vspec.command.enrichment;

import dev.vspec.access.AccessGrant;
import dev.vspec.access.ApiKey;
import dev.vspec.access.RequiresScope;
import dev.vspec.access.RetryAfter;
import dev.vspec.access.Sha256;
import dev.vspec.command.web.JsonBodies;
import dev.vspec.contracts.WriteRoute;
import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.platform.web.ApiErrorResponses;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * {@code POST /api/v0/enrich} with {@code {"vin": "…"}}: asks vspec to learn a VIN it does not
 * hold ({@link EnrichmentRequests} decides). With an {@code Idempotency-Key} header, the first
 * successful answer for that key is replayed for {@link IdempotentAnswers#RETENTION} to the same
 * API key sending the same VIN ({@code Idempotent-Replayed: true}); the same Idempotency-Key with
 * another VIN is 400 {@code invalid_param}. The job is polled on the query side.
 */
@RestController
class EnrichmentController {

    static final String PATH = WriteRoute.Paths.ENRICH;
    static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    static final String REPLAYED = "Idempotent-Replayed";
    private static final int MAX_BODY_BYTES = 4 * 1024;
    private static final Pattern IDEMPOTENCY_KEY_FORMAT = Pattern.compile("[\\x21-\\x7E]{1,255}");
    private static final String EXPECTED = "send {\"vin\": \"<17-character VIN>\"}";

    private final EnrichmentRequests requests;
    private final IdempotentAnswers answers;
    private final ApiErrorResponses errors;
    private final ObjectMapper json;
    private final Clock clock;

    EnrichmentController(
            EnrichmentRequests requests,
            IdempotentAnswers answers,
            ApiErrorResponses errors,
            ObjectMapper json,
            Clock clock) {
        this.requests = requests;
        this.answers = answers;
        this.errors = errors;
        this.json = json;
        this.clock = clock;
    }

    @RequiresScope(Scope.ENRICH_WRITE)
    @PostMapping(path = PATH, consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<String> enrich(HttpServletRequest request) throws IOException {
        ApiKey key = AccessGrant.keyOf(request)
                .orElseThrow(() -> new ApiException(
                        ErrorCode.WRITE_DISABLED,
                        "Enrichment is scheduled for an API key; this deployment admits requests without one"));
        String idempotencyKey = idempotencyKey(request);
        Vin vin = vinOf(JsonBodies.readObject(request, json, MAX_BODY_BYTES, EXPECTED));
        if (idempotencyKey == null) {
            EnrichmentAnswer answer = requests.request(key, vin);
            return respond(answer.httpStatus().value(), json.writeValueAsString(answer), false);
        }
        String fingerprint = fingerprint(vin);
        IdempotentAnswers.Outcome outcome = answers.answerOnce(key.id(), idempotencyKey, () -> {
            EnrichmentAnswer answer = requests.request(key, vin);
            return new IdempotentAnswers.Stored(
                    PATH, fingerprint, answer.httpStatus().value(), json.writeValueAsString(answer));
        });
        IdempotentAnswers.Stored kept = outcome.answer();
        if (!kept.route().equals(PATH) || !kept.fingerprint().equals(fingerprint)) {
            throw ApiException.about(
                    IDEMPOTENCY_KEY,
                    ErrorCode.INVALID_PARAM,
                    "This Idempotency-Key was first used with another request; " + "use a new key for a new request");
        }
        return respond(kept.status(), kept.body(), outcome.replayed());
    }

    /** 429 {@code quota_exceeded} with Retry-After until the allowance that ran out renews. */
    @ExceptionHandler(QuotaExhausted.class)
    ResponseEntity<ApiError> quotaExhausted(QuotaExhausted e, HttpServletRequest request) {
        Instant now = clock.instant();
        Duration wait = Duration.between(now, e.renewsAfter(now));
        return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS)
                .contentType(MediaType.APPLICATION_JSON)
                .header("Retry-After", Long.toString(RetryAfter.seconds(wait)))
                .header("Cache-Control", "no-store")
                .body(errors.stamped(e.toError(), request));
    }

    /** The Idempotency-Key header, or null when none is sent; one sent empty, twice or malformed is refused. */
    private static String idempotencyKey(HttpServletRequest request) {
        List<String> sent = Collections.list(request.getHeaders(IDEMPOTENCY_KEY));
        if (sent.isEmpty()) {
            return null;
        }
        if (sent.size() > 1) {
            throw ApiException.about(
                    IDEMPOTENCY_KEY,
                    ErrorCode.INVALID_PARAM,
                    "Send one Idempotency-Key header; this request sends " + sent.size());
        }
        if (!IDEMPOTENCY_KEY_FORMAT.matcher(sent.get(0)).matches()) {
            throw ApiException.about(
                    IDEMPOTENCY_KEY,
                    ErrorCode.INVALID_PARAM,
                    "The Idempotency-Key header must be 1 to 255 visible ASCII "
                            + "characters (a UUID is a good choice); leave it out to send none");
        }
        return sent.get(0);
    }

    private static Vin vinOf(JsonNode body) {
        JsonNode vin = body.get(Vin.PARAM);
        if (vin == null || vin.isNull()) {
            throw ApiException.about(Vin.PARAM, ErrorCode.MISSING_PARAM, "The body names no VIN: " + EXPECTED);
        }
        if (!vin.isString()) {
            throw ApiException.about(
                    Vin.PARAM, ErrorCode.INVALID_VIN, "vin must be a JSON string, not " + JsonBodies.kind(vin));
        }
        return Vin.parse(vin.stringValue());
    }

    private static ResponseEntity<String> respond(int status, String body, boolean replayed) {
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(status)
                .contentType(MediaType.APPLICATION_JSON)
                .header("Cache-Control", "no-store");
        if (replayed) {
            answer.header(REPLAYED, "true");
        }
        return answer.body(body);
    }

    private static String fingerprint(Vin vin) {
        return Sha256.hex(("vin=" + vin.value()).getBytes(StandardCharsets.US_ASCII));
    }
}
