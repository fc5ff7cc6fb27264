package dev.vspec.cli.faults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import javax.sql.DataSource;

/**
 * The faults of a drill, in turn: every instance of each deployable killed with SIGKILL and started
 * again (the command side that relays first), then PostgreSQL crashed and the broker killed, each
 * started again after the same downtime. Each fault returns once what it struck serves again.
 */
final class FaultPlan {

    /** A JVM's start on a busy machine, at most. */
    static final Duration RESTART_ALLOWANCE = Duration.ofMinutes(3);

    /** One fault: what it is called in the report, and what it does. */
    record Fault(String name, Runnable strike) {}

    private FaultPlan() {}

    static List<Fault> of(DrillSettings settings, Topology topology, ThrowawayPostgres postgres, DataSource db) {
        List<Fault> faults = new ArrayList<>();
        for (String kind : settings.killed()) {
            for (PartProcess part : victims(kind, topology, db)) {
                faults.add(new Fault("SIGKILL " + part.name() + (isRelay(part, topology, db) ? " (relay)" : ""), () -> {
                    part.kill();
                    Pause.of(settings.down());
                    part.start();
                    part.awaitReady(RESTART_ALLOWANCE);
                }));
            }
        }
        if (settings.restartPostgres()) {
            faults.add(new Fault("PostgreSQL crash and restart", () -> {
                postgres.crash();
                Pause.of(settings.down());
                postgres.start();
                topology.awaitAllReady();
            }));
        }
        if (settings.restartBroker()) {
            faults.add(new Fault("SIGKILL kafka and restart", () -> {
                topology.broker().kill();
                Pause.of(settings.down());
                topology.broker().start();
                topology.awaitAllReady();
            }));
        }
        return faults;
    }

    /** Every instance of the kind, the command side that relays first. */
    private static List<PartProcess> victims(String kind, Topology topology, DataSource db) {
        List<PartProcess> instances = switch (kind) {
            case "query-side" -> topology.querySides();
            case "projections" -> topology.projections();
            case "command-side" -> topology.commandSides();
            case "gateway" -> List.of(topology.gateway());
            default ->
                throw new IllegalArgumentException(
                        "Nothing called " + kind + " to kill (" + DrillSettings.KILLABLE + ")");
        };
        List<PartProcess> ordered = new ArrayList<>(instances);
        ordered.sort(Comparator.comparing((PartProcess part) -> !isRelay(part, topology, db)));
        return ordered;
    }

    private static boolean isRelay(PartProcess part, Topology topology, DataSource db) {
        return topology.relayOwner(db).filter(owner -> owner == part).isPresent();
    }
}
