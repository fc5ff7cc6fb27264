package dev.vspec.command.relay;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Keeps where the relay's records end on the event topic ({@code events.relay_topic_ends}) and, for
 * each enrichment job a batch completes, records those ends ({@code events.job_published_offsets}):
 * every event stored before a completion lies below them, so a projection whose stored offsets reach
 * them has applied all the job recorded. The rows commit with the relay's token, in its transaction.
 * The broker is asked where the topic ends once per process, before its first send, which also
 * corrects the table when the topic was recreated; after that the relay's own acknowledgements move it.
 */
final class PublishedOffsets implements RelayedEnds, DisposableBean {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final Admin admin;
    private final JdbcTemplate jdbc;
    private final String topic;
    /** Whether a batch that read the broker's ends has committed in this process. */
    private volatile boolean readFromBroker;

    PublishedOffsets(Admin admin, JdbcTemplate jdbc, String topic) {
        this.admin = admin;
        this.jdbc = jdbc;
        this.topic = topic;
    }

    @Override
    public void beforeFirstSend() {
        if (readFromBroker) {
            return;
        }
        // the broker's word, even below what is stored: the topic may have been recreated
        storeEnds(endOffsets(), "excluded.next_offset");
        CurrentUnitOfWork.ifStarted(unitOfWork -> unitOfWork.root().afterCommit(committed -> readFromBroker = true));
    }

    @Override
    public void acknowledged(Map<Integer, Long> nextOffsets, List<String> completedJobs) {
        storeEnds(nextOffsets, "greatest(relay_topic_ends.next_offset, excluded.next_offset)");
        if (completedJobs.isEmpty()) {
            return; // most batches: nothing more to send to the database
        }
        jdbc.batchUpdate(
                "insert into events.job_published_offsets (job_id, topic, partition, next_offset) "
                        + "select ?, topic, partition, next_offset from events.relay_topic_ends where topic = ? "
                        + "on conflict (job_id, topic, partition) do update set next_offset = excluded.next_offset",
                completedJobs.stream().map(jobId -> new Object[] {jobId, topic}).toList());
    }

    /** Upserts each partition's end; {@code kept} is the SQL for the value a stored end becomes. */
    private void storeEnds(Map<Integer, Long> ends, String kept) {
        jdbc.batchUpdate(
                "insert into events.relay_topic_ends (topic, partition, next_offset) values (?, ?, ?) "
                        + "on conflict (topic, partition) do update set next_offset = " + kept,
                ends.entrySet().stream()
                        .map(end -> new Object[] {topic, end.getKey(), end.getValue()})
                        .toList());
    }

    private Map<Integer, Long> endOffsets() {
        try {
            Map<TopicPartition, OffsetSpec> latest = admin
                    .describeTopics(List.of(topic))
                    .allTopicNames()
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .get(topic)
                    .partitions()
                    .stream()
                    .collect(Collectors.toMap(
                            partition -> new TopicPartition(topic, partition.partition()),
                            partition -> OffsetSpec.latest()));
            return admin.listOffsets(latest).all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).entrySet().stream()
                    .collect(Collectors.toMap(
                            entry -> entry.getKey().partition(),
                            entry -> entry.getValue().offset()));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                return Map.of(); // not created yet, so nothing is on it: the acknowledgements will tell
            }
            throw new IllegalStateException("the end offsets of " + topic + " could not be read: " + e.getCause(), e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("the end offsets of " + topic + " could not be read: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the end offsets of " + topic, e);
        }
    }

    @Override
    public void destroy() {
        admin.close(Duration.ofSeconds(1));
    }
}
