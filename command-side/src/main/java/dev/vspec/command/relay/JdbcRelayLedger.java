package dev.vspec.command.relay;

import dev.vspec.events.axon.AxonJdbcAutoConfiguration;
import dev.vspec.events.axon.EventStorage;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The relay's ledger in PostgreSQL: {@code events.relay_topic_ends} holds the frontier and
 * {@code events.job_published_offsets} the jobs' ends, both written in the transaction of the relay's unit of
 * work, which stores its token.
 */
final class JdbcRelayLedger implements RelayLedger {

    private final JdbcTemplate jdbc;
    private final String topic;
    /** The name this node's token store claims tokens under. */
    private final String node;

    JdbcRelayLedger(JdbcTemplate jdbc, String topic, String node) {
        this.jdbc = jdbc;
        this.topic = topic;
        this.node = node;
    }

    /** Axon's own claim of a token selects its row for update too, so a takeover waits for the batch to end. */
    @Override
    public void holdClaim() {
        List<String> owners = jdbc.queryForList(
                "select owner from " + AxonJdbcAutoConfiguration.SCHEMA
                        + ".tokenentry where processorname = ? order by segment for update",
                String.class,
                KafkaRelay.PROCESSING_GROUP);
        if (owners.size() != 1) {
            throw new ClaimTakenException("the relay has " + owners.size()
                    + " segments, and publishes each event once only in one (initial-segment-count: 1)");
        }
        if (!node.equals(owners.get(0))) {
            throw new ClaimTakenException(
                    "its token is claimed by " + owners.get(0) + ", not by this node (" + node + ")");
        }
    }

    @Override
    public Map<Integer, Long> frontier() {
        Map<Integer, Long> frontier = new HashMap<>();
        jdbc.query(
                "select partition, next_offset from events.relay_topic_ends where topic = ?",
                row -> {
                    frontier.put(row.getInt(1), row.getLong(2));
                },
                topic);
        return frontier;
    }

    @Override
    public void storeFrontier(Map<Integer, Long> frontier) {
        jdbc.batchUpdate(
                "insert into events.relay_topic_ends (topic, partition, next_offset) values (?, ?, ?) "
                        + "on conflict (topic, partition) do update set next_offset = excluded.next_offset",
                frontier.entrySet().stream()
                        .map(end -> new Object[] {topic, end.getKey(), end.getValue()})
                        .toList());
    }

    @Override
    public void storeJobEnds(List<String> jobIds, Map<Integer, Long> ends) {
        jdbc.batchUpdate(
                "insert into events.job_published_offsets (job_id, topic, partition, next_offset) values (?, ?, ?, ?) "
                        + "on conflict (job_id, topic, partition) do update set next_offset = excluded.next_offset",
                jobIds.stream()
                        .flatMap(job -> ends.entrySet().stream()
                                .map(end -> new Object[] {job, topic, end.getKey(), end.getValue()}))
                        .toList());
    }

    @Override
    public Map<String, Long> globalIndexes(Collection<String> eventIds) {
        return jdbc
                .query(
                        "select eventidentifier, globalindex from " + EventStorage.EVENT_TABLE
                                + " where eventidentifier = any (?)",
                        (row, i) -> Map.entry(row.getString(1), row.getLong(2)),
                        (Object) eventIds.toArray(String[]::new))
                .stream()
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }
}
