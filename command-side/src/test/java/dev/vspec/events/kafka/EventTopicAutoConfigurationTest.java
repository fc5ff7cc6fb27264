package dev.vspec.events.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ClassPathResource;

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

    @Test
    void theSharedSettingsNameTheDefaultTopicUnlessTheEnvironmentNamesAnother() throws IOException {
        assertThat(boundFromSharedSettings(Map.of()).topic()).isEqualTo(EventTopicProperties.DEFAULT_TOPIC);
        assertThat(boundFromSharedSettings(Map.of("VSPEC_EVENTS_TOPIC", "vspec.events.v2"))
                        .topic())
                .isEqualTo("vspec.events.v2");
    }

    /** {@code vspec.events} as a deployable binds it from vspec-common.yml, with these environment variables alone. */
    private static EventTopicProperties boundFromSharedSettings(Map<String, Object> environment) throws IOException {
        StandardEnvironment settings = new StandardEnvironment();
        settings.getPropertySources().remove(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
        settings.getPropertySources().addLast(new MapPropertySource("environment", environment));
        new YamlPropertySourceLoader()
                .load("vspec-common.yml", new ClassPathResource("vspec-common.yml"))
                .forEach(settings.getPropertySources()::addLast);
        return Binder.get(settings)
                .bind("vspec.events", EventTopicProperties.class)
                .get();
    }
}
