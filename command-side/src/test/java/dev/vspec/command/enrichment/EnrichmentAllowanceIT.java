package dev.vspec.command.enrichment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.contracts.enrichment.EnrichmentRunGranted;
import dev.vspec.contracts.enrichment.SpendEnrichmentRun;
import dev.vspec.decoding.DecoderSource;
import dev.vspec.testing.DecoderReady;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Runs spent concurrently for one key, through the real command bus and event store, are counted exactly. */
@CommandSideIntegrationTest
class EnrichmentAllowanceIT {

    @Autowired
    private DecoderSource decoders;

    /** Enrichment decodes: the decoder loads the installed vPIC release in the background once the context is up. */
    @BeforeEach
    void decoderReady() {
        DecoderReady.await(decoders);
    }

    @Autowired
    CommandGateway commands;

    @Autowired
    EventStore events;

    @Test
    void twentyConcurrentRunsOfOneKeyGrantExactlyFive() throws Exception {
        long key = 4242;
        LocalDate day = LocalDate.of(2026, 11, 21);
        ExecutorService threads = Executors.newFixedThreadPool(10);
        List<Future<String>> outcomes = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            String job = "job-concurrent-" + i;
            Callable<String> spend = () -> {
                try {
                    commands.sendAndWait(new SpendEnrichmentRun(key, day, job, 5, 100));
                    return "granted";
                } catch (QuotaExhausted e) {
                    return "refused until "
                            + e.renewsAfter(day.atStartOfDay(ZoneOffset.UTC).toInstant());
                }
            };
            outcomes.add(threads.submit(spend));
        }
        List<String> results = new ArrayList<>();
        for (Future<String> outcome : outcomes) {
            results.add(outcome.get());
        }
        threads.shutdown();

        assertThat(results).filteredOn("granted"::equals).hasSize(5);
        assertThat(results)
                .filteredOn("refused until 2026-11-22T00:00:00Z"::equals)
                .hasSize(15);
        List<Object> stored = new ArrayList<>();
        events.readEvents(SpendEnrichmentRun.allowanceId(key, YearMonth.from(day)))
                .asStream()
                .forEach(event -> stored.add(event.getPayload()));
        assertThat(stored).hasSize(5).allSatisfy(event -> assertThat(event).isInstanceOf(EnrichmentRunGranted.class));
        assertThat(stored)
                .extracting(event -> ((EnrichmentRunGranted) event).runsThatDay())
                .containsExactly(1, 2, 3, 4, 5);
    }
}
