package dev.vspec.query.vehicle;

import dev.vspec.readmodel.Provenance;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JacksonSerializable;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.jsontype.TypeSerializer;

/**
 * Which data groups the catalog holds for a vehicle: per group (in the order {@link dev.vspec.readmodel.Group} lists them)
 * {@code {"status":"recorded","source":{...},"recorded_at":"..."}} or {@code {"status":"missing"}}.
 * A missing group still answers its empty value; this says the emptiness is "not recorded", not "none".
 * Rendered once, from the sources read in the vehicle's own statement, and written out as it is. Every
 * answer shows it, so every answer changed at least when its latest recorded group did ({@link #lastChange}).
 */
public final class Coverage extends JacksonSerializable.Base {

    static final String MISSING = "{\"status\":\"missing\"}";

    private final Map<String, String> entries;
    private final LastChange lastChange;
    private final StoredJson json;

    private Coverage(Map<String, String> entries, LastChange lastChange) {
        this.entries = entries;
        this.lastChange = lastChange;
        StringBuilder json = new StringBuilder("{");
        entries.forEach((group, entry) -> json.append(json.length() > 1 ? "," : "")
                .append('"')
                .append(group)
                .append("\":")
                .append(entry));
        this.json = StoredJson.of(json.append('}').toString());
    }

    /** Collects the entries of a vehicle's groups in order. */
    static final class Builder {
        private final Map<String, String> entries = new LinkedHashMap<>();
        private LastChange lastChange = LastChange.NOTHING;

        /** A group with its stored source (JSON, as the projection rendered it) and time; both null when not recorded. */
        Builder group(String group, String source, OffsetDateTime recordedAt) {
            entries.put(group, entry(source, recordedAt));
            lastChange = lastChange.and(recorded(source, recordedAt));
            return this;
        }

        Coverage build() {
            return new Coverage(entries, lastChange);
        }
    }

    private Coverage withEntry(String group, String entry, OffsetDateTime recordedAt) {
        Map<String, String> more = new LinkedHashMap<>(entries);
        more.put(group, entry);
        return new Coverage(more, lastChange.and(recordedAt));
    }

    /** The same coverage with one more group that is missing, e.g. the service history of a VIN nothing linked. */
    public Coverage withMissing(String group) {
        return withEntry(group, MISSING, null);
    }

    /** The same coverage with one more group, recorded from this source at this time, or missing when they are null. */
    Coverage with(String group, String source, OffsetDateTime recordedAt) {
        return withEntry(group, entry(source, recordedAt), recorded(source, recordedAt));
    }

    /** When the latest of the groups it shows as recorded was recorded. */
    LastChange lastChange() {
        return lastChange;
    }

    private static String entry(String source, OffsetDateTime recordedAt) {
        return recorded(source, recordedAt) == null
                ? MISSING
                : "{\"status\":\"recorded\",\"source\":" + source + ",\"recorded_at\":\""
                        + Provenance.formatRecordedAt(recordedAt) + "\"}";
    }

    /** The time of a group shown as recorded; null for one shown missing. */
    private static OffsetDateTime recorded(String source, OffsetDateTime recordedAt) {
        return source == null ? null : recordedAt;
    }

    int weight() {
        return json.text().length();
    }

    @Override
    public void serialize(JsonGenerator generator, SerializationContext context) {
        json.serialize(generator, context);
    }

    @Override
    public void serializeWithType(
            JsonGenerator generator, SerializationContext context, TypeSerializer typeSerializer) {
        serialize(generator, context);
    }

    @Override
    public String toString() {
        return json.text();
    }
}
