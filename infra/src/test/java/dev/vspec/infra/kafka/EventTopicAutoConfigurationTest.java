package dev.vspec.infra.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.Test;

class EventTopicAutoConfigurationTest {

    @Test
    void theTopicKeepsEveryEventForeverWithTheConfiguredPartitions() {
        NewTopic topic = new EventTopicAutoConfiguration().eventTopic(new EventTopicProperties(null, 12, null));

        assertThat(topic.name()).isEqualTo("vspec.events.v1");
        assertThat(topic.numPartitions()).isEqualTo(12);
        assertThat(topic.configs())
                .containsEntry(TopicConfig.RETENTION_MS_CONFIG, "-1")
                .containsEntry(TopicConfig.RETENTION_BYTES_CONFIG, "-1")
                .containsEntry(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_DELETE);
    }

    @Test
    void defaultsToSixPartitionsAndOneReplica() {
        EventTopicProperties defaults = new EventTopicProperties(" ", null, null);

        assertThat(defaults.topic()).isEqualTo(EventTopicProperties.DEFAULT_TOPIC);
        assertThat(defaults.partitions()).isEqualTo(6);
        assertThat(defaults.replicationFactor()).isEqualTo((short) 1);
    }

    @Test
    void refusesAPartitionCountBelowOne() {
        assertThatThrownBy(() -> new EventTopicProperties(null, 0, null)).hasMessageContaining("at least 1");
    }
}
