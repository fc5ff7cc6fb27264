package dev.vspec.projections.runtime;

import dev.vspec.events.kafka.EventEnvelopeCodec;
import dev.vspec.events.kafka.EventTopicProperties;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jooq.DSLContext;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.MicrometerConsumerListener;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Wires the runtime with Boot's Kafka connection settings and Boot's jOOQ {@link DSLContext},
 * whose statements join the Spring transaction a {@link TransactionTemplate} opens on the same
 * data source. The live projections' commits wait for PostgreSQL's log flush: a crash that lost
 * an unflushed batch with its offsets would leave the consumer, which goes on from its position in
 * memory, past records the read tables never got (a fault drill lost a fluids document so).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ProjectionsProperties.class)
class ProjectionsConfiguration {

    @Bean
    ProjectionRuntime projectionRuntime(
            List<Projection> projections,
            ConsumerFactory<?, ?> bootConsumerFactory,
            DSLContext db,
            DataSource dataSource,
            EventEnvelopeCodec codec,
            EventTopicProperties topic,
            ProjectionsProperties properties,
            ObjectProvider<MeterRegistry> meters) {
        Map<String, Object> config = new HashMap<>(bootConsumerFactory.getConfigurationProperties());
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, properties.maxPollRecords());
        // Kafka's fetch defaults stay (answered on the first byte, else after 500 ms), batches gather between
        // polls instead (gather-time): a 10 ms fetch wait had the eleven consumers fetch 1,100 times a second
        // on an idle stack, 38 % of a core.
        DefaultKafkaConsumerFactory<String, byte[]> consumerFactory =
                new DefaultKafkaConsumerFactory<>(config, StringDeserializer::new, ByteArrayDeserializer::new);
        // Boot binds its own factory's consumers to Micrometer; this factory's need it said (kafka_consumer_*,
        // tagged by client.id: vspec-projection-<name>-<n>)
        consumerFactory.setBeanName("vspec-projections");
        meters.ifAvailable(registry -> consumerFactory.addListener(new MicrometerConsumerListener<>(registry)));
        return new ProjectionRuntime(
                projections,
                new ProjectionRuntime.RuntimeSettings(
                        consumerFactory,
                        db,
                        new TransactionTemplate(new DataSourceTransactionManager(dataSource)),
                        topic.topic(),
                        codec,
                        properties));
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
