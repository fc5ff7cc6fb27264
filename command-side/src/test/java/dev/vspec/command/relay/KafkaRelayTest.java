package dev.vspec.command.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.infra.kafka.EventEnvelopeCodec;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** However Kafka refuses a send, the relay fails the batch (for its processor to retry) with one warning. */
class KafkaRelayTest {

    private static final String VIN = "19XFC2F59KE900101";

    private final Logger relayLog = (Logger) LoggerFactory.getLogger(KafkaRelay.class);
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();

    @BeforeEach
    void collectTheRelaysLog() {
        logged.start();
        relayLog.addAppender(logged);
    }

    @AfterEach
    void stopCollecting() {
        relayLog.detachAppender(logged);
    }

    @Test
    void aSendRefusedBeforeItIsQueuedFailsTheBatchWithTheRelaysWarning() {
        KafkaRelay relay = new KafkaRelay((key, envelope) -> {
            throw new IllegalStateException("Topic vspec.events.v1 not present in metadata after 60000 ms.");
        }, new EventEnvelopeCodec(), Duration.ofSeconds(5));

        assertThatThrownBy(() -> relayInAUnitOfWork(relay)).isInstanceOf(KafkaRelay.RelayFailedException.class)
                .hasMessageContaining("Kafka did not take VinLinked " + VIN + "#0")
                .hasMessageContaining("not present in metadata");
        assertThat(logged.list).singleElement().satisfies(warning -> {
            assertThat(warning.getLevel()).isEqualTo(Level.WARN);
            assertThat(warning.getFormattedMessage()).startsWith("Kafka did not take VinLinked " + VIN
                    + "#0 (1 events in the batch)").endsWith("the batch will be retried");
        });
    }

    @Test
    void aSendKafkaDidNotAcknowledgeFailsTheBatchWithTheSameWarning() {
        KafkaRelay relay = new KafkaRelay((key, envelope) -> CompletableFuture.failedFuture(
                new IllegalStateException("Expiring 1 record(s): 120000 ms has passed since batch creation")),
                new EventEnvelopeCodec(), Duration.ofSeconds(5));

        assertThatThrownBy(() -> relayInAUnitOfWork(relay)).isInstanceOf(KafkaRelay.RelayFailedException.class)
                .hasMessageContaining("Kafka did not take VinLinked " + VIN + "#0");
        assertThat(logged.list).singleElement().satisfies(warning -> assertThat(warning.getFormattedMessage())
                .startsWith("Kafka did not take VinLinked " + VIN + "#0 (1 events in the batch)"));
    }

    /** Relays one event and commits, as the relay's processor does for a batch of one. */
    private static void relayInAUnitOfWork(KafkaRelay relay) {
        VinLinked event = new VinLinked(VIN, "2019-honda-civic-lx-k20c2-fwd");
        GenericDomainEventMessage<VinLinked> message = new GenericDomainEventMessage<>("Vehicle", VIN, 0, event);
        DefaultUnitOfWork<?> unitOfWork = DefaultUnitOfWork.startAndGet(message);
        try {
            relay.on(event, message);
        } catch (RuntimeException e) {
            unitOfWork.rollback(e);
            throw e;
        }
        unitOfWork.commit();
    }
}
