package dev.vspec.command.enrichment;

import static dev.vspec.storage.jooq.command.Tables.EPA_ENTRY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.contracts.catalog.ConfigKeyAliased;
import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.EnrichmentStep;
import dev.vspec.contracts.enrichment.EnrichmentStepCompleted;
import dev.vspec.contracts.enrichment.ScheduleEnrichment;
import dev.vspec.contracts.epa.EpaSource;
import dev.vspec.contracts.epa.EpaVehicle;
import dev.vspec.contracts.epa.RecordEpaEntry;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.ConfigKey;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.CatalogIdentity;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.decoding.DecoderSource;
import dev.vspec.testing.DecoderReady;
import dev.vspec.testing.EpaEntries;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.jooq.DSLContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;

/** Scheduled jobs run their process through the real event store and command bus, with the shipped reference vendor. */
@CommandSideIntegrationTest
class EnrichmentProcessIT {

    @Autowired
    private DecoderSource decoders;

    /** Enrichment decodes: the decoder loads the installed vPIC release in the background once the context is up. */
    @BeforeEach
    void decoderReady() {
        DecoderReady.await(decoders);
    }

    /** Sample data: a VIN the reference vendor knows and the sample catalog does not. */
    private static final String VENDOR_VIN = "2T3P1RFV2NW131842";

    private static final String VENDOR_CONFIG = "2022-toyota-rav4-xle-a25a-fks-awd";
    /** A published 2003 Honda Accord VIN that only vPIC knows. */
    private static final String VPIC_ONLY_VIN = "1HGCM82633A004352";
    /** Sample data: another 2022 RAV4 XLE of the reference vendor's configuration, whose VIN the vendor does not list. */
    private static final String VENDOR_MODEL_VIN = "2T3P1RFV2NW999901";
    /** Sample data: a VIN of a WMI vPIC knows (Honda) whose model no pattern tells. */
    private static final String NO_MODEL_VIN = "1HG000000Y0000000";
    /** Sample data: a 2021 BMW X3 VIN, for which vPIC gives no engine model, displacement or cylinders: no engine code. */
    private static final String NO_ENGINE_CODE_VIN = "5UXTY5C07M9G00001";
    /** Sample data: a 2019 Ford F-150 VIN that only vPIC knows, whose vehicle an earlier vPIC release registered. */
    private static final String EARLIER_RELEASE_VIN = "1FTEW1EP5KFA00000";

    private static final Duration PROCESSED = Duration.ofSeconds(30);

    private static final int X3_XDRIVE30I = 93001;
    private static final int X3_M40I = 93002;
    private static final EpaSource EPA_MARCH = EpaEntries.file("vehicles-2026-03.csv", '3', LocalDate.of(2026, 3, 2));
    private static final EpaSource EPA_APRIL = EpaEntries.file("vehicles-2026-04.csv", '4', LocalDate.of(2026, 4, 6));

    @Autowired
    CommandGateway commands;

    @Autowired
    EventStore events;

    @Autowired
    DSLContext db;

    @Test
    void aVinTheVendorKnowsIsRecordedLinkedAndCompletedStepByStep() {
        String job = schedule(VENDOR_VIN);

        await().atMost(PROCESSED).until(() -> payloads(job).stream().anyMatch(EnrichmentCompleted.class::isInstance));

        List<Object> history = payloads(job);
        assertThat(history.get(0)).isInstanceOf(EnrichmentScheduled.class);
        assertThat(history.subList(1, history.size() - 1))
                .extracting(event -> ((EnrichmentStepCompleted) event).step())
                .containsExactly(
                        EnrichmentStep.DECODED,
                        EnrichmentStep.FOUND_UPSTREAM,
                        EnrichmentStep.CATALOG_RECORDED,
                        EnrichmentStep.VIN_LINKED);
        assertThat(((EnrichmentCompleted) history.get(history.size() - 1)).configKey())
                .isEqualTo(VENDOR_CONFIG);
        assertThat(payloads(VENDOR_VIN))
                .filteredOn(VinLinked.class::isInstance)
                .singleElement()
                .satisfies(event -> {
                    VinLinked linked = (VinLinked) event;
                    assertThat(linked.configKey()).isEqualTo(VENDOR_CONFIG);
                    assertThat(linked.source().kind()).isEqualTo("vendor");
                    assertThat(linked.source().name()).isEqualTo("vspec reference vendor (sample data)");
                });
        assertThat(payloads(VENDOR_CONFIG).get(0)).isInstanceOf(ConfigurationRegistered.class);
    }

