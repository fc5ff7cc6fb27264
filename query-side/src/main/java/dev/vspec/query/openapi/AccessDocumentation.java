package dev.vspec.query.openapi;

import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.infra.access.RequiresScope;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.web.method.HandlerMethod;

/**
 * Declares on each operation what infra's access filter asks of it: a key (either header) with the
 * handler's {@link RequiresScope}, the answers a key can get instead (401, 403, 429) and the
 * rate-limit headers. Operations without a scope (the status document) need no key.
 */
final class AccessDocumentation implements OperationCustomizer {

    static final String BEARER = "bearer";
    static final String API_KEY_HEADER = "apiKeyHeader";
    static final String SCOPE_EXTENSION = "x-required-scope";
    private static final Map<String, String> LIMIT_HEADERS = Map.of(
            "X-RateLimit-Limit", "Requests per minute this key may make.",
            "X-RateLimit-Remaining", "Requests left in the current minute (UTC).",
            "X-RateLimit-Reset", "Unix time (seconds) at which the current minute ends.",
            "X-Monthly-Limit", "Successful GETs (reads) per calendar month this key may make.",
            "X-Monthly-Remaining", "Reads left this month (UTC); a 304 or an error costs none.");

    @Override
    public Operation customize(Operation operation, HandlerMethod handler) {
        RequiresScope scope = handler.getMethodAnnotation(RequiresScope.class);
        if (scope == null) {
            return operation;
        }
        String code = scope.value().code();
        operation.addSecurityItem(new SecurityRequirement().addList(BEARER));
        operation.addSecurityItem(new SecurityRequirement().addList(API_KEY_HEADER));
        operation.addExtension(SCOPE_EXTENSION, code);
        operation.setDescription((operation.getDescription() == null ? "" : operation.getDescription() + "\n\n")
                + "Needs a key with scope `" + code + "`.");
        operation.getResponses()
                .addApiResponse("401", error(ErrorCode.INVALID_API_KEY, "No key, an unknown or revoked key, or a key in the URL."))
                .addApiResponse("403", error(ErrorCode.INSUFFICIENT_SCOPE, "The key lacks `" + code
                        + "` (on /api/v1/vehicle: or the scope of an included group); the message names it."))
                .addApiResponse("429", error(ErrorCode.RATE_LIMITED, "`rate_limited`: the key's requests per minute are spent, or"
                        + " its address failed authentication too often. `read_quota_exceeded`: the month's reads are spent."
                        + " Wait `Retry-After` seconds.").addHeaderObject("Retry-After",
                        new Header().description("Seconds to wait.").schema(new Schema<>().type("integer"))));
        ApiResponse ok = operation.getResponses().get("200");
        if (ok != null) {
            LIMIT_HEADERS.forEach((name, description) ->
                    ok.addHeaderObject(name, new Header().description(description).schema(new Schema<>().type("integer"))));
        }
        return operation;
    }

    private static ApiResponse error(ErrorCode code, String description) {
        return new ApiResponse().description(description).content(new Content().addMediaType("application/json",
                new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + RouteDocumentation.ERROR_SCHEMA))
                        .example(Map.of("error", code.code(), "message", code.defaultMessage(),
                                "request_id", "3f1c2a9e-5b7d-4e21-9c0a-1d2e3f405162"))));
    }

    static List<String> schemes() {
        return List.of(BEARER, API_KEY_HEADER);
    }
}
