package dev.vspec.infra.web;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Query strings as they may be logged: the value of any parameter a key is sometimes put in, and
 * anything shaped like a key wherever it appears, replaced by {@code [redacted]}.
 */
public final class RedactedQuery {

    /** Query parameters that callers put keys in by mistake. */
    public static final Set<String> KEY_PARAMETERS = Set.of("api_key", "apikey", "key", "x-api-key", "access_token");
    private static final Pattern KEY_SHAPED = Pattern.compile("vsk_[A-Za-z0-9_%]+");
    static final String REDACTED = "[redacted]";

    private RedactedQuery() {
    }

    public static String of(String queryString) {
        if (queryString == null || queryString.isEmpty()) {
            return queryString;
        }
        StringBuilder redacted = new StringBuilder(queryString.length());
        for (String pair : queryString.split("&", -1)) {
            if (!redacted.isEmpty()) {
                redacted.append('&');
            }
            int equals = pair.indexOf('=');
            if (equals >= 0 && isKeyParameter(pair.substring(0, equals))) {
                redacted.append(pair, 0, equals + 1).append(REDACTED);
            } else {
                redacted.append(KEY_SHAPED.matcher(pair).replaceAll(REDACTED));
            }
        }
        return redacted.toString();
    }

    /** The first parameter of the query string that is named like a key parameter, decoded, or null. */
    public static String keyParameter(String queryString) {
        if (queryString == null || queryString.isEmpty()) {
            return null;
        }
        for (String pair : queryString.split("&")) {
            int equals = pair.indexOf('=');
            String name = decoded(equals < 0 ? pair : pair.substring(0, equals));
            if (KEY_PARAMETERS.contains(name.toLowerCase(Locale.ROOT))) {
                return name;
            }
        }
        return null;
    }

    private static boolean isKeyParameter(String name) {
        return KEY_PARAMETERS.contains(decoded(name).toLowerCase(Locale.ROOT));
    }

    private static String decoded(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return text;
        }
    }
}
