package dev.vspec.projections;

import dev.vspec.testing.database.TestDatabase;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.kafka.test.context.EmbeddedKafka;
import org.springframework.test.context.ContextConfiguration;

/**
 * The one Spring context of this module's integration tests: the projections deployable on a fresh
 * PostgreSQL database and an in-process Kafka broker, the event topic with three partitions.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(
        classes = ProjectionsApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "spring.config.name=projections",
            "spring.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
            "vspec.events.partitions=3",
            "vspec.projections.poll-timeout=200ms",
            "vspec.projections.retry.initial-interval=100ms",
            "vspec.projections.retry.max-interval=400ms"
        })
@ContextConfiguration(initializers = TestDatabase.class)
@EmbeddedKafka
@Import(TestSupport.class)
public @interface ProjectionsIntegrationTest {}
