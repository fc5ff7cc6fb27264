package dev.vspec.cli.stack;

import dev.vspec.contracts.catalog.PublishedEvents;
import dev.vspec.projections.runtime.ProjectionRuntime;
import dev.vspec.projections.runtime.ProjectionStatus;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;

/**
 * Tells when the local stack has caught up: the relay has put every stored event on the topic and
 * every projection has applied the topic to its end, so the query side answers what was written.
 */
final class StackReadiness {

    private static final Duration POLL = Duration.ofMillis(250);

    private final LocalStack stack;

    StackReadiness(LocalStack stack) {
        this.stack = stack;
    }

    void awaitCaughtUp(Duration timeout) {
        Instant deadline = Instant.now().plus(timeout);
        String lastState = "";
        try (Admin admin = Admin.create(adminProperties())) {
            while (Instant.now().isBefore(deadline)) {
                long stored = storedEvents();
                long published = publishedRecords(admin);
                Map<String, Long> lags = projectionLags();
                boolean caughtUp = published >= stored && lags.values().stream().allMatch(lag -> lag == 0);
                if (caughtUp) {
                    return;
                }
                lastState = "events stored " + stored + ", on the topic " + published + ", projection lag " + lags;
                LockSupport.parkNanos(POLL.toNanos());
            }
        }
        throw new StackException("The stack did not catch up within " + timeout.toSeconds() + " s (" + lastState
                + "); see the log for the failing deployable");
    }

    private Properties adminProperties() {
        Properties properties = new Properties();
        properties.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafkaBootstrapServers());
        properties.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5000);
        properties.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 10000);
        return properties;
    }

    private long storedEvents() {
        String types = PublishedEvents.TYPES.stream().map(type -> "?").collect(Collectors.joining(","));
        try (Connection connection = DriverManager.getConnection(stack.databaseUrl(), stack.databaseUser(), stack.databasePassword());
             PreparedStatement query = connection.prepareStatement(
                     "select count(*) from events.domainevententry where payloadtype in (" + types + ")")) {
            int i = 1;
            for (Class<?> type : PublishedEvents.TYPES) {
                query.setString(i++, type.getName());
            }
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        } catch (SQLException e) {
            throw new StackException("Cannot read the event store: " + e.getMessage(), e);
        }
    }

    private long publishedRecords(Admin admin) {
        try {
            TopicDescription topic = admin.describeTopics(java.util.List.of(stack.topic())).allTopicNames()
                    .get(10, TimeUnit.SECONDS).get(stack.topic());
            Map<TopicPartition, OffsetSpec> request = topic.partitions().stream().collect(Collectors.toMap(
                    p -> new TopicPartition(stack.topic(), p.partition()), p -> OffsetSpec.latest()));
            return admin.listOffsets(request).all().get(10, TimeUnit.SECONDS).values().stream()
                    .mapToLong(info -> info.offset()).sum();
        } catch (ExecutionException | TimeoutException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackException("Interrupted while waiting for the stack", e);
        }
    }

    private Map<String, Long> projectionLags() {
        return stack.context(Deployable.PROJECTIONS).getBean(ProjectionRuntime.class).statuses().stream()
                .collect(Collectors.toMap(ProjectionStatus::name, ProjectionStatus::lag));
    }
}
