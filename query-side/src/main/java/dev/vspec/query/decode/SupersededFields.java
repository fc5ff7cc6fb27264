package dev.vspec.query.decode;

import jakarta.servlet.http.HttpServletResponse;
import java.time.Instant;

/**
 * The decode routes' fields that newer ones supersede (a VIN decode's {@code displacement_l} and
 * {@code displacement_cc}, texts, by {@code engine_displacement_l} and {@code engine_displacement_cc}, numbers;
 * a partial decode's {@code determined}, {@code candidates} and {@code truncated}, keyed by vPIC's codes, by
 * {@code determined_fields}, {@code candidate_fields} and {@code truncated_fields}). They are still answered, and
 * every answer that carries them says so as docs/versioning.md promises: {@code Deprecation} (RFC 9745),
 * {@code Sunset} (RFC 8594) and a {@code Link} to where the replacements are described.
 */
final class SupersededFields {

    /** The release that deprecates them (CHANGELOG.md, "Deprecated"). */
    static final Instant DEPRECATED = Instant.parse("2026-12-07T00:00:00Z");

    /** Not before six months after {@link #DEPRECATED}, the least a /v1 deprecation lasts. */
    static final Instant SUNSET = Instant.parse("2027-07-01T00:00:00Z");

    static final String LINK =
            "</docs/reference#tag/Identity/operation/decode>; rel=\"deprecation\"; type=\"text/html\"";

    private SupersededFields() {}

    static void announce(HttpServletResponse response) {
        response.setHeader("Deprecation", "@" + DEPRECATED.getEpochSecond());
        response.setDateHeader("Sunset", SUNSET.toEpochMilli());
        response.addHeader("Link", LINK);
    }
}
