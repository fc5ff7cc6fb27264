package dev.vspec.query.openapi;

import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.infra.access.CountsReads;
import dev.vspec.infra.access.RequiresScope;
import dev.vspec.infra.web.ErrorDocs;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.web.method.HandlerMethod;

/**
 * Declares on each operation what infra's access filter asks of it: a key (either header) with the
 * handler's {@link RequiresScope}, the answers a key can get instead (401, 403, 429), the rate-limit
 * headers and, on a route that {@link CountsReads}, how many reads a request spends. Operations without
 * a scope (the status document) need no key.
 */
final class AccessDocumentation implements OperationCustomizer {

    static final String BEARER = "bearer";
    static final String API_KEY_HEADER = "apiKeyHeader";
    /** The two ways of sending a key; either will do. */
    static final List<String> SCHEMES = List.of(BEARER, API_KEY_HEADER);

    static final String SCOPE_EXTENSION = "x-required-scope";
    /** The site vspec-common.yml names when VSPEC_SITE_URL is unset, as the examples' docs links show it. */
    static final String LOCAL_SITE = "http://127.0.0.1:8080";
    /** In the order the answers send them (a list: Map.of's order changes from one run to the next). */
    private static final List<Map.Entry<String, String>> LIMIT_HEADERS = List.of(
            Map.entry("X-RateLimit-Limit", "Requests per minute this key may make."),
            Map.entry("X-RateLimit-Remaining", "Requests left in the current minute (UTC)."),
            Map.entry("X-RateLimit-Reset", "Unix time (seconds) at which the current minute ends."),
            Map.entry("X-Monthly-Limit", "Successful GETs (reads) per calendar month this key may make."),
            Map.entry(
                    "X-Monthly-Remaining",
                    "Reads left this month (UTC): the limit less the reads every instance"
                            + " answering the key spent, up to the last quarter second; a 304 or an error costs none."));

    @Override
    public Operation customize(Operation operation, HandlerMethod handler) {
        RequiresScope scope = handler.getMethodAnnotation(RequiresScope.class);
        if (scope == null) {
            return operation;
        }
        String code = scope.value().code();
        CountsReads reads = handler.getMethodAnnotation(CountsReads.class);
        // springdoc hands handlers that share a path and method (/api/v1/decode's modes) one operation: declare once
        for (String scheme : SCHEMES) {
            SecurityRequirement requirement = new SecurityRequirement().addList(scheme);
            if (operation.getSecurity() == null || !operation.getSecurity().contains(requirement)) {
                operation.addSecurityItem(requirement);
            }
        }
        operation.addExtension(SCOPE_EXTENSION, code);
        String text = operation.getDescription() == null ? "" : operation.getDescription();
        if (!text.contains(keyNeeded(code))) {
            operation.setDescription((text.isEmpty() ? "" : text + "\n\n")
                    + keyNeeded(code)
                    + (reads == null ? "" : " " + readsCounted(reads)));
        }
        ApiResponse tooMany = error(
                        ErrorCode.RATE_LIMITED,
                        "`rate_limited`: the key's requests per minute are spent, or"
                                + " its address failed authentication too often. `read_quota_exceeded`: the month's reads are spent"
                                + (reads == null
                                        ? "."
                                        : ", or fewer are left than the request needs (one per item of `"
                                                + reads.parameter()
                                                + "`); the message says how many it needs, and nothing is spent.")
                                + " Wait `Retry-After` seconds.")
                .addHeaderObject(
                        "Retry-After",
                        new Header().description("Seconds to wait.").schema(SharedParameters.typed("integer")));
        if (reads != null) {
            MediaType single = tooMany.getContent().get("application/json");
            // a new media type: one whose example was set, even to null, writes "example"
            MediaType json = new MediaType().schema(single.getSchema());
            tooMany.getContent().addMediaType("application/json", json);
            json.addExamples("rate_limited", new Example().value(single.getExample()));
            json.addExamples(
                    "read_quota_exceeded",
                    new Example()
                            .summary("A Free key with 39 reads left asks for 40 VINs")
                            .value(errorBody(
                                    ErrorCode.READ_QUOTA_EXCEEDED,
                                    "This request needs 40 reads, more than this key has"
                                            + " left of its monthly quota of 10000; send fewer items, or wait: it renews on 2026-12-01 00:00 UTC",
                                    "b1d4e0a7-3c58-4f19-92e6-7a0c5d8e1f24")));
        }
        operation
                .getResponses()
                .addApiResponse(
                        "401",
                        error(ErrorCode.INVALID_API_KEY, "No key, an unknown or revoked key, or a key in the URL."))
                .addApiResponse(
                        "403",
                        error(
                                ErrorCode.INSUFFICIENT_SCOPE,
                                "The key lacks `" + code
                                        + "` (on /api/v1/vehicle: or the scope of an included group); the message names it."))
                .addApiResponse("429", tooMany);
        ApiResponse ok = operation.getResponses().get("200");
        if (ok != null) {
            LIMIT_HEADERS.forEach(header -> ok.addHeaderObject(
                    header.getKey(),
                    new Header().description(header.getValue()).schema(SharedParameters.typed("integer"))));
        }
        return operation;
    }

    private static ApiResponse error(ErrorCode code, String description) {
        return new ApiResponse()
                .description(description)
                .content(new Content()
                        .addMediaType(
                                "application/json",
                                new MediaType()
                                        .schema(new Schema<>()
                                                .$ref("#/components/schemas/" + RouteDocumentation.ERROR_SCHEMA))
                                        .example(errorBody(
                                                code, code.defaultMessage(), "3f1c2a9e-5b7d-4e21-9c0a-1d2e3f405162"))));
    }

    /** An error record as the filter writes it, its fields in the record's order. */
    private static Map<String, String> errorBody(ErrorCode code, String message, String requestId) {
        Map<String, String> body = new LinkedHashMap<>();
        body.put("object", "error");
        body.put("error", code.code());
        body.put("message", message);
        body.put("docs", ErrorDocs.link(LOCAL_SITE, code.code()));
        body.put("request_id", requestId);
        return body;
    }

    /** The line every keyed operation's description ends with (before {@link #readsCounted}, where it applies). */
    static String keyNeeded(String scope) {
        return "Needs a key with scope `" + scope + "`.";
    }

    /** What a request of a route that answers several items spends of the key's monthly reads. */
    static String readsCounted(CountsReads reads) {
        return "Each item of `" + reads.parameter() + "` counts as one read against the key's monthly quota (up to "
                + reads.max() + " per request), whatever its own result: a 200 spends them all, a refused request"
                + " (400, 503) none. A key with fewer reads left than the request needs gets 429 `read_quota_exceeded`"
                + " (\"This request needs N reads, ...\") and spends nothing.";
    }
}
