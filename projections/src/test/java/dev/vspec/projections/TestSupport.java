package dev.vspec.projections;

import dev.vspec.events.kafka.EventEnvelopeCodec;
import dev.vspec.events.kafka.EventTopicProperties;
import dev.vspec.projections.runtime.ProjectionRuntime;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.test.EmbeddedKafkaBroker;

/** Test-side beans of the shared context: a producer onto the event topic, and views and rebuilds of the read model. */
@TestConfiguration(proxyBeanMethods = false)
class TestSupport {

    @Bean
    Events events(EmbeddedKafkaBroker broker, EventEnvelopeCodec codec, EventTopicProperties topic) {
        return new Events(broker.getBrokersAsString(), topic.topic(), codec);
    }

    @Bean
    ReadModel readModel(
            DSLContext db,
            DataSource dataSource,
            ProjectionRuntime runtime,
            EmbeddedKafkaBroker broker,
            EventTopicProperties topic) {
        return new ReadModel(db, dataSource, runtime, broker.getBrokersAsString(), topic.topic());
    }
}
