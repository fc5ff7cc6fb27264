package dev.vspec.harness.faults;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What a fault drill runs: how many instances of each deployable, the load, and the faults in turn.
 *
 * @param killed       the deployables killed, every instance of each (command-side, projections,
 *                     query-side, gateway)
 * @param killedAtOnce whether they are killed together, in one fault, rather than in turn
 * @param steady       load without faults before the first fault, between faults and after the last
 * @param down         how long a killed part, the database or the broker stays down
 * @param grace        how long a fault's window stays open after its part is back (pools reconnect)
 * @param work         the directory the drill's own directory is made in
 */
record DrillSettings(
        int commandSides,
        int projections,
        int querySides,
        int partitions,
        List<String> killed,
        boolean killedAtOnce,
        boolean restartPostgres,
        boolean restartBroker,
        Duration steady,
        Duration down,
        Duration grace,
        double readsPerSecond,
        double enrichmentsPerSecond,
        String heap,
        Path work) {

    static final List<String> KILLABLE = List.of("query-side", "projections", "command-side", "gateway");

    /** The production topology: every instance of every deployable killed in turn, then the database and the broker restarted. */
    static DrillSettings full(Path work) {
        return new DrillSettings(
                2,
                2,
                2,
                6,
                KILLABLE,
                false,
                true,
                true,
                Duration.ofSeconds(15),
                Duration.ofSeconds(5),
                Duration.ofSeconds(5),
                20,
                0.5,
                "512m",
                work);
    }

    /** The short form the test suite runs: one of each, each killed once, one restart of the database and the broker. */
    static DrillSettings brief(Path work) {
        return new DrillSettings(
                1,
                1,
                1,
                6,
                List.of("query-side", "projections", "command-side"),
                // together: one restart's wait instead of three, and the relay and the consumer down at once
                true,
                true,
                true,
                // 30 reads and 6 of the free key's each time: enough to show the stack answers cleanly again
                Duration.ofSeconds(3),
                Duration.ofSeconds(2),
                Duration.ofSeconds(3),
                10,
                0.5,
                "384m",
                work);
    }

    /** How many faults the drill brings: a kill per instance of each kind killed (one if at once), and the restarts. */
    int faults() {
        if (killedAtOnce && !killed.isEmpty()) {
            return 1 + (restartPostgres ? 1 : 0) + (restartBroker ? 1 : 0);
        }
        int kills = 0;
        for (String kind : killed) {
            kills += switch (kind) {
                case "command-side" -> commandSides;
                case "projections" -> projections;
                case "query-side" -> querySides;
                default -> 1;
            };
        }
        return kills + (restartPostgres ? 1 : 0) + (restartBroker ? 1 : 0);
    }

    DrillSettings withKilled(List<String> kinds) {
        return new DrillSettings(
                commandSides,
                projections,
                querySides,
                partitions,
                List.copyOf(kinds),
                killedAtOnce,
                restartPostgres,
                restartBroker,
                steady,
                down,
                grace,
                readsPerSecond,
                enrichmentsPerSecond,
                heap,
                work);
    }

    DrillSettings withSteady(Duration duration) {
        return new DrillSettings(
                commandSides,
                projections,
                querySides,
                partitions,
                killed,
                killedAtOnce,
                restartPostgres,
                restartBroker,
                duration,
                down,
                grace,
                readsPerSecond,
                enrichmentsPerSecond,
                heap,
                work);
    }
}
