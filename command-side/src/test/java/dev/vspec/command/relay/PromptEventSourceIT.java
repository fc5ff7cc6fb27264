package dev.vspec.command.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.command.TestVins;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.ScheduleEnrichment;
import dev.vspec.contracts.identity.Vin;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The processors' event source wakes an open stream after each commit, and a closed one no more;
 * once woken, a stream finds the committed events at its first look.
 */
@CommandSideIntegrationTest
class PromptEventSourceIT {

    @Autowired
    PromptEventSource source;

    @Autowired
    CommandGateway commands;

    @Test
    void anOpenStreamIsWokenAfterACommitAndAClosedOneIsNot() throws Exception {
        AtomicInteger wakeUps = new AtomicInteger();
        BlockingStream<TrackedEventMessage<?>> stream = source.openStream(source.createHeadToken());
        assertThat(stream.setOnAvailableCallback(wakeUps::incrementAndGet)).isTrue();

        String vin = schedule();

        await().atMost(Duration.ofSeconds(5)).until(() -> wakeUps.get() > 0);
        assertThat(stream.hasNextAvailable())
                .as("the committed events, without waiting")
                .isTrue();
        List<Object> available = new ArrayList<>();
        while (stream.hasNextAvailable()) {
            available.add(stream.nextAvailable().getPayload());
        }
        assertThat(available)
                .anySatisfy(event -> assertThat(event)
                        .isInstanceOfSatisfying(
                                EnrichmentScheduled.class,
                                scheduled -> assertThat(scheduled.vin()).isEqualTo(vin)));
        stream.close();
        int beforeClosing = wakeUps.get();
        schedule();
        assertThat(wakeUps.get()).isEqualTo(beforeClosing);
    }

    private String schedule() {
        String vin = TestVins.next();
        commands.sendAndWait(
                new ScheduleEnrichment(EnrichmentJobId.first(Vin.parse(vin)).value(), vin, 1, Instant.now()));
        return vin;
    }
}
