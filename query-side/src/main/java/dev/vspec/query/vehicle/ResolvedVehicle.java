package dev.vspec.query.vehicle;

import dev.vspec.query.encoding.StoredJson;
import dev.vspec.readmodel.Group;
import dev.vspec.readmodel.GroupDocument;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A resolved vehicle with the stored documents its request asked for, read in the same statement, and when
 * the facts its answers show were recorded.
 *
 * @param documents per requested document its stored body; null where the configuration has none
 */
public record ResolvedVehicle(Vehicle vehicle, Map<GroupDocument<?>, StoredJson> documents, ChangeTimes times) {

    /**
     * The group's JSON as stored, to be written into the answer verbatim: the group's empty value when
     * the configuration has no document.
     *
     * @throws IllegalArgumentException when the document was not asked for
     */
    public StoredJson json(GroupDocument<?> document) {
        if (!documents.containsKey(document)) {
            throw new IllegalArgumentException(document + " was not read with " + vehicle.configKey());
        }
        StoredJson body = documents.get(document);
        return body == null ? StoredJson.of(document.empty()) : body;
    }

    /** The coverage an answer holding these groups shows beside them ({@link Coverage#of}). */
    public Coverage coverageOf(Group... groups) {
        return vehicle.coverage().of(List.of(groups));
    }

    /** The group's value read back into its records, for answers built from it. */
    public <T> T value(GroupDocument<T> document) {
        return document.parse(json(document).text());
    }

    /**
     * When an answer of the vehicle block and (parts of) the documents asked for last changed: what picked the
     * configuration, its record, every group its coverage shows and the bodies of those documents.
     */
    public LastChange lastChange() {
        LastChange latest =
                times.picked().and(times.configuration()).and(vehicle.coverage().lastChange());
        for (GroupDocument<?> document : documents.keySet()) {
            latest = latest.and(times.bodies().get(document));
        }
        return latest;
    }

    /** The same vehicle with the {@code wanted} documents alone, as a request that asked for them reads it. */
    public ResolvedVehicle only(List<GroupDocument<?>> wanted) {
        Map<GroupDocument<?>, StoredJson> asked = new HashMap<>();
        wanted.forEach(document -> asked.put(document, documents.get(document)));
        return new ResolvedVehicle(vehicle, asked, times);
    }

    /**
     * The same vehicle with another spec sheet, which holds facts from this source recorded at this time: its coverage
     * shows the specs as recorded from it where it showed them missing, and its answers changed at least then.
     */
    public ResolvedVehicle withSpecs(StoredJson specs, String source, OffsetDateTime recordedAt) {
        Map<GroupDocument<?>, StoredJson> withSpecs = new HashMap<>(documents);
        withSpecs.put(GroupDocument.SPECS, specs);
        Map<GroupDocument<?>, OffsetDateTime> bodies = new HashMap<>(times.bodies());
        bodies.merge(GroupDocument.SPECS, recordedAt, (held, epa) -> held.isAfter(epa) ? held : epa);
        Coverage coverage = vehicle.coverage();
        Vehicle shown = coverage.isRecorded(Group.SPECS)
                ? vehicle
                : vehicle.withCoverage(coverage.with(Group.SPECS.key(), source, recordedAt));
        return new ResolvedVehicle(shown, withSpecs, new ChangeTimes(times.picked(), times.configuration(), bodies));
    }

    /** The same vehicle read by a VIN, whose service history was recorded from this source at this time (null: not recorded). */
    public ResolvedVehicle withServiceHistory(String source, OffsetDateTime recordedAt) {
        return new ResolvedVehicle(
                vehicle.withCoverage(vehicle.coverage().with(Group.SERVICE_HISTORY.key(), source, recordedAt)),
                documents,
                times);
    }

    /** The same vehicle, picked also by a fact with these times (a VIN's link, a key's alias, a decode). */
    public ResolvedVehicle pickedBy(LastChange picked) {
        return new ResolvedVehicle(vehicle, documents, times.pickedBy(picked));
    }

    /**
     * When the facts behind a resolved vehicle's answers were recorded, beside the groups its coverage shows
     * ({@link Coverage#lastChange}).
     *
     * @param picked        what chose the configuration: a VIN's link or a key's alias; {@link LastChange#NOTHING}
     *                      when the identifier names it by its own row (a key, a year, make and model), unknown when
     *                      a VIN's decode matched it
     * @param configuration when the configuration's own record was
     * @param bodies        per stored document, when its body last changed, which for parts is when a price of a part
     *                      it lists was recorded if that came after its list; no entry where the configuration has none
     */
    public record ChangeTimes(
            LastChange picked, OffsetDateTime configuration, Map<GroupDocument<?>, OffsetDateTime> bodies) {

        /** The times of a configuration that is never answered (a candidate of a 409). */
        public static final ChangeTimes UNKNOWN = new ChangeTimes(LastChange.UNKNOWN, null, Map.of());

        /** The same times, the configuration picked also by a fact with these times. */
        public ChangeTimes pickedBy(LastChange more) {
            return new ChangeTimes(picked.and(more), configuration, bodies);
        }
    }
}
