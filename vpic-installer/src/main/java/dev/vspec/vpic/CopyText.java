package dev.vspec.vpic;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * Values written in PostgreSQL's {@code COPY ... FROM STDIN} text format: fields separated by tabs, rows by
 * newlines, {@code \N} for NULL, and a backslash, tab, newline or carriage return inside a value escaped
 * with a backslash (vPIC's attribute values hold line breaks). Also vPIC's times, which come in two shapes
 * ({@code 2016-03-02 16:47:05.727000} and {@code 2026-03-12T04:06:32.436Z}), written in one.
 */
final class CopyText {

    static final String NULL = "\\N";

    private CopyText() {}

    /** Appends a value, escaped, or {@code \N} for null. */
    static void appendValue(StringBuilder row, String value) {
        if (value == null) {
            row.append(NULL);
            return;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> row.append("\\\\");
                case '\t' -> row.append("\\t");
                case '\n' -> row.append("\\n");
                case '\r' -> row.append("\\r");
                case '\0' -> throw new IllegalArgumentException("a NUL character, which PostgreSQL text cannot hold");
                default -> row.append(c);
            }
        }
    }

    /** One row of values, escaped, tab-separated and ending in a newline. */
    static String row(String... values) {
        StringBuilder row = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                row.append('\t');
            }
            appendValue(row, values[i]);
        }
        return row.append('\n').toString();
    }

    /** {@code yyyy-MM-dd}, optionally followed by {@code ' '} or {@code T} and {@code HH:mm[:ss[.f{1,9}]]}; checked by hand, 800,000 times a release. */
    private static boolean isLocalTime(String value) {
        int length = value.length();
        if (length < 10
                || !digits(value, 0, 4)
                || value.charAt(4) != '-'
                || !digits(value, 5, 7)
                || value.charAt(7) != '-'
                || !digits(value, 8, 10)) {
            return false;
        }
        if (length == 10) {
            return true;
        }
        char separator = value.charAt(10);
        if ((separator != ' ' && separator != 'T')
                || length < 16
                || !digits(value, 11, 13)
                || value.charAt(13) != ':'
                || !digits(value, 14, 16)) {
            return false;
        }
        if (length == 16) {
            return true;
        }
        if (length < 19 || value.charAt(16) != ':' || !digits(value, 17, 19)) {
            return false;
        }
        return length == 19 || (value.charAt(19) == '.' && length > 20 && length <= 29 && digits(value, 20, length));
    }

    private static boolean digits(String value, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /**
     * A vPIC time as PostgreSQL's {@code timestamp} reads it: {@code yyyy-MM-dd HH:mm[:ss[.f]]}. A time
     * marked UTC ({@code Z}) or with an offset is written in UTC, as vPIC's unmarked times are read.
     *
     * @return null for null or blank
     * @throws IllegalArgumentException when the text is no time
     */
    static String timestamp(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String value = text.strip();
        if (value.endsWith("Z") || value.endsWith("z")) {
            value = value.substring(0, value.length() - 1);
        }
        if (isLocalTime(value)) {
            return value.length() == 10 ? value + " 00:00:00" : value.replace('T', ' ');
        }
        try {
            return OffsetDateTime.parse(value.replace(' ', 'T'))
                    .withOffsetSameInstant(ZoneOffset.UTC)
                    .toLocalDateTime()
                    .toString()
                    .replace('T', ' ');
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("'" + text + "' is not a time");
        }
    }
}
