package dev.vspec.query.vehicle;

import dev.vspec.infra.readmodel.GroupDocument;
import java.util.Map;

/**
 * A resolved vehicle with the stored documents its request asked for, read in the same statement.
 *
 * @param documents per requested document its stored body; null where the configuration has none
 */
public record ResolvedVehicle(Vehicle vehicle, Map<GroupDocument<?>, StoredJson> documents) {

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
}
