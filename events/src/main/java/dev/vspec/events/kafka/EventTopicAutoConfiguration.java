package dev.vspec.events.kafka;

import org.apache.kafka.clients.admin.AdminClient;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.KafkaAdmin;

/** Declares the event topic (created at start-up when missing), its codec, and the broker's health. */
@AutoConfiguration(afterName = "org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration")
@ConditionalOnClass(TopicBuilder.class)
@EnableConfigurationProperties(EventTopicProperties.class)
public class EventTopicAutoConfiguration {

    public static final int MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

    @Bean
    NewTopic eventTopic(EventTopicProperties properties) {
        return TopicBuilder.name(properties.topic())
                .partitions(properties.partitions())
                .replicas(properties.replicationFactor())
                .config(TopicConfig.RETENTION_MS_CONFIG, "-1")
                .config(TopicConfig.RETENTION_BYTES_CONFIG, "-1")
                .config(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_DELETE)
                // an ExteriorImageCached envelope carries up to 1 MiB of image as base64
                .config(TopicConfig.MAX_MESSAGE_BYTES_CONFIG, String.valueOf(MAX_MESSAGE_BYTES))
                .config(
                        TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
                        String.valueOf(Math.min(2, properties.replicationFactor())))
                .build();
    }

    /** Named "broker" in /actuator/health and in the readiness groups of command-side.yml and projections.yml. */
    @Bean
    @ConditionalOnBean(KafkaAdmin.class)
    BrokerHealthIndicator brokerHealthIndicator(KafkaAdmin kafka) {
        return new BrokerHealthIndicator(AdminClient.create(kafka.getConfigurationProperties()));
    }

    @Bean
    EventEnvelopeCodec eventEnvelopeCodec() {
        return new EventEnvelopeCodec();
    }
}
