package dev.vspec.command.access;

import dev.vspec.access.AccessRequest;
import dev.vspec.access.AccessRequestStore;
import dev.vspec.access.PublicRoute;
import dev.vspec.access.SharedBudgets;
import dev.vspec.access.SharedBudgets.RollingAdmission;
import dev.vspec.command.web.JsonBodies;
import dev.vspec.contracts.WriteRoute;
import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.platform.connector.BudgetAddress;
import dev.vspec.platform.web.ApiErrorResponses;
import dev.vspec.platform.web.RequestParameters;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * {@code POST /api/request-access}: the website's request-access form, the only way to ask for a
 * key (keys are issued by hand). Answers without a key, takes the fields as JSON or as an HTML form
 * ({@code application/x-www-form-urlencoded}) and stores a valid submission for an operator to review
 * (201 with the submission's id). Field rules are in {@link AccessRequestForm}; every problem is
 * named in one 400 {@code invalid_param}.
 *
 * <p>Each client address (behind the gateway, the {@code X-Forwarded-For} address Tomcat trusts)
 * may send {@value #SUBMISSIONS_PER_PERIOD} valid requests an hour, and, on a budget of their own,
 * {@value #REFUSED_PER_PERIOD} refused ones (400: a field wrong, a body unreadable), both counted in
 * PostgreSQL so that every instance shares them: a person who makes typos is never locked out of
 * sending the corrected request, while the review queue and a caller probing the rules are each held
 * off. Beyond either, the request is 429 {@code rate_limited} with {@code Retry-After} (seconds until
 * that budget is back, 3600 right after a burst). Other content types (415) and methods are refused
 * before this controller and count against neither.
 *
 * <p>Present only where the access module is (a servlet application with {@code vspec.access.enabled}),
 * since it stores into the access schema and spends a shared budget.
 */
@RestController
@PublicRoute
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnProperty(name = "vspec.access.enabled", havingValue = "true", matchIfMissing = true)
class RequestAccessController {

    static final String PATH = WriteRoute.Paths.REQUEST_ACCESS;
    static final long SUBMISSIONS_PER_PERIOD = 5;
    static final long REFUSED_PER_PERIOD = 30;
    static final Duration PERIOD = Duration.ofHours(1);
    /** Far above the largest valid submission (about 2,700 characters), so only abuse hits it. */
    static final int MAX_BODY_BYTES = 64 * 1024;
    /** The width of {@code access.access_request.client_ip}. */
    private static final int MAX_ADDRESS_LENGTH = 64;

    private static final Logger log = LoggerFactory.getLogger(RequestAccessController.class);

    private final AccessRequestStore requests;
    private final SharedBudgets budgets;
    private final ApiErrorResponses errors;
    private final ObjectMapper json;

    RequestAccessController(
            AccessRequestStore requests, SharedBudgets budgets, ApiErrorResponses errors, ObjectMapper json) {
        this.requests = requests;
        this.budgets = budgets;
        this.errors = errors;
        this.json = json;
    }

    @PostMapping(path = PATH, consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<?> submitJson(HttpServletRequest request) throws IOException {
        return answer(request, this::fromJson);
    }

    @PostMapping(path = PATH, consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    ResponseEntity<?> submitForm(HttpServletRequest request) throws IOException {
        return answer(request, RequestAccessController::fromForm);
    }

    /** Reads one encoding's fields into a submission, or refuses them (ApiException). */
    @FunctionalInterface
    private interface SubmissionReader {
        AccessRequestForm.Submission read(HttpServletRequest request) throws IOException;
    }

    private ResponseEntity<?> answer(HttpServletRequest request, SubmissionReader reader) throws IOException {
        String address = clientAddress(request);
        AccessRequestForm.Submission submission;
        try {
            submission = reader.read(request);
        } catch (ApiException refused) {
            return refusedOrTooMany(refused, address, request);
        }
        return storedOrTooMany(submission, address, request);
    }

    private AccessRequestForm.Submission fromJson(HttpServletRequest request) throws IOException {
        JsonNode body = JsonBodies.readObject(
                request,
                json,
                MAX_BODY_BYTES,
                "a request for access is a few kilobytes at most, with the fields "
                        + String.join(", ", AccessRequestForm.FIELDS));
        Map<String, String> values = new HashMap<>();
        Map<String, String> unreadable = new HashMap<>();
        for (String field : AccessRequestForm.FIELDS) {
            JsonNode node = body.get(field);
            if (node == null || node.isNull()) {
                continue;
            }
            if (node.isString()) {
                values.put(field, node.stringValue());
            } else {
                unreadable.put(field, "must be a JSON string, not " + JsonBodies.kind(node));
            }
        }
        return AccessRequestForm.check(values, unreadable);
    }

    private static AccessRequestForm.Submission fromForm(HttpServletRequest request) {
        Map<String, String[]> form = RequestParameters.ofForm(request);
        Map<String, String> values = new HashMap<>();
        Map<String, String> unreadable = new HashMap<>();
        for (String field : AccessRequestForm.FIELDS) {
            String[] given = form.get(field);
            if (given == null || given.length == 0) {
                continue;
            }
            if (given.length > 1) {
                unreadable.put(field, "is given " + given.length + " times; send it once");
            } else {
                values.put(field, given[0]);
            }
        }
        return AccessRequestForm.check(values, unreadable);
    }

    /** A valid request, stored unless the address has sent its valid requests for the hour. */
    private ResponseEntity<?> storedOrTooMany(
            AccessRequestForm.Submission submission, String address, HttpServletRequest request) {
        RollingAdmission admission =
                budgets.takeRolling(budget(address, "request-access"), SUBMISSIONS_PER_PERIOD, PERIOD);
        if (!admission.admitted()) {
            return tooMany(admission, "access requests", request);
        }
        return store(submission, address);
    }

    /** A refused request: its 400 (ApiExceptionHandler), unless the address has sent its refused ones for the hour. */
    private ResponseEntity<ApiError> refusedOrTooMany(
            ApiException refused, String address, HttpServletRequest request) {
        RollingAdmission admission =
                budgets.takeRolling(budget(address, "request-access-refused"), REFUSED_PER_PERIOD, PERIOD);
        if (!admission.admitted()) {
            return tooMany(admission, "refused access requests (requests with a field to correct)", request);
        }
        throw refused;
    }

    private static String budget(String address, String name) {
        return "address:" + BudgetAddress.of(address) + ":" + name;
    }

    private ResponseEntity<ApiError> tooMany(RollingAdmission admission, String what, HttpServletRequest request) {
        long seconds = admission.retryAfterSeconds();
        long minutes = (seconds + 59) / 60;
        ApiError error = ApiError.of(
                ErrorCode.RATE_LIMITED,
                "Too many " + what + " from this address (the limit is "
                        + admission.limit() + " per hour); wait " + seconds + " s (about " + minutes
                        + (minutes == 1 ? " minute" : " minutes")
                        + ") before submitting again");
        return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS)
                .contentType(MediaType.APPLICATION_JSON)
                .header("Retry-After", Long.toString(seconds))
                .header("Cache-Control", "no-store")
                .body(errors.stamped(error, request));
    }

    private ResponseEntity<Received> store(AccessRequestForm.Submission submission, String address) {
        AccessRequest stored = requests.submit(
                submission.name(),
                submission.email(),
                submission.company(),
                submission.intendedUse(),
                submission.plan(),
                address);
        log.info("Access request {} received for the {} plan", stored.id(), stored.plan());
        return ResponseEntity.status(HttpStatus.CREATED)
                .header("Cache-Control", "no-store")
                // the service sends no mail: an operator issues the key (vspec keys issue --from-request) and sends it
                .body(new Received(
                        stored.id(),
                        "received",
                        "Thank you: your request " + stored.id() + " for the "
                                + stored.plan()
                                + " plan has been received. An operator reviews each request by hand and, once"
                                + " they approve it, writes to " + stored.email()
                                + " with your key. This service sends no"
                                + " email itself, so no confirmation is on its way; quote request " + stored.id()
                                + " if you"
                                + " write to them."));
    }

    /** The client's address as Tomcat resolved it, cut to the width it is stored in. */
    private static String clientAddress(HttpServletRequest request) {
        String address = request.getRemoteAddr();
        return address.length() > MAX_ADDRESS_LENGTH ? address.substring(0, MAX_ADDRESS_LENGTH) : address;
    }

    record Received(long id, String status, String message) {}
}
