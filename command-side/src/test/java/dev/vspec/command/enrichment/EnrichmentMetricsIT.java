package dev.vspec.command.enrichment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.enrichment.ScheduleEnrichment;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoding.DecoderSource;
import dev.vspec.testing.DecoderReady;
import dev.vspec.testing.PrometheusScrape;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.jooq.DSLContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;

/**
 * Enrichment outcomes and durations on /actuator/prometheus, from real jobs run by the process with
 * the shipped reference vendor: one count per ended job, however often the process runs again.
 */
@CommandSideIntegrationTest
class EnrichmentMetricsIT {

    @Autowired
    private DecoderSource decoders;

    /** Enrichment decodes: the decoder loads the installed vPIC release in the background once the context is up. */
    @BeforeEach
    void decoderReady() {
        DecoderReady.await(decoders);
    }

    /** Sample data: a VIN the reference vendor knows; a Honda VIN whose model vPIC cannot tell. */
    private static final String VENDOR_VIN = "2T3P1RFV2NW131842";

    private static final String UNKNOWN_VIN = "1HG000000Y0000000";
    private static final Duration PROCESSED = Duration.ofSeconds(60);

    @LocalManagementPort
    int managementPort;

    @Autowired
    CommandGateway commands;

    @Autowired
    EventStore events;

    @Autowired
    DSLContext db;

    @Autowired
    EventProcessingConfiguration processing;

    @Test
    void everyEndedJobIsCountedAndTimedOnceEvenWhenTheProcessReplaysEveryJob() {
        String completed = schedule(VENDOR_VIN);
        String failed = schedule(UNKNOWN_VIN);
        await().atMost(PROCESSED).until(() -> ended(completed) && ended(failed));

        await("one count per end event")
                .atMost(PROCESSED)
                .untilAsserted(() -> assertThat(outcomesScraped()).isEqualTo(outcomesInTheEventStore()));
        PrometheusScrape scrape = PrometheusScrape.of(managementPort);
        assertThat(scrape.value("vspec_enrichment_outcomes_total", "outcome", "completed", "reason", "none"))
                .isPositive();
        assertThat(scrape.value("vspec_enrichment_outcomes_total", "outcome", "failed", "reason", "not_found"))
                .isPositive();
        for (String outcome : List.of("completed", "failed")) {
            double count = scrape.value("vspec_enrichment_duration_seconds_count", "outcome", outcome);
            assertThat(count)
                    .as(outcome + " jobs timed")
                    .isEqualTo(outcomesInTheEventStore().entrySet().stream()
                            .filter(e -> e.getKey().startsWith(outcome + "/"))
                            .mapToLong(Map.Entry::getValue)
                            .sum());
            assertThat(scrape.value("vspec_enrichment_duration_seconds_bucket", "outcome", outcome, "le", "+Inf"))
                    .as("a histogram")
                    .isEqualTo(count);
            assertThat(scrape.value("vspec_enrichment_duration_seconds_sum", "outcome", outcome))
                    .isPositive();
        }

        replayTheEnrichmentProcess();

        assertThat(outcomesScraped())
                .as("a replay ends no job again and counts nothing")
                .isEqualTo(outcomesInTheEventStore());
    }

    /** Runs the process again over every job scheduled so far, as after a token reset. */
    private void replayTheEnrichmentProcess() {
        StreamingEventProcessor process = processing
                .eventProcessor(EnrichmentProcess.PROCESSING_GROUP, StreamingEventProcessor.class)
                .orElseThrow();
        long head = events.createHeadToken().position().orElseThrow();
        process.shutDown();
        process.resetTokens();
        process.start();
        // (a segment stays "replaying" until an event newer than the reset arrives: its position tells)
        await("the replay has passed every job")
                .atMost(PROCESSED)
                .untilAsserted(() -> assertThat(process.processingStatus().values())
                        .isNotEmpty()
                        .allSatisfy(segment -> assertThat(
                                        segment.getCurrentPosition().orElse(-1))
                                .isGreaterThanOrEqualTo(head)));
    }

    /** Counted outcomes as {@code outcome/reason -> count}. */
    private Map<String, Long> outcomesScraped() {
        Map<String, Long> outcomes = new TreeMap<>();
        PrometheusScrape.of(managementPort)
                .samples("vspec_enrichment_outcomes_total")
                .forEach(sample -> outcomes.put(
                        sample.labels().get("outcome") + "/" + sample.labels().get("reason"), (long) sample.value()));
        return outcomes;
    }

    /** The end events stored, as {@code outcome/reason -> count}. */
    private Map<String, Long> outcomesInTheEventStore() {
        Map<String, Long> outcomes = new TreeMap<>();
        db.fetch(
                        "select case when payloadtype = ? then 'completed/none' "
                                + "else 'failed/' || (convert_from(payload, 'UTF8')::jsonb ->> 'reason') end, count(*) "
                                + "from events.domainevententry where payloadtype in (?, ?) group by 1",
                        EnrichmentCompleted.class.getName(),
                        EnrichmentCompleted.class.getName(),
                        EnrichmentFailed.class.getName())
                .forEach(row -> outcomes.put(row.get(0, String.class), row.get(1, Long.class)));
        return outcomes;
    }

    /** Schedules the VIN's next job directly on the aggregate, as POST /api/v0/enrich would after spending a run. */
    private String schedule(String vin) {
        Vin parsed = Vin.parse(vin);
        String job = new EnrichmentLog(events, db)
                .newestJob(parsed)
                .map(newest -> newest.id().next())
                .orElseGet(() -> EnrichmentJobId.first(parsed))
                .value();
        commands.sendAndWait(new ScheduleEnrichment(job, vin, 1, Instant.now()));
        return job;
    }

    private boolean ended(String job) {
        return events.readEvents(job)
                .asStream()
                .map(EventMessage::getPayload)
                .anyMatch(payload -> payload instanceof EnrichmentCompleted || payload instanceof EnrichmentFailed);
    }
}
