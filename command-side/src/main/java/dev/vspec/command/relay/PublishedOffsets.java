package dev.vspec.command.relay;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Records where the event topic ends, partition by partition, once a batch carrying enrichment
 * completions is acknowledged ({@code events.job_published_offsets}): every event stored before a
 * completion lies below these offsets, so a projection whose stored offsets reach them has applied
 * all the job recorded. The rows commit with the relay's token, in its transaction.
 */
final class PublishedOffsets implements CompletedJobs, DisposableBean {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final Admin admin;
    private final JdbcTemplate jdbc;
    private final String topic;

    PublishedOffsets(Admin admin, JdbcTemplate jdbc, String topic) {
        this.admin = admin;
        this.jdbc = jdbc;
        this.topic = topic;
    }

    @Override
    public void published(List<String> jobIds) {
        Map<Integer, Long> ends = endOffsets();
        List<Object[]> rows = new ArrayList<>();
        for (String jobId : jobIds) {
            ends.forEach((partition, end) -> rows.add(new Object[] {jobId, topic, partition, end}));
        }
        jdbc.batchUpdate("insert into events.job_published_offsets (job_id, topic, partition, next_offset) values (?, ?, ?, ?) "
                + "on conflict (job_id, topic, partition) do update set next_offset = excluded.next_offset", rows);
    }

    private Map<Integer, Long> endOffsets() {
        try {
            Map<TopicPartition, OffsetSpec> latest = admin.describeTopics(List.of(topic)).allTopicNames()
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).get(topic).partitions().stream()
                    .collect(Collectors.toMap(partition -> new TopicPartition(topic, partition.partition()), partition -> OffsetSpec.latest()));
            return admin.listOffsets(latest).all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).entrySet().stream()
                    .collect(Collectors.toMap(entry -> entry.getKey().partition(), entry -> entry.getValue().offset()));
        } catch (ExecutionException | TimeoutException e) {
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
