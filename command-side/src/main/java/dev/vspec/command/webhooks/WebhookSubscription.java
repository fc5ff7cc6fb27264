package dev.vspec.command.webhooks;

import dev.vspec.command.web.JsonBodies;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.recalls.RecallMatching;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * What a webhook hears of, as its registration's {@code events} and {@code makes} say: event types (by default the
 * ends of the key's enrichment jobs, as before there were others), and for {@code recall.recorded} the makes whose
 * campaigns it hears of, kept as {@link RecallMatching#makeKey} keys (null: every make).
 */
record WebhookSubscription(List<String> events, @Nullable List<String> makes) {

    static final String EVENTS = "events";
    static final String MAKES = "makes";
    static final List<String> TYPES =
            List.of(JobNotification.COMPLETED, JobNotification.FAILED, RecallNotification.TYPE);
    static final WebhookSubscription DEFAULT =
            new WebhookSubscription(List.of(JobNotification.COMPLETED, JobNotification.FAILED), null);
    static final int MAX_MAKES = 50;
    static final int MAX_MAKE_LENGTH = 60;

    /**
     * The subscription a registration's body asks for; absent or null fields take their defaults.
     *
     * @throws ApiException {@code invalid_body} naming the field that is not what it must be
     */
    static WebhookSubscription of(JsonNode body) {
        JsonNode events = body.get(EVENTS);
        JsonNode makes = body.get(MAKES);
        List<String> types = absent(events) ? DEFAULT.events() : types(events);
        if (absent(makes)) {
            return new WebhookSubscription(types, null);
        }
        if (!types.contains(RecallNotification.TYPE)) {
            throw refusal(MAKES, "makes narrows " + RecallNotification.TYPE + ", which events does not name");
        }
        return new WebhookSubscription(types, makeKeys(makes));
    }

    private static List<String> types(JsonNode events) {
        List<String> types = new ArrayList<>(new LinkedHashSet<>(strings(EVENTS, events, TYPES.size() * 2, 40)));
        List<String> unknown =
                types.stream().filter(type -> !TYPES.contains(type)).toList();
        if (!unknown.isEmpty()) {
            throw refusal(EVENTS, "events names unknown type " + String.join(", ", unknown) + "; " + allowed());
        }
        return List.copyOf(types);
    }

    private static List<String> makeKeys(JsonNode makes) {
        Set<String> keys = new LinkedHashSet<>();
        for (String make : strings(MAKES, makes, MAX_MAKES, MAX_MAKE_LENGTH)) {
            String key = RecallMatching.makeKey(make);
            if (key.isEmpty()) {
                throw refusal(MAKES, "makes holds '" + make + "', which has no letter or digit");
            }
            keys.add(key);
        }
        return List.copyOf(keys);
    }

    /** A non-empty JSON array of at most {@code max} non-blank strings of at most {@code longest} characters. */
    private static List<String> strings(String field, JsonNode array, int max, int longest) {
        if (!array.isArray() || array.isEmpty()) {
            throw refusal(
                    field,
                    field + " must be a non-empty JSON array of strings"
                            + (field.equals(EVENTS) ? " (" + allowed() + ")" : "; leave it out to hear of every make"));
        }
        if (array.size() > max) {
            throw refusal(field, field + " holds " + array.size() + " entries; at most " + max);
        }
        List<String> values = new ArrayList<>();
        for (JsonNode value : array) {
            if (!value.isString()
                    || value.stringValue().isBlank()
                    || value.stringValue().length() > longest) {
                throw refusal(
                        field,
                        field + " must hold strings of 1 to " + longest + " characters, not "
                                + (value.isString()
                                        ? "'" + abbreviated(value.stringValue()) + "'"
                                        : JsonBodies.kind(value)));
            }
            values.add(value.stringValue().strip());
        }
        return values;
    }

    private static boolean absent(JsonNode value) {
        return value == null || value.isNull();
    }

    private static String allowed() {
        return "allowed: " + String.join(", ", TYPES);
    }

    private static String abbreviated(String text) {
        return text.length() > 80 ? text.substring(0, 80) + "…" : text;
    }

    private static ApiException refusal(String field, String message) {
        return ApiException.about(field, ErrorCode.INVALID_BODY, message);
    }
}
