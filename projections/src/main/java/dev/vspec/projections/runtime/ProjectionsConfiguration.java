package dev.vspec.projections.runtime;

import dev.vspec.infra.kafka.EventEnvelopeCodec;
import dev.vspec.infra.kafka.EventTopicProperties;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jooq.DSLContext;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Wires the runtime with Boot's Kafka connection settings and Boot's jOOQ {@link DSLContext},
 * whose statements join the Spring transaction a {@link TransactionTemplate} opens on the same
 * data source ({@link UnflushedCommits}).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ProjectionsProperties.class)
class ProjectionsConfiguration {

    @Bean
    ProjectionRuntime projectionRuntime(List<Projection> projections, ConsumerFactory<?, ?> bootConsumerFactory,
                                        DSLContext db, DataSource dataSource,
                                        EventEnvelopeCodec codec, EventTopicProperties topic,
                                        ProjectionsProperties properties) {
        Map<String, Object> config = new HashMap<>(bootConsumerFactory.getConfigurationProperties());
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, properties.maxPollRecords());
        // An enrichment's events reach the topic in several small sends within a few milliseconds; the broker
        // holds a fetch up to 10 ms for more, so each projection applies them in fewer transactions (on 2 cores
        // eleven projections' transactions per send were what delayed the read).
        config.put(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, 64 * 1024);
        config.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 10);
        ConsumerFactory<String, byte[]> consumerFactory =
                new DefaultKafkaConsumerFactory<>(config, StringDeserializer::new, ByteArrayDeserializer::new);
        return new ProjectionRuntime(projections, new ProjectionRuntime.RuntimeSettings(consumerFactory, db,
                new TransactionTemplate(new UnflushedCommits(dataSource)), topic.topic(), codec, properties));
    }

    @Bean
    ProjectionLagMetrics projectionLagMetrics(ProjectionRuntime runtime) {
        return new ProjectionLagMetrics(runtime::lagsByPartition, ProjectionLagMetrics.INTERVAL);
    }

    @Bean
    ProjectionsHealthIndicator projectionsHealthIndicator(ProjectionRuntime runtime) {
        return new ProjectionsHealthIndicator(runtime);
    }
}
