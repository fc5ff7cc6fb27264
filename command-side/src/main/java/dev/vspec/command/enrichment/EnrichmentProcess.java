package dev.vspec.command.enrichment;

import dev.vspec.command.catalog.CatalogImportException;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.enrichment.CompleteEnrichment;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.EnrichmentStep;
import dev.vspec.contracts.enrichment.FailEnrichment;
import dev.vspec.contracts.enrichment.RecordEnrichmentStep;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VinDecoder;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.infra.decoding.DecoderSource;
import java.sql.SQLException;
import java.time.Clock;
import java.util.concurrent.CancellationException;
import java.util.Optional;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.common.AxonTransientException;
import org.axonframework.eventsourcing.eventstore.EventStoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;

/**
 * Carries out each scheduled enrichment: decodes the VIN, asks the upstream {@link CatalogSource},
 * records what it found with the catalog's own commands (the VIN's link among them), and completes
 * the job; or fails it with the API's reason. Every outcome is a command to the
 * {@link EnrichmentJob}, so every step is an event.
 *
 * <p>It runs in its own streaming processor, whose token lives in PostgreSQL: after a crash the
 * event comes again and the process runs again from the start, which changes nothing that was
 * already recorded (the aggregates ignore what they already hold). Failures of the service itself
 * (the database) propagate, so the processor retries instead of leaving a job running for ever.
 */
@ProcessingGroup(EnrichmentProcess.PROCESSING_GROUP)
class EnrichmentProcess {

    private static final Logger log = LoggerFactory.getLogger(EnrichmentProcess.class);

    static final String PROCESSING_GROUP = "enrichment";

    private final CommandGateway commands;
    private final CatalogSource source;
    private final DecoderSource decoders;
    private final Clock clock;

    EnrichmentProcess(CommandGateway commands, CatalogSource source, DecoderSource decoders, Clock clock) {
        this.commands = commands;
        this.source = source;
        this.decoders = decoders;
        this.clock = clock;
    }

    /** The decoder's data is installed but still loading: the event is processed again shortly. */
    static final class DecoderLoading extends RuntimeException {
        DecoderLoading() {
            super("the VIN decoder is loading NHTSA's vPIC data", null, false, false);
        }
    }

    @EventHandler
    void on(EnrichmentScheduled scheduled) {
        try {
            carryOut(scheduled);
        } catch (EnrichmentJobEnded ended) {
            // The process ran before, up to the job's end (the event came again after a crash), and the
            // vendor answered differently this time: the job keeps the end it has.
        } catch (RuntimeException e) {
            if (isTransient(e)) {
                throw e;
            }
            // Anything else would fail again on every retry and hold up every later job of the segment.
            log.error("Enrichment job {} failed unexpectedly; it ends as upstream_unreachable", scheduled.jobId(), e);
            try {
                fail(scheduled.jobId(), ErrorCode.UPSTREAM_UNREACHABLE,
                        "The enrichment failed unexpectedly (the failure was logged); schedule it again later");
            } catch (EnrichmentJobEnded ended) {
                // it had ended before this run: nothing to record
            }
        }
    }

    /**
     * A failure of the service's own infrastructure (the database) or a shutdown cutting the work
     * short, which a retry of the event can outlast.
     */
    private static boolean isTransient(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof AxonTransientException || cause instanceof EventStoreException
                    || cause instanceof DataAccessException || cause instanceof org.jooq.exception.DataAccessException
                    || cause instanceof SQLException || cause instanceof CancellationException
                    || cause instanceof DecoderLoading) {
                return true;
            }
        }
        return false;
    }

    private void carryOut(EnrichmentScheduled scheduled) {
        String job = scheduled.jobId();
        Vin vin = Vin.parse(scheduled.vin());
        VinDecoder decoder = decoders.current();
        if (decoder == null) {
            if (decoders.state() != DecoderSource.State.NOT_INSTALLED) {
                throw new DecoderLoading();
            }
            fail(job, ErrorCode.UPSTREAM_UNREACHABLE, "VIN decoding needs NHTSA's vPIC data, which is not installed here"
                    + " (an operator runs vspec vpic install); schedule the enrichment again once it is");
            return;
        }
        if (!decoder.knowsWmi(vin)) {
            fail(job, ErrorCode.NOT_FOUND, "NHTSA's vPIC registers no manufacturer with WMI " + VinDecoder.wmiOf(vin.value()));
            return;
        }
        VinDecoding decoding = decoder.decode(vin);
        if (decoding.identifiesModel() && decoding.engineCode() == null) {
            fail(job, ErrorCode.UNSUPPORTED_VEHICLE, "VIN " + vin + " decodes as " + decoding.describedAs()
                    + " but no engine code resolves; the vehicle is not supported");
            return;
        }
        step(job, EnrichmentStep.DECODED, decoding.describedAs());

        Optional<UpstreamConfiguration> found;
        try {
            found = source.findByVin(vin);
        } catch (CatalogSource.UpstreamUnavailable e) {
            fail(job, ErrorCode.UPSTREAM_UNREACHABLE, "The catalog vendor did not answer: " + e.getMessage());
            return;
        } catch (CatalogSource.UpstreamRefused e) {
            failRefused(job, vin, e.getMessage());
            return;
        }
        if (found.isEmpty()) {
            fail(job, ErrorCode.NOT_FOUND, "The catalog vendor does not know VIN " + vin);
            return;
        }
        UpstreamConfiguration configuration = found.get();
        step(job, EnrichmentStep.FOUND_UPSTREAM, configuration.configKey());

        try {
            for (CatalogCommand command : configuration.commands()) {
                commands.sendAndWait(command);
            }
        } catch (ApiException | CatalogImportException | IllegalArgumentException e) {
            // The refusal's message may quote the vendor's values, which must not become an event.
            failRefused(job, vin, "the catalog's rules refuse a command made of it");
            return;
        }
        step(job, EnrichmentStep.CATALOG_RECORDED, configuration.commands().size() + " catalog commands");
        step(job, EnrichmentStep.VIN_LINKED, vin + " is " + configuration.configKey());
        commands.sendAndWait(new CompleteEnrichment(job, configuration.configKey(), clock.instant()));
    }

    private void step(String job, EnrichmentStep step, String detail) {
        commands.sendAndWait(new RecordEnrichmentStep(job, step, detail, clock.instant()));
    }

    private void failRefused(String job, Vin vin, String why) {
        fail(job, ErrorCode.NOT_FOUND, "The catalog vendor's data for VIN " + vin + " was refused: " + why);
    }

    private void fail(String job, ErrorCode reason, String message) {
        commands.sendAndWait(new FailEnrichment(job, reason, message, clock.instant()));
    }
}
