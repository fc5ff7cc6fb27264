package dev.vspec.command.access;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import tools.jackson.databind.json.JsonMapper;

/** Request-access submissions as a client sends them, in either encoding. */
final class AccessRequestBodies {

    static final String FORM = "application/x-www-form-urlencoded";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private AccessRequestBodies() {}

    static Map<String, String> validFields() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("name", "Ada Lovelace");
        fields.put("email", "ada@example.com");
        fields.put("company", "Analytical Engines Ltd");
        fields.put("intended_use", "Service reminders for a fleet of 40 delivery vans");
        fields.put("plan", "pro");
        return fields;
    }

    static String json(Map<String, ?> fields) {
        return JSON.writeValueAsString(fields);
    }

    static String form(Map<String, String> fields) {
        StringJoiner body = new StringJoiner("&");
        fields.forEach((name, value) -> body.add(URLEncoder.encode(name, StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(value, StandardCharsets.UTF_8)));
        return body.toString();
    }
}
