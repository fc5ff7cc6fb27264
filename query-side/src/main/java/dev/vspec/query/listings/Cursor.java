package dev.vspec.query.listings;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.ConfigKey;
import java.util.Base64;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * A listing's opaque {@code cursor}: the sort key of the last entry of a page, as a JSON array of
 * strings in base64url without padding. The next page holds the entries whose key sorts after it.
 */
final class Cursor {

    /** Longer than any key a listing writes (four columns of at most {@link ConfigKey#MAX_LENGTH} characters). */
    static final int MAX_LENGTH = 1_024;

    static final String MALFORMED = "cursor is not one a listing gave: pass the cursor of a next link unchanged,"
            + " or none for the first page";

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private Cursor() {}

    static String encode(List<String> key) {
        return ENCODER.encodeToString(JSON.writeValueAsBytes(key));
    }

    /**
     * The key a cursor carries.
     *
     * @param parts how many values the listing's sort key has
     * @throws ApiException {@code invalid_param} for anything but a cursor of a key with that many values
     */
    static List<String> decode(String cursor, int parts) {
        if (cursor.length() > MAX_LENGTH) {
            throw malformed();
        }
        String[] key;
        try {
            key = JSON.readValue(DECODER.decode(cursor), String[].class);
        } catch (IllegalArgumentException | JacksonException e) {
            throw malformed();
        }
        if (key == null || key.length != parts) {
            throw malformed();
        }
        for (String value : key) {
            if (value == null || value.length() > ConfigKey.MAX_LENGTH) {
                throw malformed();
            }
        }
        return List.of(key);
    }

    /** A value of a key that the listing wrote from a number (a model year). */
    static int number(String value) {
        if (!value.matches("\\d{1,9}")) {
            throw malformed();
        }
        return Integer.parseInt(value);
    }

    private static ApiException malformed() {
        return ApiException.about("cursor", ErrorCode.INVALID_PARAM, MALFORMED);
    }
}
