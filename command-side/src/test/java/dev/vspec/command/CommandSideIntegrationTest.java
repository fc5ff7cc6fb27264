package dev.vspec.command;

import dev.vspec.command.relay.FailingOnceEventPublisher;
import dev.vspec.testing.HandlerReads;
import dev.vspec.testing.database.TestDatabase;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.test.context.EmbeddedKafka;
import org.springframework.test.context.ContextConfiguration;

/**
 * The one Spring context every command-side integration test shares: the whole command side on a
 * fresh PostgreSQL database and an in-process Kafka broker, serving HTTP on a random port
 * ({@code @LocalServerPort}), with the relay's first Kafka send failing once
 * ({@link FailingOnceEventPublisher}), and webhooks allowed to a plain-HTTP receiver on loopback,
 * retried after fractions of a second ({@link #WEBHOOKS}), recording what each handler reads of its requests
 * ({@link HandlerReads}). There must be only one: a second context makes the test
 * framework pause this one, and Axon's event processors cannot be restarted after a pause.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(
        classes = {
            CommandSideApplication.class,
            FailingOnceEventPublisher.Configuration.class,
            HandlerReads.Recorder.class
        },
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "spring.config.name=command-side",
            "spring.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
            "vspec.webhooks.allow-http=true",
            "vspec.webhooks.allowed-addresses=loopback",
            "vspec.webhooks.timeout=1s",
            "vspec.webhooks.connect-timeout=1s",
            "vspec.webhooks.backoff-base=100ms",
            "vspec.webhooks.backoff-cap=400ms",
            "vspec.webhooks.poll-interval=100ms",
            "vspec.webhooks.recall-settle=500ms"
        })
@ContextConfiguration(initializers = TestDatabase.WithVpic.class)
@EmbeddedKafka
public @interface CommandSideIntegrationTest {

    /** The webhook settings above, for a command side a test starts itself. */
    String[] WEBHOOKS = {
        "--vspec.webhooks.allow-http=true",
        "--vspec.webhooks.allowed-addresses=loopback",
        "--vspec.webhooks.timeout=1s",
        "--vspec.webhooks.connect-timeout=1s",
        "--vspec.webhooks.backoff-base=100ms",
        "--vspec.webhooks.backoff-cap=400ms",
        "--vspec.webhooks.poll-interval=100ms",
        "--vspec.webhooks.recall-settle=500ms"
    };
}
