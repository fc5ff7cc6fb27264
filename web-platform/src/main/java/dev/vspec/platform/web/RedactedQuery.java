package dev.vspec.platform.web;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What in a query string is, or may be, an API key, and query strings as they may be logged: the
 * value of every parameter that carries a key, or that does not decode (nobody can tell what it
 * holds), replaced by {@code [redacted]}, and a key-shaped name too.
 */
public final class RedactedQuery {

    /** Query parameters that callers put keys in by mistake: refused whatever their value. */
    private static final Set<String> KEY_PARAMETERS = Set.of(
            "api_key",
            "apikey",
            "api-key",
            "key",
            "x-api-key",
            "access_token",
            "access-token",
            "token",
            "auth",
            "authorization",
            "bearer");
    /** The start of a key ({@code vsk_live_...}), raw or decoded. */
    private static final Pattern KEY_SHAPED = Pattern.compile("vsk_[A-Za-z0-9_%]");

    static final String REDACTED = "[redacted]";

    private RedactedQuery() {}

    public static String of(String queryString) {
        if (queryString == null || queryString.isEmpty()) {
            return queryString;
        }
        StringBuilder redacted = new StringBuilder(queryString.length());
        String[] parts = queryString.split("&", -1);
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                redacted.append('&');
            }
            if (!parts[i].isEmpty()) {
                redacted.append(redactedPart(parts[i]));
            }
        }
        return redacted.toString();
    }

    private static String redactedPart(String part) {
        QueryString.Parameter parameter = QueryString.parameter(part);
        if (parameter.name() != null && parameter.value() != null && !carriesKey(parameter)) {
            return part;
        }
        String name = hasKeyShapedName(parameter) ? REDACTED : parameter.rawName();
        return part.indexOf('=') < 0 ? name : name + "=" + REDACTED;
    }

    /** The parameter holds a key, or may: it is named like a key parameter, or its name or value is key-shaped. */
    public static boolean carriesKey(QueryString.Parameter parameter) {
        String name = parameter.name() == null ? parameter.rawName() : parameter.name();
        return KEY_PARAMETERS.contains(name.toLowerCase(Locale.ROOT))
                || hasKeyShapedName(parameter)
                || keyShaped(parameter.rawValue())
                || keyShaped(parameter.value());
    }

    /** The parameter's name itself looks like a key, so it must not be repeated either. */
    public static boolean hasKeyShapedName(QueryString.Parameter parameter) {
        return keyShaped(parameter.rawName()) || keyShaped(parameter.name());
    }

    private static boolean keyShaped(String text) {
        return text != null && KEY_SHAPED.matcher(text).find();
    }
}
