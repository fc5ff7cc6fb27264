package dev.vspec.decoder;

import dev.vspec.decoder.VpicIndex.Schema;
import dev.vspec.decoder.VpicIndex.SchemaLink;
import dev.vspec.decoder.VpicIndex.Wmi;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A release's WMI rows (the WMIs, their makes, their schemas with model years), in any order. Not thread-safe. */
final class WmiRows {

    private final List<Object[]> wmis = new ArrayList<>();
    private final Map<Integer, List<Integer>> makes = new HashMap<>();
    private final Map<Integer, List<int[]>> links = new HashMap<>();

    void wmi(
            int id,
            String code,
            Integer manufacturerId,
            Integer makeId,
            Integer vehicleTypeId,
            Integer truckTypeId,
            Integer countryId,
            Long publicFromMicros) {
        wmis.add(new Object[] {
            id,
            code.strip().toUpperCase(Locale.ROOT),
            manufacturerId,
            makeId,
            vehicleTypeId,
            truckTypeId,
            countryId,
            publicFromMicros
        });
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
        for (Object[] row : wmis) {
            int id = (Integer) row[0];
            String code = (String) row[1];
            Integer manufacturerId = (Integer) row[2];
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
            Long publicFrom = (Long) row[7];
            Wmi wmi = new Wmi(
                    id,
                    code,
                    manufacturerId == null ? null : index.manufacturerName(manufacturerId),
                    manufacturerId,
                    List.copyOf(makeNames),
                    (Integer) row[4],
                    index.lookup("VehicleType", (Integer) row[4]),
                    (Integer) row[5],
                    index.lookup("Country", (Integer) row[6]),
                    publicFrom == null ? Long.MIN_VALUE : publicFrom,
                    List.copyOf(schemaLinks));
            // vPIC holds one row per WMI; should a release hold two, the first stays, as a lookup by code finds one.
            byCode.putIfAbsent(code, wmi);
        }
        return Map.copyOf(byCode);
    }
}
