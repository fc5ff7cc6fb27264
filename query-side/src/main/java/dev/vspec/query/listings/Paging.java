package dev.vspec.query.listings;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import java.util.List;

/**
 * Which page of a listing a request asks for: {@code limit} entries after the key its {@code cursor}
 * carries (none: from the start).
 *
 * @param after the sort key of the last entry of the page before, or null for the first page
 */
public record Paging(int limit, List<String> after) {

    public static final int DEFAULT_LIMIT = 100;
    public static final int MAX_LIMIT = 1_000;

    /**
     * Reads {@code limit} and {@code cursor} as the request gave them (blank counts as absent).
     *
     * @param keyParts how many values the listing's sort key has
     * @throws ApiException {@code invalid_param} for a limit that is not a whole number from 1 to {@link #MAX_LIMIT},
     *                      or a cursor no listing of this kind gave
     */
    static Paging of(String limit, String cursor, int keyParts) {
        return new Paging(limit(limit), isBlank(cursor) ? null : Cursor.decode(cursor.strip(), keyParts));
    }

    /** How many rows to read: one beyond the page tells whether another page follows. */
    int rows() {
        return limit + 1;
    }

    /** The page of entries read with {@link #rows()}, and the cursor of the page after it (null when none follows). */
    <T> Page<T> page(List<Keyed<T>> read) {
        if (read.size() <= limit) {
            return new Page<>(read.stream().map(Keyed::entry).toList(), null);
        }
        List<Keyed<T>> shown = read.subList(0, limit);
        return new Page<>(
                shown.stream().map(Keyed::entry).toList(),
                Cursor.encode(shown.get(limit - 1).key()));
    }

    private static int limit(String text) {
        if (isBlank(text)) {
            return DEFAULT_LIMIT;
        }
        String limit = text.strip();
        if (limit.matches("\\d{1,4}")) {
            int value = Integer.parseInt(limit);
            if (value >= 1 && value <= MAX_LIMIT) {
                return value;
            }
        }
        // only a number is repeated: anything else could be text the caller did not mean to send back and forth
        throw ApiException.about(
                "limit",
                ErrorCode.INVALID_PARAM,
                "limit is a whole number from 1 to " + MAX_LIMIT
                        + (limit.matches("-?\\d{1,12}") ? "; got " + limit : ""));
    }

    private static boolean isBlank(String text) {
        return text == null || text.isBlank();
    }

    /** An entry as a listing reads it, with its sort key. */
    record Keyed<T>(T entry, List<String> key) {}

    /** @param cursor the cursor of the next page, or null on the last one */
    record Page<T>(List<T> entries, String cursor) {}
}
