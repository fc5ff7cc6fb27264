package dev.vspec.decoder;

import dev.vspec.decoder.VpicIndex.Schema;
import dev.vspec.decoder.VpicIndex.SchemaLink;
import dev.vspec.decoder.VpicIndex.Wmi;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A release's WMI rows (the WMIs, their makes, their schemas with model years), in any order. Not thread-safe. */
final class WmiRows {

    private final List<WmiRow> wmis = new ArrayList<>();
    private final Map<Integer, List<Integer>> makes = new HashMap<>();
    private final Map<Integer, List<int[]>> links = new HashMap<>();

    void wmi(WmiRow row) {
        wmis.add(row);
    }

    void make(int wmiId, int makeId) {
        makes.computeIfAbsent(wmiId, id -> new ArrayList<>()).add(makeId);
    }

    void schema(int wmiId, int schemaId, int yearFrom, Integer yearTo) {
        links.computeIfAbsent(wmiId, id -> new ArrayList<>())
                .add(new int[] {schemaId, yearFrom, yearTo == null ? Integer.MIN_VALUE : yearTo});
    }

    /**
     * The WMIs by code, with the names, schemas and lookups of {@code index}.
     *
     * @throws IllegalStateException when a WMI is linked to a schema the release does not hold
     */
    Map<String, Wmi> byCode(VpicIndex index) {
        Map<String, Wmi> byCode = new HashMap<>();
        for (WmiRow row : wmis) {
            int id = row.id();
            String code = row.code();
            Integer manufacturerId = row.manufacturerId();
            List<String> makeNames = new ArrayList<>();
            for (int makeId : makes.getOrDefault(id, List.of())) {
                String name = index.makeName(makeId);
                if (name != null) {
                    makeNames.add(name);
                }
            }
            List<SchemaLink> schemaLinks = new ArrayList<>();
            for (int[] link : links.getOrDefault(id, List.of())) {
                Schema schema = index.schema(link[0]);
                if (schema == null) {
                    throw new IllegalStateException("WMI " + code + " is linked to VIN schema " + link[0]
                            + ", which the release does not hold");
                }
                schemaLinks.add(new SchemaLink(schema, link[1], link[2] == Integer.MIN_VALUE ? null : link[2]));
            }
            Long publicFrom = row.publicFromMicros();
            Wmi wmi = new Wmi(
                    id,
                    code,
                    manufacturerId == null ? null : index.manufacturerName(manufacturerId),
                    manufacturerId,
                    List.copyOf(makeNames),
                    row.vehicleTypeId(),
                    index.lookup("VehicleType", row.vehicleTypeId()),
                    row.truckTypeId(),
                    index.lookup("Country", row.countryId()),
                    publicFrom == null ? Long.MIN_VALUE : publicFrom,
                    List.copyOf(schemaLinks));
            // vPIC holds one row per WMI; should a release hold two, the first stays, as a lookup by code finds one.
            byCode.putIfAbsent(code, wmi);
        }
        return Map.copyOf(byCode);
    }
}
