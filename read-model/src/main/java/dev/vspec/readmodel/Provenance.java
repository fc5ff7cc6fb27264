package dev.vspec.readmodel;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.contracts.catalog.FactSource;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where a read row's fact came from, as the read tables keep it next to the row: the source as the
 * API renders it ({@code {"kind":"import","name":"catalog.json","sha256":"…"}}; {@link #UNKNOWN_SOURCE}
 * for an event stored before events carried a source), its precedence, and when the event was stored.
 *
 * @param source     the source's JSON, as the API answers it
 * @param rank       {@link FactSource#precedenceOf}: a row is replaced only by an event of at least its rank
 * @param recordedAt when the event was stored (the envelope's {@code occurredAt})
 */
public record Provenance(String source, short rank, OffsetDateTime recordedAt) {

    /** The source of a fact recorded before events carried one. */
    public static final String UNKNOWN_SOURCE = "{\"kind\":\"unknown\"}";

    private static final String UNKNOWN_KIND = "unknown";

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** {@code recorded_at} in answers: UTC, always to the millisecond, e.g. {@code 2026-11-21T07:27:36.776Z}. */
    private static final DateTimeFormatter RECORDED_AT = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'");

    public static Provenance of(FactSource source, Instant recordedAt) {
        return new Provenance(
                render(source), (short) FactSource.precedenceOf(source), recordedAt.atOffset(ZoneOffset.UTC));
    }

    /** The source as the API shows it, in snake_case, details that do not apply left out. */
    public static String render(FactSource source) {
        return source == null ? UNKNOWN_SOURCE : JSON.writeValueAsString(view(source));
    }

    /** The source as answers show it; {@code {"kind":"unknown"}} for none. */
    public static SourceView view(FactSource source) {
        return source == null
                ? new SourceView(UNKNOWN_KIND, null, null, null, null)
                : new SourceView(
                        source.kind(), source.name(), source.version(), source.sha256(), source.responseMillis());
    }

    /** A stored time as answers write it. */
    public static String formatRecordedAt(OffsetDateTime recordedAt) {
        return RECORDED_AT.format(recordedAt.withOffsetSameInstant(ZoneOffset.UTC));
    }

    /** A stored source read back ({@link #UNKNOWN_SOURCE} too). */
    public static SourceView parse(String source) {
        return JSON.readValue(source, SourceView.class);
    }

    /** The API's rendering of a {@link FactSource}; {@code name} is null for {@link #UNKNOWN_SOURCE}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SourceView(
            String kind,
            @Nullable String name,
            @Nullable String version,
            @Nullable String sha256,
            @JsonProperty("response_millis") @Nullable Long responseMillis) {

        /** {@link FactSource#precedenceOfKind} of its kind. */
        public int rank() {
            return FactSource.precedenceOfKind(kind);
        }
    }
}
