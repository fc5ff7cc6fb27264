package dev.vspec.command.enrichment;

import dev.vspec.command.catalog.CatalogImportException;
import dev.vspec.command.catalog.VpicFacts;
import dev.vspec.command.enrichment.vendor.CatalogSource;
import dev.vspec.command.enrichment.vendor.UpstreamConfiguration;
import dev.vspec.contracts.catalog.AliasConfigKey;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.RecordSpecs;
import dev.vspec.contracts.catalog.RegisterConfiguration;
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
import dev.vspec.decoding.DecoderSource;
import dev.vspec.readmodel.EpaEngineResolution;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.common.AxonTransientException;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventsourcing.eventstore.EventStoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;

/**
 * Carries out each scheduled enrichment: decodes the VIN with NHTSA's vPIC (the configuration's
 * identity and the specifications vPIC carries), asks the catalog vendor ({@link CatalogSource}) for
 * the groups vPIC lacks, records both with the catalog's own commands (the VIN's link among them),
 * and completes the job; or fails it with the API's reason. Every outcome is a command to the
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
    private final EarlierReleases earlierReleases;
    private final Function<VinDecoding, EpaEngineResolution> engines;
    private final Clock clock;

    /**
     * @param engines the engine of a decode without one, from the EPA's entries of its model (the command side's
     *                {@code command.epa_entry}), as the query side resolves it
     */
    EnrichmentProcess(
            CommandGateway commands,
            CatalogSource source,
            DecoderSource decoders,
            EarlierReleases earlierReleases,
            Function<VinDecoding, EpaEngineResolution> engines,
            Clock clock) {
        this.commands = commands;
        this.source = source;
        this.decoders = decoders;
        this.earlierReleases = earlierReleases;
        this.engines = engines;
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
                fail(
                        scheduled.jobId(),
                        ErrorCode.UPSTREAM_UNREACHABLE,
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
            if (cause instanceof AxonTransientException
                    || cause instanceof EventStoreException
                    || cause instanceof DataAccessException
                    || cause instanceof org.jooq.exception.DataAccessException
                    || cause instanceof SQLException
                    || cause instanceof CancellationException
                    || cause instanceof DecoderLoading) {
                return true;
            }
        }
        return false;
    }

    private void carryOut(EnrichmentScheduled scheduled) {
        String job = scheduled.jobId();
        Vin vin = Vin.parse(scheduled.vin());
        Optional<Decoded> decoded = decode(job, vin);
        if (decoded.isEmpty()) {
            return;
        }
        VinDecoding decoding = decoded.get().decoding();
        VpicFacts vpic = decoded.get().vpic();
        step(
                job,
                EnrichmentStep.DECODED,
                decoding.describedAs() + " by " + decoding.release().describedAs());

        VendorAnswer vendor;
        try {
            vendor = askVendor(vin, vpic);
        } catch (CatalogSource.UpstreamUnavailable e) {
            // A retry later can bring the vendor's groups; completing now would leave them missing for good.
            fail(job, ErrorCode.UPSTREAM_UNREACHABLE, "The catalog vendor did not answer: " + e.getMessage());
            return;
        }
        step(job, EnrichmentStep.FOUND_UPSTREAM, vendor.detail());

        // The vendor's configuration when it knows the vehicle (its identity may be finer), else vPIC's, held
        // under the key an earlier release derived when there is one (the new key becomes its alias).
        Optional<String> earlier = vendor.configuration().isPresent()
                ? Optional.empty()
                : earlierReleases.heldAs(vin, vpic.configKey(), vpic.source());
        String configKey =
                vendor.configuration().map(UpstreamConfiguration::configKey).orElse(earlier.orElse(vpic.configKey()));
        List<CatalogCommand> catalog = catalogCommands(vin, vpic, vendor, earlier.isPresent(), configKey);
        if (!record(job, vin, catalog, vendor, configKey)) {
            return;
        }
        step(job, EnrichmentStep.CATALOG_RECORDED, catalog.size() + " catalog commands");
        String aliased = earlier.isEmpty()
                ? ""
                : " (as an earlier vPIC release decoded it; "
                        + decoding.release().describedAs() + " derives " + vpic.configKey()
                        + ", which answers as an alias)";
        step(job, EnrichmentStep.VIN_LINKED, vin + " is " + configKey + aliased);
        commands.sendAndWait(new CompleteEnrichment(job, configKey, clock.instant()));
    }

    private record Decoded(VinDecoding decoding, VpicFacts vpic) {}

    /**
     * The VIN's decode, its engine resolved from the EPA's entries where vPIC gives none; empty when the job
     * failed because vPIC cannot tell the vehicle's configuration.
     *
     * @throws DecoderLoading when the decoder's data is installed but not yet loaded
     */
    private Optional<Decoded> decode(String job, Vin vin) {
        VinDecoder decoder = decoders.current();
        if (decoder == null) {
            if (decoders.state() != DecoderSource.State.NOT_INSTALLED) {
                throw new DecoderLoading();
            }
            fail(
                    job,
                    ErrorCode.UPSTREAM_UNREACHABLE,
                    "VIN decoding needs NHTSA's vPIC data, which is not installed here"
                            + " (an operator runs vspec vpic install); schedule the enrichment again once it is");
            return Optional.empty();
        }
        if (!decoder.knowsWmi(vin)) {
            fail(
                    job,
                    ErrorCode.NOT_FOUND,
                    "NHTSA's vPIC registers no manufacturer with WMI " + VinDecoder.wmiOf(vin.value()));
            return Optional.empty();
        }
        EpaEngineResolution resolution = engines.apply(decoder.decode(vin));
        VinDecoding decoding = resolution.decoding();
        if (!decoding.identifiesModel()) {
            fail(
                    job,
                    ErrorCode.NOT_FOUND,
                    "NHTSA's vPIC cannot tell the model of VIN " + vin + " (it decodes as " + decoding.describedAs()
                            + ")");
            return Optional.empty();
        }
        Optional<VpicFacts> vpic = VpicFacts.of(decoding);
        if (vpic.isEmpty()) {
            fail(job, ErrorCode.UNSUPPORTED_VEHICLE, noEngineCode(vin, resolution));
            return Optional.empty();
        }
        return Optional.of(new Decoded(decoding, vpic.get()));
    }

    private static String noEngineCode(Vin vin, EpaEngineResolution resolution) {
        return "VIN " + vin + " decodes as " + resolution.decoding().describedAs()
                + " but no engine code resolves"
                + (resolution.candidates().isEmpty()
                        ? ""
                        : " (the EPA lists "
                                + resolution.candidates().stream()
                                        .map(engine -> engine.describedAs() + " as EPA id "
                                                + engine.epaIds().stream()
                                                        .map(String::valueOf)
                                                        .collect(Collectors.joining(", ")))
                                        .collect(Collectors.joining("; "))
                                + ")")
                + "; the vehicle is not supported";
    }

    /**
     * The catalog commands that record the vehicle, in the order they must be sent: its registration (or the
     * alias of the key an earlier release derived), vPIC's spec sheet, recorded either way and shown where no
     * operator's or vendor's is, the vendor's groups, and the VIN's link.
     */
    private static List<CatalogCommand> catalogCommands(
            Vin vin, VpicFacts vpic, VendorAnswer vendor, boolean heldEarlier, String configKey) {
        List<CatalogCommand> vendorCommands =
                vendor.configuration().map(UpstreamConfiguration::commands).orElse(List.of());
        List<CatalogCommand> catalog = new ArrayList<>();
        if (heldEarlier) {
            catalog.add(new AliasConfigKey(configKey, vpic.configKey(), vpic.source()));
        } else if (vendorCommands.isEmpty()) {
            catalog.add(vpic.registration());
        }
        vendorCommands.stream().filter(RegisterConfiguration.class::isInstance).forEach(catalog::add);
        vpic.specSheet()
                .map(specs -> new RecordSpecs(configKey, specs.specs(), vpic.source()))
                .ifPresent(catalog::add);
        vendorCommands.stream()
                .filter(command -> !(command instanceof RegisterConfiguration))
                .forEach(catalog::add);
        if (catalog.stream().noneMatch(LinkVin.class::isInstance)) {
            catalog.add(new LinkVin(vin.value(), configKey, vpic.source()));
        }
        return catalog;
    }

    /** Sends the catalog commands; false when the catalog refused one and the job failed. */
    private boolean record(String job, Vin vin, List<CatalogCommand> catalog, VendorAnswer vendor, String configKey) {
        try {
            for (CatalogCommand command : catalog) {
                commands.sendAndWait(command);
            }
            return true;
        } catch (ApiException | CatalogImportException | IllegalArgumentException e) {
            // The refusal's message may quote the vendor's values, which must not become an event.
            fail(
                    job,
                    ErrorCode.NOT_FOUND,
                    "The catalog refuses the data recorded for VIN " + vin + ": "
                            + (vendor.configuration().isPresent()
                                    ? "the catalog vendor's data conflicts with the catalog"
                                    : "the configuration vPIC decodes conflicts with one the catalog holds under "
                                            + configKey));
            return false;
        }
    }

    /**
     * What the catalog vendor has for the groups vPIC lacks, asked by VIN and then by the decoded identity.
     * The vehicle's configuration is vPIC's to tell, so a vendor answering unusable data costs only its
     * groups, which stay missing (the answers' coverage says so); a vendor that is down fails the job as
     * {@code upstream_unreachable}, for the client to schedule it again.
     *
     * @throws CatalogSource.UpstreamUnavailable when the vendor cannot answer now
     */
    private VendorAnswer askVendor(Vin vin, VpicFacts vpic) {
        try {
            Optional<UpstreamConfiguration> found = source.findByVin(vin);
            if (found.isEmpty()) {
                found = source.findByIdentity(vpic.identity(), vin);
            }
            return new VendorAnswer(
                    found,
                    found.map(configuration -> "the catalog vendor knows it as " + configuration.configKey())
                            .orElse(
                                    "the catalog vendor does not know it; only vPIC's identity and specifications are recorded"));
        } catch (CatalogSource.UpstreamRefused e) {
            return new VendorAnswer(
                    Optional.empty(),
                    "the catalog vendor's data was refused (" + e.getMessage()
                            + "); only vPIC's identity and specifications are recorded");
        }
    }

    private record VendorAnswer(Optional<UpstreamConfiguration> configuration, String detail) {}

    private void step(String job, EnrichmentStep step, String detail) {
        commands.sendAndWait(new RecordEnrichmentStep(job, step, detail, clock.instant()));
    }

    private void fail(String job, ErrorCode reason, String message) {
        commands.sendAndWait(new FailEnrichment(job, reason, message, clock.instant()));
    }
}