    @Test
    void aVinOnlyVpicKnowsIsRecordedFromItsDecodeAndLinked() {
        VinDecoding decoding = decoders.current().decode(Vin.parse(VPIC_ONLY_VIN));
        String key = CatalogIdentity.of(decoding).orElseThrow().configKey();
        String job = schedule(VPIC_ONLY_VIN);

        EnrichmentCompleted completed = awaitCompletion(job);

        assertThat(completed.configKey()).isEqualTo(key).startsWith("2003-honda-accord-ex-v6-j30a4");
        assertThat(payloads(VPIC_ONLY_VIN))
                .contains(new VinLinked(
                        VPIC_ONLY_VIN,
                        key,
                        FactSource.vpic(
                                decoding.release().dataDate().toString(),
                                decoding.release().sha256())));
        ConfigurationRegistered registered =
                (ConfigurationRegistered) payloads(key).get(0);
        assertThat(List.of(registered.year(), registered.model(), registered.trim(), registered.engineCode()))
                .containsExactly(2003, "Accord", "EX-V6", "J30A4");
        assertThat(payloads(key))
                .filteredOn(SpecsRecorded.class::isInstance)
                .last()
                .extracting(event -> ((SpecsRecorded) event).specs())
                .asInstanceOf(InstanceOfAssertFactories.list(SpecItem.class))
                .contains(
                        new SpecItem("engine", "model", decoding.engineModel(), null),
                        new SpecItem("body", "class", decoding.bodyClass(), null));
    }

    /** Published VINs of other makes: an engine code derived from vPIC's figures (Hyundai), and an electric one (Tesla). */
    @ParameterizedTest
    @CsvSource({
        "KM8K2CAB4PU001140, 2023-hyundai-kona-se-2-0l-4cyl, 2.0l-4cyl",
        "5YJ3E1EA2KF317000, 2019-tesla-model-3-, electric"
    })
    void vinsOfOtherMakesAreRecordedFromTheirDecode(String vin, String keyStart, String engineCode) {
        VinDecoding decoding = decoders.current().decode(Vin.parse(vin));
        String key = CatalogIdentity.of(decoding).orElseThrow().configKey();

        EnrichmentCompleted completed = awaitCompletion(schedule(vin));

        assertThat(completed.configKey()).isEqualTo(key).startsWith(keyStart);
        ConfigurationRegistered registered =
                (ConfigurationRegistered) payloads(key).get(0);
        assertThat(registered.engineCode()).isEqualTo(engineCode);
        assertThat(registered.source().kind()).isEqualTo(FactSource.VPIC);
        assertThat(payloads(key)).filteredOn(SpecsRecorded.class::isInstance).isNotEmpty();
    }

    /**
     * A vehicle an earlier vPIC release registered (with a drive type the installed release does not
     * decode, or without the one it does) keeps its key: the VIN links to it, the installed release's specs are recorded
     * on it, and the key the installed release derives becomes its alias instead of a second configuration.
     */
    @Test
    void aVehicleAnEarlierReleaseRegisteredKeepsItsKeyAndTheNewKeyBecomesItsAlias() {
        VinDecoding decoding = decoders.current().decode(Vin.parse(EARLIER_RELEASE_VIN));
        CatalogIdentity identity = CatalogIdentity.of(decoding).orElseThrow();
        // the earlier release decoded the drive type the installed one does not (a SuperCrew 4x4), or the reverse
        String earlierDrivetrain = identity.drivetrain() == null ? "4WD" : null;
        String earlierKey = ConfigKey.of(
                        identity.year(),
                        identity.make(),
                        identity.model(),
                        identity.trim(),
                        identity.engineCode(),
                        earlierDrivetrain)
                .value();
        assertThat(earlierKey).isNotEqualTo(identity.configKey());
        FactSource earlierRelease =
                FactSource.vpic("2025-06-30", "3f6a0c9e5b1d47a28c0e6f1b9d2a7c4e5f8b0a1d3c6e9f2b4a7d0c3e6f9b2a5d");
        String sibling = Vin.parse("1FTEW1EP0KFA00418").withCorrectCheckDigit().value();
        RegisterConfiguration earlier = new RegisterConfiguration(
                earlierKey,
                identity.year(),
                identity.make(),
                identity.model(),
                identity.trim(),
                identity.engineCode(),
                earlierDrivetrain,
                identity.label(),
                earlierRelease);
        commands.sendAndWait(earlier);
        commands.sendAndWait(new LinkVin(sibling, earlierKey, earlierRelease));

        EnrichmentCompleted completed = awaitCompletion(schedule(EARLIER_RELEASE_VIN));

        FactSource installed = FactSource.vpic(
                decoding.release().dataDate().toString(), decoding.release().sha256());
        assertThat(completed.configKey()).isEqualTo(earlierKey);
        assertThat(payloads(EARLIER_RELEASE_VIN)).contains(new VinLinked(EARLIER_RELEASE_VIN, earlierKey, installed));
        assertThat(payloads(earlierKey))
                .contains(new ConfigKeyAliased(earlierKey, identity.configKey(), installed))
                .filteredOn(SpecsRecorded.class::isInstance)
                .last()
                .satisfies(specs -> assertThat(((SpecsRecorded) specs).source()).isEqualTo(installed));
        assertThat(payloads(identity.configKey()))
                .as("no second configuration of the vehicle")
                .isEmpty();
    }

