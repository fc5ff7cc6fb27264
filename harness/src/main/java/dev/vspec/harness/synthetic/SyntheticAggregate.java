package dev.vspec.harness.synthetic;

import java.util.List;

/**
 * One aggregate of the synthetic catalog and the events that make it, from sequence number 0.
 *
 * @param type the aggregate type the command side stores it under: {@value #CONFIGURATION} or {@value #VEHICLE}
 * @param id   the aggregate identifier: the config_key or the VIN
 */
record SyntheticAggregate(String type, String id, List<Record> events) {

    /** The command side's aggregate types: the simple names of its aggregate classes, as Axon stores them. */
    static final String CONFIGURATION = "VehicleConfiguration";

    static final String VEHICLE = "Vehicle";

    SyntheticAggregate {
        events = List.copyOf(events);
    }
}
