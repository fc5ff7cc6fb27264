package dev.vspec.events.kafka;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The event topic: its name, partition count and replication. Retention is infinite, since the
 * topic is the log that projections are rebuilt from.
 */
@ConfigurationProperties("vspec.events")
public record EventTopicProperties(String topic, Integer partitions, Short replicationFactor) {

    public static final String DEFAULT_TOPIC = "vspec.events.v1";

    public EventTopicProperties {
        topic = topic == null || topic.isBlank() ? DEFAULT_TOPIC : topic;
        partitions = partitions == null ? 6 : partitions;
        replicationFactor = replicationFactor == null ? 1 : replicationFactor;
        if (partitions < 1) {
            throw new IllegalArgumentException("vspec.events.partitions must be at least 1");
        }
    }
}
