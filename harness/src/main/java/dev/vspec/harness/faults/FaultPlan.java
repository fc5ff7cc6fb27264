package dev.vspec.harness.faults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import javax.sql.DataSource;

/**
 * The faults of a drill, in turn: every instance of each deployable killed with SIGKILL and started
 * again (the command side that relays first; or all of them at once), then PostgreSQL crashed and the broker killed, each
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
        List<PartProcess> parts = new ArrayList<>();
        for (String kind : settings.killed()) {
            parts.addAll(victims(kind, topology, db));
        }
        if (settings.killedAtOnce() && !parts.isEmpty()) {
            faults.add(kill(parts, settings, topology, db));
        } else {
            parts.forEach(part -> faults.add(kill(List.of(part), settings, topology, db)));
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

    /** SIGKILL of the parts, together; after the downtime each starts again, and the fault ends when all serve. */
    private static Fault kill(List<PartProcess> parts, DrillSettings settings, Topology topology, DataSource db) {
        String names = parts.stream()
                .map(part -> part.name() + (isRelay(part, topology, db) ? " (relay)" : ""))
                .collect(Collectors.joining(", "));
        return new Fault("SIGKILL " + names, () -> {
            parts.forEach(PartProcess::kill);
            Pause.of(settings.down());
            parts.forEach(PartProcess::start);
            parts.forEach(part -> part.awaitReady(RESTART_ALLOWANCE));
        });
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
