package dev.vspec.cli.stack;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Waits, from outside the stack, until what the event store holds is in the read tables: first the
 * relay's token reaches the newest stored event, then every projection's stored offsets
 * ({@code read.projection_offset}) reach the topic's end offsets. The projections are those with
 * stored offsets plus those whose consumer group ({@code vspec.projection.<name>}) is live.
 */
public final class CatchUp {

    private static final String PROJECTION_GROUP_PREFIX = "vspec.projection.";
    private static final Duration POLL = Duration.ofMillis(500);
    private static final Duration REPORT_EVERY = Duration.ofSeconds(5);
    private static final long BROKER_TIMEOUT_SECONDS = 10;
    /** No progress for this long means nothing is consuming (the stack is not running on this database). */
    private static final Duration STALL = Duration.ofMinutes(2);

    private final DataSource dataSource;
    private final JdbcTemplate jdbc;
    private final String bootstrapServers;
    private final String topic;
    private final PrintWriter out;

    public CatchUp(DataSource dataSource, String bootstrapServers, String topic, PrintWriter out) {
        this.dataSource = dataSource;
        this.jdbc = new JdbcTemplate(dataSource);
        this.bootstrapServers = bootstrapServers;
        this.topic = topic;
        this.out = out;
    }

    /** Returns once caught up; a {@link StackException} says how far it got when it did not within {@code timeout}. */
    public void await(Duration timeout) {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        awaitRelay(deadline);
        awaitProjections(deadline);
        out.printf(Locale.ROOT, "Caught up after %.1f s.%n", (System.nanoTime() - start) / 1e9);
        out.flush();
    }

    private void awaitRelay(long deadline) {
        RelayPosition relay = new RelayPosition(dataSource);
        long newest = relay.newestEvent();
        out.printf(
                Locale.ROOT,
                "Waiting for the relay to publish up to event #%,d and the projections to apply it ...%n",
                newest);
        out.flush();
        long nextReport = System.nanoTime() + REPORT_EVERY.toNanos();
        Progress relayProgress = new Progress();
        long relayed;
        while ((relayed = relay.relayed()) < newest) {
            if (System.nanoTime() > deadline || relayProgress.stalled(relayed)) {
                throw new StackException("The relay has not published the event store (it is at event #" + relayed
                        + " of #" + newest + "). Is the stack (vspec up) running on this database? See its log.");
            }
            if (System.nanoTime() > nextReport) {
                out.printf(Locale.ROOT, "  relay at event #%,d of #%,d%n", relayed, newest);
                out.flush();
                nextReport = System.nanoTime() + REPORT_EVERY.toNanos();
            }
            LockSupport.parkNanos(POLL.toNanos());
        }
    }

    private void awaitProjections(long deadline) {
        long nextReport = System.nanoTime() + REPORT_EVERY.toNanos();
        try (Admin admin = Admin.create(adminProperties())) {
            Progress projectionProgress = new Progress();
            while (true) {
                Map<String, Long> lags = projectionLags(admin);
                if (lags != null && !lags.isEmpty() && lags.values().stream().allMatch(lag -> lag == 0)) {
                    out.println("  projections " + lags.keySet() + " have applied everything");
                    return;
                }
                String state = lags == null
                        ? "Kafka at " + bootstrapServers + " does not answer"
                        : lags.isEmpty() ? "no projection found" : "records behind: " + describe(lags);
                long ahead = lags == null
                        ? Long.MIN_VALUE
                        : -lags.values().stream().mapToLong(Long::longValue).sum();
                if (System.nanoTime() > deadline || projectionProgress.stalled(ahead)) {
                    throw new StackException("The projections have not caught up (" + state
                            + "). Is the stack (vspec up) running? See its log.");
                }
                if (System.nanoTime() > nextReport) {
                    out.println("  projections " + state);
                    out.flush();
                    nextReport = System.nanoTime() + REPORT_EVERY.toNanos();
                }
                LockSupport.parkNanos(POLL.toNanos());
            }
        }
    }

    /** Records each projection still has to apply; null when the broker does not answer. */
    private Map<String, Long> projectionLags(Admin admin) {
        Map<TopicPartition, Long> ends;
        Map<String, Long> lags = new TreeMap<>();
        try {
            TopicDescription description = admin.describeTopics(List.of(topic))
                    .allTopicNames()
                    .get(BROKER_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                    .get(topic);
            Map<TopicPartition, OffsetSpec> request = description.partitions().stream()
                    .collect(Collectors.toMap(p -> new TopicPartition(topic, p.partition()), p -> OffsetSpec.latest()));
            ends = new HashMap<>();
            admin.listOffsets(request)
                    .all()
                    .get(BROKER_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                    .forEach((partition, info) -> ends.put(partition, info.offset()));
            for (GroupListing group : admin.listGroups().all().get(BROKER_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                if (group.groupId().startsWith(PROJECTION_GROUP_PREFIX)) {
                    lags.put(group.groupId().substring(PROJECTION_GROUP_PREFIX.length()), 0L);
                }
            }
        } catch (ExecutionException | TimeoutException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackException("Interrupted while waiting for the projections");
        }
        Map<String, Map<Integer, Long>> stored = new HashMap<>();
        jdbc.query(
                "select projection, partition, next_offset from read.projection_offset where topic = ?",
                row -> {
                    stored.computeIfAbsent(row.getString(1), name -> new HashMap<>())
                            .put(row.getInt(2), row.getLong(3));
                },
                topic);
        stored.keySet().forEach(name -> lags.putIfAbsent(name, 0L));
        for (String projection : lags.keySet()) {
            Map<Integer, Long> offsets = stored.getOrDefault(projection, Map.of());
            long lag = 0;
            for (var end : ends.entrySet()) {
                lag += Math.max(
                        0, end.getValue() - offsets.getOrDefault(end.getKey().partition(), 0L));
            }
            lags.put(projection, lag);
        }
        return lags;
    }

    private static String describe(Map<String, Long> lags) {
        return lags.entrySet().stream()
                .filter(e -> e.getValue() > 0)
                .map(e -> String.format(Locale.ROOT, "%s %,d", e.getKey(), e.getValue()))
                .collect(Collectors.joining(", "));
    }

    private Properties adminProperties() {
        Properties properties = new Properties();
        properties.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        properties.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5000);
        properties.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 10000);
        properties.put(AdminClientConfig.CLIENT_ID_CONFIG, "vspec-catch-up");
        return properties;
    }

    /** Tells when a figure that should grow has not grown for {@link #STALL}. */
    private static final class Progress {
        private long best = Long.MIN_VALUE;
        private long since = System.nanoTime();

        boolean stalled(long figure) {
            if (figure > best) {
                best = figure;
                since = System.nanoTime();
                return false;
            }
            return System.nanoTime() - since > STALL.toNanos();
        }
    }
}
