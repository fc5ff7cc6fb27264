package dev.vspec.query.lookup;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doReturn;

import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.query.encoding.StoredJson;
import dev.vspec.query.vehicle.Coverage;
import dev.vspec.query.vehicle.LastChange;
import dev.vspec.query.vehicle.ResolvedVehicle;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.Group;
import dev.vspec.readmodel.GroupDocument;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a web slice's mocked {@link VehicleResolver} answers in place of PostgreSQL: one held 2019 Honda Civic
 * configuration, every stored group recorded (with its empty value) at {@link #RECORDED} unless a test names it
 * missing, so every route about it answers 200 with a known {@code Last-Modified}. Resolution itself is the ITs'
 * subject.
 */
public final class HeldVehicle {

    /** When every fact of a held vehicle was recorded. */
    public static final OffsetDateTime RECORDED = OffsetDateTime.parse("2026-11-21T07:27:36.776Z");

    /** {@link #RECORDED} as Last-Modified says it: an HTTP date in whole seconds. */
    public static final String RECORDED_HTTP_DATE = "Sat, 21 Nov 2026 07:27:36 GMT";

    private static final String SOURCE = "{\"kind\":\"import\",\"name\":\"catalog.json\"}";

    private HeldVehicle() {}

    /** Every lookup, in every mode, resolves to the configuration {@code configKey}. */
    public static void resolveEveryLookupTo(VehicleResolver resolver, String configKey) {
        resolveEveryLookupTo(resolver, configKey, Set.of());
    }

    /**
     * Every lookup, in every mode, resolves to the configuration {@code configKey}, whose {@code missing} groups the
     * catalog does not hold: their coverage says missing and their bodies have no time.
     */
    public static void resolveEveryLookupTo(VehicleResolver resolver, String configKey, Set<Group> missing) {
        ResolvedVehicle held = held(configKey, missing);
        doReturn(held.vehicle()).when(resolver).resolve(any(VehicleIdentifier.class));
        doAnswer(call -> held.only(call.getArgument(1)))
                .when(resolver)
                .resolve(any(VehicleIdentifier.class), anyList());
        doAnswer(call -> held.only(Arrays.asList((GroupDocument<?>[]) call.getRawArguments()[1])))
                .when(resolver)
                .resolve(any(VehicleIdentifier.class), any(GroupDocument[].class));
        doReturn(List.of(held.vehicle().asMatch())).when(resolver).candidates(any(VehicleIdentifier.class));
    }

    private static ResolvedVehicle held(String configKey, Set<Group> missing) {
        Coverage.Builder coverage = new Coverage.Builder();
        Map<GroupDocument<?>, StoredJson> documents = new HashMap<>();
        Map<GroupDocument<?>, OffsetDateTime> bodies = new HashMap<>();
        for (Group group : Group.values()) {
            if (missing.contains(group)) {
                coverage.group(group.key(), null, null);
            } else if (group != Group.SERVICE_HISTORY) {
                coverage.group(group.key(), SOURCE, RECORDED);
            }
        }
        for (GroupDocument<?> document : GroupDocument.all()) {
            documents.put(document, null);
            if (!missing.contains(document.group())) {
                bodies.put(document, RECORDED);
            }
        }
        Vehicle vehicle = new Vehicle(
                        configKey, "2019 Honda Civic LX 2.0L K20C2", 2019, "Honda", "Civic", "LX", "K20C2", "FWD")
                .sourced(StoredJson.of(SOURCE), coverage.build());
        return new ResolvedVehicle(
                vehicle, documents, new ResolvedVehicle.ChangeTimes(LastChange.NOTHING, RECORDED, bodies));
    }
}
