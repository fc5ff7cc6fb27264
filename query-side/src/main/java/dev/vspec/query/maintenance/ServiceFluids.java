package dev.vspec.query.maintenance;

import java.util.List;
import java.util.Map;

/**
 * Which fluid types a service drains or tops up: the catalog records fluids by type and services by
 * code without linking them, so the link is this table. A service missing here uses no fluid.
 */
final class ServiceFluids {

    private static final Map<String, List<String>> FLUID_TYPES = Map.of(
            "engine_oil_change", List.of("engine_oil"),
            "coolant_replacement", List.of("coolant"),
            "brake_fluid_replacement", List.of("brake_fluid"),
            "transmission_fluid_change", List.of("transmission"),
            "differential_fluid_change", List.of("front_differential", "rear_differential"),
            "transfer_case_fluid_change", List.of("transfer_case"),
            "reduction_gear_fluid_change", List.of("reduction_gear_fluid", "front_reduction_gear_fluid"));

    private ServiceFluids() {}

    static List<String> typesFor(String service) {
        return FLUID_TYPES.getOrDefault(service, List.of());
    }
}
