package dev.vspec.command.enrichment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.command.enrichment.vendor.CatalogSource;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.RecordSpecs;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.enrichment.CompleteEnrichment;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.FailEnrichment;
import dev.vspec.contracts.enrichment.RecordEnrichmentStep;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.decoder.VinDecoder;
import dev.vspec.decoder.VpicExtract;
import dev.vspec.decoding.DecoderSource;
import dev.vspec.readmodel.EpaEngineResolution;
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
    void aRefusedVendorAnswerCostsOnlyItsGroups() {
        run(vin -> {
            throw new CatalogSource.UpstreamRefused("the answer is not valid JSON");
        });

        assertThat(((RecordEnrichmentStep) payloads().get(1)).detail())
                .isEqualTo(
                        "the catalog vendor's data was refused (the answer is not valid JSON); only vPIC's identity and"
                                + " specifications are recorded");
        assertCompletedFromVpicAlone();
    }

    @Test
    void anUnavailableVendorFailsTheJobAsUpstreamUnreachable() {
        run(vin -> {
            throw new CatalogSource.UpstreamUnavailable("no answer after 4 requests; the last: HTTP 503", null);
        });

        assertThat(payloads().get(payloads().size() - 1))
                .isEqualTo(new FailEnrichment(
                        "job-1",
                        ErrorCode.UPSTREAM_UNREACHABLE,
                        "The catalog vendor did not answer: no answer after 4 requests; the last: HTTP 503",
                        NOW));
        assertThat(payloads()).noneMatch(RegisterConfiguration.class::isInstance);
    }

    /** vPIC's configuration registered, its spec sheet recorded, the VIN linked, and the job completed as it. */
    private void assertCompletedFromVpicAlone() {
        String key = "2022-toyota-rav4-xle-a25a-fks";
        assertThat(payloads())
                .filteredOn(RegisterConfiguration.class::isInstance)
                .singleElement()
                .satisfies(register -> assertThat(((RegisterConfiguration) register).configKey())
                        .isEqualTo(key));
        assertThat(payloads())
                .filteredOn(RecordSpecs.class::isInstance)
                .singleElement()
                .satisfies(specs -> assertThat(((RecordSpecs) specs).specs())
                        .contains(new SpecItem("engine", "model", "A25A-FKS", null)));
        assertThat(payloads())
                .filteredOn(LinkVin.class::isInstance)
                .singleElement()
                .satisfies(link -> {
                    assertThat(((LinkVin) link).configKey()).isEqualTo(key);
                    assertThat(((LinkVin) link).source().kind()).isEqualTo(FactSource.VPIC);
                });
        assertThat(payloads().get(payloads().size() - 1)).isEqualTo(new CompleteEnrichment("job-1", key, NOW));
        assertThat(payloads()).noneMatch(FailEnrichment.class::isInstance);
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
            throw new IllegalStateException("a bug in a source");
        });

        assertThat(payloads().get(payloads().size() - 1)).isInstanceOf(FailEnrichment.class);
    }

    @Test
    void anUnexpectedFailureEndsTheJobInsteadOfBeingRetriedForEver() {
        run(vin -> {
            throw new IllegalStateException("a bug in a source");
        });

        assertThat(payloads().get(payloads().size() - 1))
                .isEqualTo(new FailEnrichment(
                        "job-1",
                        ErrorCode.UPSTREAM_UNREACHABLE,
                        "The enrichment failed unexpectedly (the failure was logged); schedule it again later",
                        NOW));
    }

    @Test
    void aDatabaseFailurePropagatesSoTheEventIsRetried() {
        RuntimeException databaseDown = new org.springframework.dao.DataAccessResourceFailureException(
                "connection refused", new java.sql.SQLException("connection refused", "08001"));

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> run(vin -> {
                    throw databaseDown;
                }))
                .isSameAs(databaseDown);
        assertThat(payloads()).noneMatch(FailEnrichment.class::isInstance);
    }

    private void run(CatalogSource source) {
        EnrichmentProcess process = new EnrichmentProcess(
                DefaultCommandGateway.builder().commandBus(bus).build(),
                source,
                DecoderSource.of(new VinDecoder(VpicExtract.index(), Clock.fixed(NOW, ZoneOffset.UTC))),
                EarlierReleases.NONE,
                decoding -> new EpaEngineResolution(decoding, List.of()),
                Clock.fixed(NOW, ZoneOffset.UTC));
        process.on(new EnrichmentScheduled("job-1", VIN, 7, NOW));
    }

    private List<Object> payloads() {
        return bus.getDispatchedCommands().stream()
                .map(CommandMessage::getPayload)
                .map(Object.class::cast)
                .toList();
    }
}
