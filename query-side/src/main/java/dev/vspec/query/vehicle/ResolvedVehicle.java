package dev.vspec.query.vehicle;

import dev.vspec.readmodel.GroupDocument;
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

    /** The group's value read back into its records, for answers built from it. */
    public <T> T value(GroupDocument<T> document) {
        return document.parse(json(document).text());
    }

    /**
     * When an answer of the vehicle block and (parts of) the documents asked for last changed: what picked the
     * configuration, its record, every group its coverage shows and the bodies of those documents.
     */
    public LastChange lastChange() {
        LastChange latest = times.picked().and(times.configuration()).and(vehicle.coverage().lastChange());
        for (GroupDocument<?> document : documents.keySet()) {
            latest = latest.and(times.bodies().get(document));
        }
        return latest;
    }

    /** The same vehicle, picked also by a fact with these times (a VIN's link, a key's alias, a decode). */
    ResolvedVehicle pickedBy(LastChange picked) {
        return new ResolvedVehicle(vehicle, documents, times.pickedBy(picked));
    }
}
