package dev.vspec.command.enrichment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.EnrichmentStep;
import dev.vspec.contracts.enrichment.FailEnrichment;
import dev.vspec.contracts.enrichment.RecordEnrichmentStep;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.decoder.VinDecoder;
import dev.vspec.decoder.VpicExtract;
import dev.vspec.infra.decoding.DecoderSource;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.commandhandling.gateway.DefaultCommandGateway;
import org.axonframework.test.utils.RecordingCommandBus;
import org.junit.jupiter.api.Test;

/** How the process ends a job for each answer of the catalog source, without Spring (commands recorded, not handled). */
class EnrichmentProcessTest {

    /** Sample data: a VIN that decodes with an engine code (the reference vendor's RAV4). */
    private static final String VIN = "2T3P1RFV2NW131842";
    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");

    private final RecordingCommandBus bus = new RecordingCommandBus();

    @Test
    void aRefusedVendorAnswerFailsTheJobAsNotFoundSayingTheDataWasRefused() {
        run(vin -> {
            throw new CatalogSource.UpstreamRefused("the answer is not valid JSON");
        });

        assertThat(payloads()).hasSize(2);
        assertThat(((RecordEnrichmentStep) payloads().get(0)).step()).isEqualTo(EnrichmentStep.DECODED);
        assertThat(payloads().get(1)).isEqualTo(new FailEnrichment("job-1", ErrorCode.NOT_FOUND,
                "The catalog vendor's data for VIN " + VIN + " was refused: the answer is not valid JSON", NOW));
    }

    @Test
    void anUnavailableVendorFailsTheJobAsUpstreamUnreachable() {
        run(vin -> {
            throw new CatalogSource.UpstreamUnavailable("no answer after 4 requests; the last: HTTP 503", null);
        });

        assertThat(payloads().get(payloads().size() - 1)).isEqualTo(new FailEnrichment("job-1",
                ErrorCode.UPSTREAM_UNREACHABLE,
                "The catalog vendor did not answer: no answer after 4 requests; the last: HTTP 503", NOW));
    }

    @Test
    void runningAgainForAJobThatHasEndedLeavesItsEndAsItIs() {
        bus.setCallbackBehavior((command, metaData) -> {
            if (command instanceof FailEnrichment fail) {
                throw new EnrichmentJobEnded(fail.jobId());
            }
            return null;
        });

        run(vin -> {
            throw new CatalogSource.UpstreamUnavailable("no answer after 4 requests; the last: HTTP 503", null);
        });

        assertThat(payloads().get(payloads().size() - 1)).isInstanceOf(FailEnrichment.class);
    }

    @Test
    void anUnexpectedFailureEndsTheJobInsteadOfBeingRetriedForEver() {
        run(vin -> {
            throw new IllegalStateException("a bug in a source");
        });

        assertThat(payloads().get(payloads().size() - 1)).isEqualTo(new FailEnrichment("job-1",
                ErrorCode.UPSTREAM_UNREACHABLE,
                "The enrichment failed unexpectedly (the failure was logged); schedule it again later", NOW));
    }

    @Test
    void aDatabaseFailurePropagatesSoTheEventIsRetried() {
        RuntimeException databaseDown = new org.springframework.dao.DataAccessResourceFailureException("connection refused",
                new java.sql.SQLException("connection refused", "08001"));

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> run(vin -> {
            throw databaseDown;
        })).isSameAs(databaseDown);
        assertThat(payloads()).noneMatch(FailEnrichment.class::isInstance);
    }

    private void run(CatalogSource source) {
        EnrichmentProcess process = new EnrichmentProcess(DefaultCommandGateway.builder().commandBus(bus).build(),
                source, DecoderSource.of(new VinDecoder(VpicExtract.index(), Clock.fixed(NOW, ZoneOffset.UTC))),
                Clock.fixed(NOW, ZoneOffset.UTC));
        process.on(new EnrichmentScheduled("job-1", VIN, 7, NOW));
    }

    private List<Object> payloads() {
        return bus.getDispatchedCommands().stream().map(CommandMessage::getPayload).map(Object.class::cast).toList();
    }
}
