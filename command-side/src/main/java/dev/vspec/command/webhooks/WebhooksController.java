package dev.vspec.command.webhooks;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.access.AccessGrant;
import dev.vspec.access.ApiKey;
import dev.vspec.access.RequiresScope;
import dev.vspec.command.web.JsonBodies;
import dev.vspec.contracts.WriteRoute;
import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.time.OffsetDateTime;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * A key's webhooks: {@code POST /api/v0/webhooks} with {@code {"url": "https://…"}} registers one
 * (201, its signing secret shown this once), {@code GET} lists them, {@code DELETE …/{id}} deletes
 * one (404 for an id the key does not hold); {@code GET /api/v0/webhooks/deliveries} lists the key's
 * deliveries, newest first. A key sees only its own.
 */
@RestController
@RequiresScope(Scope.ENRICH_WRITE)
class WebhooksController {

    private static final int MAX_BODY_BYTES = 4 * 1024;
    private static final String URL = "url";
    private static final String EXPECTED = "send {\"url\": \"https://…\"}";
    private static final List<String> FIELDS = List.of(URL, WebhookSubscription.EVENTS, WebhookSubscription.MAKES);
    static final int DEFAULT_PAGE = 20;
    static final int MAX_PAGE = 100;

    private final Endpoints endpoints;
    private final Deliveries deliveries;
    private final WebhookUrls urls;
    private final ObjectMapper json;

    WebhooksController(Endpoints endpoints, Deliveries deliveries, WebhookUrls urls, ObjectMapper json) {
        this.endpoints = endpoints;
        this.deliveries = deliveries;
        this.urls = urls;
        this.json = json;
    }

    record Registered(
            String id,
            String url,
            List<String> events,
            @Nullable List<String> makes,
            @JsonProperty("created_at") OffsetDateTime createdAt,
            String secret) {}

    record Listed(
            String id,
            String url,
            List<String> events,
            @Nullable List<String> makes,
            @JsonProperty("created_at") OffsetDateTime createdAt) {

        static Listed of(Endpoints.Endpoint endpoint) {
            return new Listed(
                    endpoint.id(),
                    endpoint.url(),
                    endpoint.subscription().events(),
                    endpoint.subscription().makes(),
                    endpoint.createdAt());
        }
    }

    record Webhooks(List<Listed> webhooks) {}

    record DeliveryPage(
            List<Deliveries.Delivery> deliveries,

            @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable
            String next) {}

    @PostMapping(
            path = WriteRoute.Paths.WEBHOOKS,
            consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Registered> register(HttpServletRequest request) throws IOException {
        ApiKey key = keyOf(request);
        JsonNode body = JsonBodies.readObject(request, json, MAX_BODY_BYTES, EXPECTED);
        JsonNode url = body.get(URL);
        if (url == null || url.isNull()) {
            throw ApiException.about(URL, ErrorCode.INVALID_BODY, "The body names no url: " + EXPECTED);
        }
        if (!url.isString()) {
            throw ApiException.about(
                    URL, ErrorCode.INVALID_BODY, "url must be a JSON string, not " + JsonBodies.kind(url));
        }
        for (String field : body.propertyNames()) {
            if (!FIELDS.contains(field)) {
                throw ApiException.about(
                        field,
                        ErrorCode.INVALID_BODY,
                        "The body takes " + String.join(", ", FIELDS) + "; '" + field + "' is none of them");
            }
        }
        WebhookSubscription subscription = WebhookSubscription.of(body);
        String checked = urls.check(url.stringValue().strip()).toString();
        Endpoints.Registered registered = endpoints.register(key.id(), checked, subscription);
        Listed endpoint = Listed.of(registered.endpoint());
        return ResponseEntity.status(HttpStatus.CREATED)
                .cacheControl(CacheControl.noStore())
                .body(new Registered(
                        endpoint.id(),
                        endpoint.url(),
                        endpoint.events(),
                        endpoint.makes(),
                        endpoint.createdAt(),
                        registered.secret()));
    }

    @GetMapping(path = WriteRoute.Paths.WEBHOOKS, produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Webhooks> list(HttpServletRequest request) {
        List<Listed> listed =
                endpoints.of(keyOf(request).id()).stream().map(Listed::of).toList();
        return ResponseEntity.ok().cacheControl(CacheControl.noStore()).body(new Webhooks(listed));
    }

    @DeleteMapping(path = WriteRoute.Paths.WEBHOOK)
    ResponseEntity<Void> delete(@PathVariable String id, HttpServletRequest request) {
        if (!endpoints.delete(keyOf(request).id(), id)) {
            throw new ApiException(
                    ErrorCode.NOT_FOUND,
                    "This key has no webhook " + id + "; GET " + WriteRoute.Paths.WEBHOOKS + " lists its webhooks");
        }
        return ResponseEntity.noContent().build();
    }

    /** {@code ?limit=} (1 to {@value #MAX_PAGE}, default {@value #DEFAULT_PAGE}) and {@code ?before=} (the {@code next} link's cursor). */
    @GetMapping(path = WriteRoute.Paths.WEBHOOK_DELIVERIES, produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<DeliveryPage> deliveries(HttpServletRequest request) {
        int limit = (int) number(request, "limit", DEFAULT_PAGE, 1, MAX_PAGE);
        long before = number(request, "before", Long.MAX_VALUE, 1, Long.MAX_VALUE);
        List<Deliveries.Delivery> page = deliveries.of(keyOf(request).id(), before, limit);
        String next = page.size() < limit
                ? null
                : WriteRoute.Paths.WEBHOOK_DELIVERIES + "?limit=" + limit + "&before="
                        + page.get(page.size() - 1).id();
        return ResponseEntity.ok().cacheControl(CacheControl.noStore()).body(new DeliveryPage(page, next));
    }

    private static long number(HttpServletRequest request, String name, long otherwise, long min, long max) {
        String[] values = request.getParameterValues(name);
        if (values == null) {
            return otherwise;
        }
        try {
            long value = values.length == 1 ? Long.parseLong(values[0]) : min - 1;
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw ApiException.about(
                name, ErrorCode.INVALID_PARAM, name + " must be one whole number from " + min + " to " + max);
    }

    private static ApiKey keyOf(HttpServletRequest request) {
        return AccessGrant.keyOf(request)
                .orElseThrow(() -> new ApiException(
                        ErrorCode.WRITE_DISABLED,
                        "Webhooks belong to an API key; this deployment admits requests without one"));
    }
}
