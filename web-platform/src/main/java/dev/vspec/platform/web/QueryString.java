package dev.vspec.platform.web;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A raw query string read strictly, as the container reads it but without its exceptions: split
 * at {@code &} (empty parts skipped), each part at its first {@code =}, names and values decoded
 * from {@code +} and {@code %XX} escapes of UTF-8 bytes. A side that does not decode keeps its raw
 * text only, so a caller can refuse it without repeating it.
 */
public final class QueryString {

    private QueryString() {}

    /**
     * One {@code name=value} part.
     *
     * @param name  the decoded name, null when the raw name is not valid URL encoding
     * @param value the decoded value ("" without {@code =}), null when the raw value is not valid URL encoding
     */
    public record Parameter(String rawName, String rawValue, String name, String value) {}

    public static List<Parameter> parameters(String query) {
        if (query == null || query.isEmpty()) {
            return List.of();
        }
        List<Parameter> parameters = new ArrayList<>();
        for (String part : query.split("&")) {
            if (part.isEmpty()) {
                continue;
            }
            parameters.add(parameter(part));
        }
        return parameters;
    }

    /** One part of a query string, split at its first {@code =}. */
    static Parameter parameter(String part) {
        int equals = part.indexOf('=');
        String rawName = equals < 0 ? part : part.substring(0, equals);
        String rawValue = equals < 0 ? "" : part.substring(equals + 1);
        return new Parameter(rawName, rawValue, decoded(rawName), decoded(rawValue));
    }

    /** The text a URL-encoded one stands for, or null when it is not valid URL encoding of UTF-8. */
    static String decoded(String raw) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                if (i + 2 >= raw.length()) {
                    return null;
                }
                int high = Character.digit(raw.charAt(i + 1), 16);
                int low = Character.digit(raw.charAt(i + 2), 16);
                if (high < 0 || low < 0) {
                    return null;
                }
                bytes.write(high << 4 | low);
                i += 2;
            } else if (c == '+') {
                bytes.write(' ');
            } else if (c <= 0xff) {
                // the container hands over a query's raw bytes one character each
                bytes.write(c);
            } else {
                return null;
            }
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
