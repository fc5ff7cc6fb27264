package dev.vspec.query.vehicle;

import dev.vspec.query.encoding.StoredJson;
import dev.vspec.readmodel.Group;
import dev.vspec.readmodel.Provenance;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JacksonSerializable;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.jsontype.TypeSerializer;

/**
 * Which data groups the catalog holds for a vehicle: per group (in the order {@link Group} lists them)
 * {@code {"status":"recorded","source":{...},"recorded_at":"..."}} or {@code {"status":"missing"}}.
 * A missing group still answers its empty value; this says the emptiness is "not recorded", not "none".
 * Rendered once, from the sources read in the vehicle's own statement, and written out as it is. Every
 * answer shows it, so every answer changed at least when its latest recorded group did ({@link #lastChange}).
 * An answer holding groups' values shows their entries beside them too ({@link #of}).
 */
public final class Coverage extends JacksonSerializable.Base {

    private static final Entry MISSING = new Entry("{\"status\":\"missing\"}", null);

    private final Map<String, Entry> entries;
    private final LastChange lastChange;
    private final StoredJson json;

    private Coverage(Map<String, Entry> entries) {
        this.entries = entries;
        LastChange latest = LastChange.NOTHING;
        StringBuilder json = new StringBuilder("{");
        for (Map.Entry<String, Entry> group : entries.entrySet()) {
            json.append(json.length() > 1 ? "," : "")
                    .append('"')
                    .append(group.getKey())
                    .append("\":")
                    .append(group.getValue().json());
            latest = latest.and(group.getValue().recordedAt());
        }
        this.lastChange = latest;
        this.json = StoredJson.of(json.append('}').toString());
    }

    /** Collects the entries of a vehicle's groups in order. */
    public static final class Builder {
        private final Map<String, Entry> entries = new LinkedHashMap<>();

        /** A group with its stored source (JSON, as the projection rendered it) and time; both null when not recorded. */
        public Builder group(String group, String source, OffsetDateTime recordedAt) {
            entries.put(group, Entry.of(source, recordedAt));
            return this;
        }

        public Coverage build() {
            return new Coverage(entries);
        }
    }

    private Coverage withEntry(String group, Entry entry) {
        Map<String, Entry> more = new LinkedHashMap<>(entries);
        more.put(group, entry);
        return new Coverage(more);
    }

    /** The same coverage with one more group that is missing, e.g. the service history of a VIN nothing linked. */
    public Coverage withMissing(String group) {
        return withEntry(group, MISSING);
    }

    /** A coverage of one group, recorded from this source (JSON) at this time, or missing when they are null. */
    public static Coverage ofGroup(String group, @Nullable String source, @Nullable OffsetDateTime recordedAt) {
        return new Coverage(Map.of(group, Entry.of(source, recordedAt)));
    }

    /** The same coverage with one more group, recorded from this source at this time, or missing when they are null. */
    public Coverage with(String group, String source, OffsetDateTime recordedAt) {
        return withEntry(group, Entry.of(source, recordedAt));
    }

    /**
     * The entries of these groups alone, in this coverage's order: what an answer holding their values shows beside
     * them. A group this coverage has no entry for (the service history of a lookup by key) shows as missing.
     */
    public Coverage of(Collection<Group> groups) {
        Map<String, Entry> shown = new LinkedHashMap<>();
        for (Group group : Group.values()) {
            if (groups.contains(group)) {
                shown.put(group.key(), entries.getOrDefault(group.key(), MISSING));
            }
        }
        return new Coverage(shown);
    }

    /** Whether it shows the group as recorded. */
    public boolean isRecorded(Group group) {
        Entry entry = entries.get(group.key());
        return entry != null && entry != MISSING;
    }

    /** Whether a group it shows is missing: an answer holding it holds something the catalog does not know. */
    public boolean anyMissing() {
        return entries.containsValue(MISSING);
    }

    /** When the latest of the groups it shows as recorded was recorded. */
    public LastChange lastChange() {
        return lastChange;
    }

    /** The size of its JSON in characters, for a cache that weighs what it holds. */
    public int weight() {
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

    /** One group's entry as rendered, and when the group was recorded: null when it is missing. */
    private record Entry(String json, @Nullable OffsetDateTime recordedAt) {

        static Entry of(String source, OffsetDateTime recordedAt) {
            return source == null
                    ? MISSING
                    : new Entry(
                            "{\"status\":\"recorded\",\"source\":" + source + ",\"recorded_at\":\""
                                    + Provenance.formatRecordedAt(recordedAt) + "\"}",
                            recordedAt);
        }
    }
}