    @Test
    void theVendorIsAskedByTheDecodedIdentityWhenItDoesNotKnowTheVin() {
        String job = schedule(VENDOR_MODEL_VIN);

        assertThat(awaitCompletion(job).configKey()).isEqualTo(VENDOR_CONFIG);
        assertThat(payloads(VENDOR_MODEL_VIN))
                .filteredOn(VinLinked.class::isInstance)
                .extracting(link -> ((VinLinked) link).configKey())
                .containsExactly(VENDOR_CONFIG);
        assertThat(payloads(job))
                .filteredOn(EnrichmentStepCompleted.class::isInstance)
                .extracting(event -> ((EnrichmentStepCompleted) event).detail())
                .anySatisfy(detail -> assertThat(detail).contains("vendor knows it as " + VENDOR_CONFIG));
    }

    @Test
    void aVinWhoseModelVpicCannotTellFailsAsNotFound() {
        String job = schedule(NO_MODEL_VIN);

        EnrichmentFailed failed = awaitFailure(job);

        assertThat(failed.reason()).isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(failed.message()).contains(NO_MODEL_VIN).contains("cannot tell the model");
        assertThat(payloads(NO_MODEL_VIN)).isEmpty();
    }

    @Test
    void aVinWithoutAnEngineCodeFailsAsUnsupported() {
        String job = schedule(NO_ENGINE_CODE_VIN);

        assertThat(awaitFailure(job).reason()).isEqualTo(ErrorCode.UNSUPPORTED_VEHICLE);
    }

    /**
     * Its engine resolves from the EPA's entries of its model as the command side's own table holds them, kept by the
     * entries' events (no projection runs here): two engines are the failure's candidates; once a correction of an
     * entry leaves one, the engine code resolves and the vehicle is recorded. Sample data: 2021 X3 entries shaped
     * like the EPA's, their ids made up.
     */
    @Test
    void aVinWithoutAnEngineCodeGetsItFromTheEpasEntriesTheirEventsKeep() {
        commands.sendAndWait(new RecordEpaEntry(X3_XDRIVE30I, x3("X3 xDrive30i", 2021, "2.0", 4), EPA_MARCH));
        commands.sendAndWait(new RecordEpaEntry(X3_M40I, x3("X3 M40i", 2021, "3.0", 6), EPA_MARCH));
        try {
            assertThat(db.fetchCount(dev.vspec.storage.jooq.read.Tables.EPA_ENTRY))
                    .as("the projections' table")
                    .isZero();
            EnrichmentFailed failed = awaitFailure(schedule(NO_ENGINE_CODE_VIN));
            assertThat(failed.reason()).isEqualTo(ErrorCode.UNSUPPORTED_VEHICLE);
            assertThat(failed.message()).contains("as EPA id " + X3_XDRIVE30I, "as EPA id " + X3_M40I);

            // the M40i's entry is corrected to another model year: the 2021 X3 has one engine left
            commands.sendAndWait(new RecordEpaEntry(X3_M40I, x3("X3 M40i", 2022, "3.0", 6), EPA_APRIL));
            assertThat(awaitCompletion(schedule(NO_ENGINE_CODE_VIN)).configKey())
                    .startsWith("2021-bmw-x3-")
                    .contains("-2-0l-");
        } finally {
            // the test above expects no entry of the X3
            db.deleteFrom(EPA_ENTRY)
                    .where(EPA_ENTRY.EPA_ID.in(X3_XDRIVE30I, X3_M40I))
                    .execute();
        }
    }

    private static EpaVehicle x3(String model, int year, String displacement, int cylinders) {
        return EpaEntries.gasoline(
                year, "BMW", model, "X3", displacement, cylinders, "All-Wheel Drive", "Automatic (S8)", 22, 29, 25);
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

    private EnrichmentCompleted awaitCompletion(String job) {
        await().atMost(PROCESSED)
                .until(() -> payloads(job).stream()
                        .anyMatch(event -> event instanceof EnrichmentCompleted || event instanceof EnrichmentFailed));
        return payloads(job).stream()
                .filter(EnrichmentCompleted.class::isInstance)
                .map(EnrichmentCompleted.class::cast)
                .findFirst()
                .orElseThrow(() -> new AssertionError("job " + job + " failed: " + payloads(job)));
    }

    private EnrichmentFailed awaitFailure(String job) {
        await().atMost(PROCESSED).until(() -> payloads(job).stream().anyMatch(EnrichmentFailed.class::isInstance));
        return payloads(job).stream()
                .filter(EnrichmentFailed.class::isInstance)
                .map(EnrichmentFailed.class::cast)
                .findFirst()
                .orElseThrow();
    }

    private List<Object> payloads(String aggregate) {
        return events.readEvents(aggregate)
                .asStream()
                .map(EventMessage::getPayload)
                .map(Object.class::cast)
                .toList();
    }
}
