package dev.vspec.command.catalog;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hamcrest.Matchers.containsString;

import dev.vspec.command.AddressedCommandTargetResolver;
import dev.vspec.contracts.catalog.AliasConfigKey;
import dev.vspec.contracts.catalog.CacheExteriorImage;
import dev.vspec.contracts.catalog.ConfigKeyAliased;
import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.ExteriorImageCached;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.contracts.catalog.LaborTime;
import dev.vspec.contracts.catalog.LaborTimesRecorded;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.PartsRecorded;
import dev.vspec.contracts.catalog.PricePart;
import dev.vspec.contracts.catalog.RecordFluids;
import dev.vspec.contracts.catalog.RecordLaborTimes;
import dev.vspec.contracts.catalog.RecordParts;
import dev.vspec.contracts.catalog.RecordServiceSchedule;
import dev.vspec.contracts.catalog.RecordSpecs;
import dev.vspec.contracts.catalog.RecordTires;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.ServiceInterval;
import dev.vspec.contracts.catalog.ServiceScheduleRecorded;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.contracts.catalog.TireFitment;
import dev.vspec.contracts.catalog.TiresRecorded;
import dev.vspec.contracts.error.ApiException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class VehicleConfigurationTest {

    /** The operator's import file. */
    private static final FactSource SOURCE = FactSource.importFile("catalog.json", "5e0c3d9a");

    private static final FactSource VPIC = FactSource.vpic("2026-02-17", "f9b3118a");
    private static final FactSource VENDOR = FactSource.vendor("vspec reference vendor (sample data)", 12);

    static final String KEY = "2019-honda-civic-lx-k20c2-fwd";
    static final RegisterConfiguration REGISTER = new RegisterConfiguration(
            KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "2019 Honda Civic LX 2.0L I4 CVT", SOURCE);
    static final ConfigurationRegistered REGISTERED = new ConfigurationRegistered(
            KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "2019 Honda Civic LX 2.0L I4 CVT", SOURCE);
    static final Fluid OIL =
            new Fluid("engine_oil", "API SP 0W-20", new BigDecimal("4.2"), new BigDecimal("4.4"), "with filter");
    static final Part FILTER =
            new Part("15400-PLM-A02", "Engine oil filter", "filter", "Honda", 1, "engine_oil_change");
    static final List<TireFitment> TIRES = List.of(new TireFitment("both", "215/55R16", 93, "H", 220, 32));
    static final LocalDate SEPTEMBER = LocalDate.of(2026, 9, 1);

    private AggregateTestFixture<VehicleConfiguration> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(VehicleConfiguration.class);
        fixture.registerCommandTargetResolver(new AddressedCommandTargetResolver());
    }

    @Test
    void registeringANewConfigurationEmitsConfigurationRegistered() {
        fixture.givenNoPriorActivity()
                .when(REGISTER)
                .expectSuccessfulHandlerExecution()
                .expectEvents(REGISTERED)
                .expectResultMessagePayload(FactChange.ADDED);
    }

    @Test
    void registeringTheSameIdentityAgainEmitsNothing() {
        fixture.given(REGISTERED)
                .when(REGISTER)
                .expectSuccessfulHandlerExecution()
                .expectNoEvents()
                .expectResultMessagePayload(FactChange.UNCHANGED);
    }

    @Test
    void registeringTheSameIdentityWithAnotherLabelCorrectsTheLabel() {
        fixture.given(REGISTERED)
                .when(new RegisterConfiguration(
                        KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "2019 Honda Civic LX", SOURCE))
                .expectEvents(new ConfigurationRegistered(
                        KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "2019 Honda Civic LX", SOURCE))
                .expectResultMessagePayload(FactChange.CHANGED);
    }

    @Test
    void registeringAnotherIdentityUnderTheSameKeyIsRefused() {
        // the same slug, cut into other fields
        fixture.given(REGISTERED)
                .when(new RegisterConfiguration(KEY, 2019, "Honda Civic", "LX", "K20C2", "FWD", null, "label", SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("is already registered as 2019 Honda Civic LX K20C2 FWD"))
                .expectNoEvents();
    }

    /** vPIC writes makes in capitals and some trims with other punctuation: still the same vehicle. */
    @Test
    void theSameIdentityWrittenInAnotherCaseOrPunctuationChangesNothing() {
        fixture.given(REGISTERED)
                .when(new RegisterConfiguration(
                        KEY, 2019, "HONDA", "CIVIC", "lx", "k20c2", "fwd", REGISTERED.label(), SOURCE))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void registeringUnderAKeyThatIsNotDerivedFromTheIdentityIsRefused() {
        fixture.givenNoPriorActivity()
                .when(new RegisterConfiguration(
                        "2019-honda-civic-lx-k20c2", 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "label", SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("config_key must be 2019-honda-civic-lx-k20c2-fwd"))
                .expectNoEvents();
    }

    @Test
    void registeringWithABlankMakeIsRefused() {
        fixture.givenNoPriorActivity()
                .when(new RegisterConfiguration(KEY, 2019, " ", "Civic", "LX", "K20C2", "FWD", "label", SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("make must not be blank"));
    }

    @Test
    void recordingDataOfAnUnregisteredConfigurationIsRefused() {
        fixture.givenNoPriorActivity()
                .when(new RecordFluids(KEY, List.of(OIL), SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage(
                        "configuration " + KEY + " is not registered; register it before recording its data")
                .expectNoEvents();
    }

    @Test
    void pricingAPartOfAnUnregisteredConfigurationIsRefused() {
        fixture.givenNoPriorActivity()
                .when(new PricePart(KEY, FILTER.partNumber(), new BigDecimal("9.86"), "USD", SEPTEMBER, SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("is not registered"));
    }

    @Test
    void recordingFluidsEmitsFluidsRecorded() {
        fixture.given(REGISTERED)
                .when(new RecordFluids(KEY, List.of(OIL), SOURCE))
                .expectEvents(new FluidsRecorded(KEY, List.of(OIL), SOURCE))
                .expectResultMessagePayload(FactChange.ADDED);
    }

    @Test
    void reimportingTheSameFluidsEmitsNothing() {
        Fluid sameWrittenDifferently =
                new Fluid("engine_oil", "API SP 0W-20", new BigDecimal("4.20"), new BigDecimal("4.4"), "with filter");
        fixture.given(REGISTERED, new FluidsRecorded(KEY, List.of(OIL), SOURCE))
                .when(new RecordFluids(KEY, List.of(sameWrittenDifferently), SOURCE))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents()
                .expectResultMessagePayload(FactChange.UNCHANGED);
    }

    @Test
    void changedFluidsAreRecordedAgain() {
        Fluid coolant = new Fluid("coolant", "Honda Type 2", new BigDecimal("5.1"), new BigDecimal("5.4"), null);
        fixture.given(REGISTERED, new FluidsRecorded(KEY, List.of(OIL), SOURCE))
                .when(new RecordFluids(KEY, List.of(OIL, coolant), SOURCE))
                .expectEvents(new FluidsRecorded(KEY, List.of(OIL, coolant), SOURCE))
                .expectResultMessagePayload(FactChange.CHANGED);
    }

    @Test
    void aNegativeCapacityIsRefused() {
        Fluid negative = new Fluid("engine_oil", "API SP 0W-20", new BigDecimal("-1"), new BigDecimal("4.4"), null);
        fixture.given(REGISTERED)
                .when(new RecordFluids(KEY, List.of(OIL, negative), SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage("fluids[1]: capacity_litres must not be negative; got -1")
                .expectNoEvents();
    }

    @Test
    void anEmptyFluidListIsRecordedAsNone() {
        fixture.given(REGISTERED)
                .when(new RecordFluids(KEY, List.of(), SOURCE))
                .expectEvents(new FluidsRecorded(KEY, List.of(), SOURCE));
    }

    @Test
    void reimportingTheSameSpecsEmitsNothing() {
        List<SpecItem> specs = List.of(new SpecItem("engine", "displacement", "2.0", "L"));
        fixture.given(REGISTERED, new SpecsRecorded(KEY, specs, SOURCE))
                .when(new RecordSpecs(KEY, specs, SOURCE))
                .expectNoEvents();
    }

    @Test
    void aSpecWithoutAValueIsRefused() {
        fixture.given(REGISTERED)
                .when(new RecordSpecs(KEY, List.of(new SpecItem("engine", "displacement", "", "L")), SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage("specs[0]: value must not be blank");
    }

    @Test
    void recordingTiresEmitsTiresRecorded() {
        fixture.given(REGISTERED)
                .when(new RecordTires(KEY, TIRES, SOURCE))
                .expectEvents(new TiresRecorded(KEY, TIRES, SOURCE));
    }

    @Test
    void reimportingTheSameTiresEmitsNothing() {
        fixture.given(REGISTERED, new TiresRecorded(KEY, TIRES, SOURCE))
                .when(new RecordTires(KEY, TIRES, SOURCE))
                .expectNoEvents();
    }

    @Test
    void aTireOnAnUnknownAxleIsRefused() {
        fixture.given(REGISTERED)
                .when(new RecordTires(KEY, List.of(new TireFitment("middle", "215/55R16", 93, "H", 220, 32)), SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage("tires[0]: axle must be front, rear or both; got 'middle'");
    }

    @Test
    void reimportingTheSameServiceScheduleEmitsNothing() {
        List<ServiceInterval> schedule = List.of(
                new ServiceInterval("normal", "engine_oil_change", "Replace engine oil and filter", 7500, 12000, 12),
                new ServiceInterval("severe", "engine_oil_change", "Replace engine oil and filter", 3750, 6000, 6));
        fixture.given(REGISTERED, new ServiceScheduleRecorded(KEY, schedule, SOURCE))
                .when(new RecordServiceSchedule(KEY, schedule, SOURCE))
                .expectNoEvents();
    }

    @Test
    void aScheduleOtherThanNormalOrSevereIsRefused() {
        fixture.given(REGISTERED)
                .when(new RecordServiceSchedule(
                        KEY,
                        List.of(new ServiceInterval(
                                "extreme", "engine_oil_change", "Replace engine oil", 3000, null, null)),
                        SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage("service_schedule[0]: schedule must be normal or severe; got 'extreme'");
    }

    @Test
    void anIntervalWithoutAnyBoundIsRefused() {
        fixture.given(REGISTERED)
                .when(new RecordServiceSchedule(
                        KEY,
                        List.of(new ServiceInterval(
                                "normal", "cabin_filter", "Replace cabin filter", null, null, null)),
                        SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage("service_schedule[0]: give at least one of miles, kilometres, months");
    }

    @Test
    void reimportingTheSameLaborTimesEmitsNothing() {
        fixture.given(
                        REGISTERED,
                        new LaborTimesRecorded(
                                KEY,
                                List.of(new LaborTime(
                                        "engine_oil_change", "Replace engine oil and filter", new BigDecimal("0.5"))),
                                SOURCE))
                .when(new RecordLaborTimes(
                        KEY,
                        List.of(new LaborTime(
                                "engine_oil_change", "Replace engine oil and filter", new BigDecimal("0.50"))),
                        SOURCE))
                .expectNoEvents();
    }

    @Test
    void negativeLaborHoursAreRefused() {
        fixture.given(REGISTERED)
                .when(new RecordLaborTimes(
                        KEY, List.of(new LaborTime("brakes", "Replace pads", new BigDecimal("-0.1"))), SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage("labor[0]: hours must not be negative; got -0.1");
    }

    @Test
    void recordingPartsEmitsPartsRecorded() {
        fixture.given(REGISTERED)
                .when(new RecordParts(KEY, List.of(FILTER), SOURCE))
                .expectEvents(new PartsRecorded(KEY, List.of(FILTER), SOURCE));
    }

    @Test
    void aPartWithoutQuantityIsRefused() {
        fixture.given(REGISTERED)
                .when(new RecordParts(
                        KEY, List.of(new Part("15400-PLM-A02", "Oil filter", "filter", "Honda", 0, null)), SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage("parts[0]: quantity must be positive; got 0");
    }

    @Test
    void pricingAListedPartEmitsPartPriced() {
        fixture.given(REGISTERED, new PartsRecorded(KEY, List.of(FILTER), SOURCE))
                .when(new PricePart(KEY, FILTER.partNumber(), new BigDecimal("9.86"), "USD", SEPTEMBER, SOURCE))
                .expectEvents(
                        new PartPriced(KEY, FILTER.partNumber(), new BigDecimal("9.86"), "USD", SEPTEMBER, SOURCE))
                .expectResultMessagePayload(FactChange.ADDED);
    }

    @Test
    void theSamePriceAgainEmitsNothing() {
        fixture.given(
                        REGISTERED,
                        new PartsRecorded(KEY, List.of(FILTER), SOURCE),
                        new PartPriced(KEY, FILTER.partNumber(), new BigDecimal("9.8"), "USD", SEPTEMBER, SOURCE))
                .when(new PricePart(KEY, FILTER.partNumber(), new BigDecimal("9.80"), "USD", SEPTEMBER, SOURCE))
                .expectNoEvents()
                .expectResultMessagePayload(FactChange.UNCHANGED);
    }

    @Test
    void aChangedAmountForTheSameDateIsRecorded() {
        fixture.given(
                        REGISTERED,
                        new PartsRecorded(KEY, List.of(FILTER), SOURCE),
                        new PartPriced(KEY, FILTER.partNumber(), new BigDecimal("9.86"), "USD", SEPTEMBER, SOURCE))
                .when(new PricePart(KEY, FILTER.partNumber(), new BigDecimal("10.25"), "USD", SEPTEMBER, SOURCE))
                .expectEvents(
                        new PartPriced(KEY, FILTER.partNumber(), new BigDecimal("10.25"), "USD", SEPTEMBER, SOURCE))
                .expectResultMessagePayload(FactChange.CHANGED);
    }

    @Test
    void aPriceAsOfANewDateIsRecordedEvenWhenTheAmountIsTheSame() {
        LocalDate october = LocalDate.of(2026, 10, 1);
        fixture.given(
                        REGISTERED,
                        new PartsRecorded(KEY, List.of(FILTER), SOURCE),
                        new PartPriced(KEY, FILTER.partNumber(), new BigDecimal("9.86"), "USD", SEPTEMBER, SOURCE))
                .when(new PricePart(KEY, FILTER.partNumber(), new BigDecimal("9.86"), "USD", october, SOURCE))
                .expectEvents(new PartPriced(KEY, FILTER.partNumber(), new BigDecimal("9.86"), "USD", october, SOURCE));
    }

    @Test
    void aPriceForAPartNotInThePartsListIsRefused() {
        fixture.given(REGISTERED, new PartsRecorded(KEY, List.of(FILTER), SOURCE))
                .when(new PricePart(KEY, "08798-9036", new BigDecimal("7.50"), "USD", SEPTEMBER, SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("part 08798-9036 is not in the parts list of " + KEY))
                .expectNoEvents();
    }

    @Test
    void aPriceBeforeAnyPartsListIsRefused() {
        fixture.given(REGISTERED)
                .when(new PricePart(KEY, FILTER.partNumber(), new BigDecimal("9.86"), "USD", SEPTEMBER, SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("is not in the parts list"));
    }

    @Test
    void aCurrencyThatIsNotThreeUpperCaseLettersIsRefused() {
        fixture.given(REGISTERED, new PartsRecorded(KEY, List.of(FILTER), SOURCE))
                .when(new PricePart(KEY, FILTER.partNumber(), new BigDecimal("9.86"), "usd", SEPTEMBER, SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("currency must be 3 upper-case letters"));
    }

    @Test
    void anAmountWithMoreThanTwoDecimalsIsRefused() {
        fixture.given(REGISTERED, new PartsRecorded(KEY, List.of(FILTER), SOURCE))
                .when(new PricePart(KEY, FILTER.partNumber(), new BigDecimal("9.865"), "USD", SEPTEMBER, SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("amount has at most 2 decimals; got 9.865"));
    }

    @Test
    void aNegativeAmountIsRefused() {
        fixture.given(REGISTERED, new PartsRecorded(KEY, List.of(FILTER), SOURCE))
                .when(new PricePart(KEY, FILTER.partNumber(), new BigDecimal("-1.00"), "USD", SEPTEMBER, SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("amount must not be negative"));
    }

    @Test
    void cachingAnImageEmitsTheSha256OfItsBytes() {
        byte[] svg = "<svg xmlns='http://www.w3.org/2000/svg'/>".getBytes(StandardCharsets.UTF_8);
        fixture.given(REGISTERED)
                .when(new CacheExteriorImage(KEY, "image/svg+xml", svg, SOURCE))
                .expectEvents(
                        new ExteriorImageCached(KEY, "image/svg+xml", svg, VehicleConfiguration.sha256(svg), SOURCE));
    }

    @Test
    void theSameImageBytesAgainEmitNothing() {
        byte[] svg = "<svg xmlns='http://www.w3.org/2000/svg'/>".getBytes(StandardCharsets.UTF_8);
        fixture.given(
                        REGISTERED,
                        new ExteriorImageCached(KEY, "image/svg+xml", svg, VehicleConfiguration.sha256(svg), SOURCE))
                .when(new CacheExteriorImage(KEY, "image/svg+xml", svg.clone(), SOURCE))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void anImageThatIsNotAnImageTypeIsRefused() {
        fixture.given(REGISTERED)
                .when(new CacheExteriorImage(KEY, "text/html", new byte[] {1}, SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("content_type must be an image type"));
    }

    @Test
    void anImageOverOneMebibyteIsRefused() {
        fixture.given(REGISTERED)
                .when(new CacheExteriorImage(KEY, "image/png", new byte[1024 * 1024 + 1], SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage("image: an image is at most 1 MiB (1048576 bytes); got 1048577 bytes");
    }

    @Test
    void anImageOfExactlyOneMebibyteIsAccepted() {
        byte[] image = new byte[1024 * 1024];
        fixture.given(REGISTERED)
                .when(new CacheExteriorImage(KEY, "image/png", image, SOURCE))
                .expectSuccessfulHandlerExecution()
                .expectEvents(
                        new ExteriorImageCached(KEY, "image/png", image, VehicleConfiguration.sha256(image), SOURCE));
    }

    @Test
    void aCommandThatDoesNotSayWhereItsFactCameFromIsRefused() {
        assertThatThrownBy(() -> new RecordFluids(KEY, List.of(OIL), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("RecordFluids needs a source");
        assertThatThrownBy(() ->
                        new RegisterConfiguration(KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "label", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("RegisterConfiguration needs a source");
    }

    @Test
    void theSameIdentityFromAnotherSourceEmitsNothing() {
        fixture.given(REGISTERED)
                .when(new RegisterConfiguration(
                        KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "2019 Honda Civic LX 2.0L I4 CVT", VPIC))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void aLabelFromVpicDoesNotReplaceTheLabelOfAnImport() {
        fixture.given(REGISTERED)
                .when(new RegisterConfiguration(
                        KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "2019 Honda Civic LX", VPIC))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void aLabelFromAnImportReplacesTheLabelVpicGave() {
        fixture.given(new ConfigurationRegistered(
                        KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "2019 Honda Civic LX", VPIC))
                .when(REGISTER)
                .expectEvents(REGISTERED);
    }

    @Test
    void aVpicSpecSheetRecordedAfterAnImportsIsRecordedToo() {
        List<SpecItem> imported = List.of(new SpecItem("engine", "displacement", "2.0", "L"));
        List<SpecItem> decoded = List.of(new SpecItem("engine", "displacement", "1.996", "L"));
        fixture.given(REGISTERED, new SpecsRecorded(KEY, imported, SOURCE))
                .when(new RecordSpecs(KEY, decoded, VPIC))
                .expectEvents(new SpecsRecorded(KEY, decoded, VPIC));
    }

    @Test
    void theSameSpecSheetFromASecondSourceIsRecordedWithThatSource() {
        List<SpecItem> specs = List.of(new SpecItem("engine", "displacement", "2.0", "L"));
        fixture.given(REGISTERED, new SpecsRecorded(KEY, specs, VPIC))
                .when(new RecordSpecs(KEY, specs, SOURCE))
                .expectEvents(new SpecsRecorded(KEY, specs, SOURCE));
    }

    @Test
    void reimportingAfterVpicSaidOtherwiseEmitsNothing() {
        List<SpecItem> imported = List.of(new SpecItem("engine", "displacement", "2.0", "L"));
        fixture.given(
                        REGISTERED,
                        new SpecsRecorded(KEY, imported, SOURCE),
                        new SpecsRecorded(KEY, List.of(new SpecItem("engine", "displacement", "1.996", "L")), VPIC))
                .when(new RecordSpecs(KEY, imported, SOURCE))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void aNewVpicReleaseSayingTheSameEmitsNothing() {
        List<SpecItem> decoded = List.of(new SpecItem("engine", "cylinders", "4", null));
        fixture.given(REGISTERED, new SpecsRecorded(KEY, decoded, VPIC))
                .when(new RecordSpecs(KEY, decoded, FactSource.vpic("2026-05-20", "0b1c")))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void anEditedImportFileWhoseFluidsDidNotChangeEmitsNothing() {
        fixture.given(REGISTERED, new FluidsRecorded(KEY, List.of(OIL), SOURCE))
                .when(new RecordFluids(KEY, List.of(OIL), FactSource.importFile("catalog.json", "77aa01")))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void aVendorsPriceForAPartTheImportPricedIsRecordedOnceAndRepeatedOnlyWhenItChanges() {
        fixture.given(
                        REGISTERED,
                        new PartsRecorded(KEY, List.of(FILTER), SOURCE),
                        new PartPriced(KEY, FILTER.partNumber(), new BigDecimal("9.42"), "USD", SEPTEMBER, SOURCE),
                        new PartPriced(KEY, FILTER.partNumber(), new BigDecimal("9.80"), "USD", SEPTEMBER, VENDOR))
                .when(new PricePart(
                        KEY,
                        FILTER.partNumber(),
                        new BigDecimal("9.80"),
                        "USD",
                        SEPTEMBER,
                        FactSource.vendor("vspec reference vendor (sample data)", 40)))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
        fixture.given(
                        REGISTERED,
                        new PartsRecorded(KEY, List.of(FILTER), SOURCE),
                        new PartPriced(KEY, FILTER.partNumber(), new BigDecimal("9.42"), "USD", SEPTEMBER, SOURCE))
                .when(new PricePart(KEY, FILTER.partNumber(), new BigDecimal("9.42"), "USD", SEPTEMBER, VENDOR))
                .expectEvents(
                        new PartPriced(KEY, FILTER.partNumber(), new BigDecimal("9.42"), "USD", SEPTEMBER, VENDOR));
    }

    @Test
    void eventsStoredBeforeFactsCarriedASourceCountAsOneUnknownSourceOfAVendorsRank() {
        ConfigurationRegistered unsourced = new ConfigurationRegistered(
                KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "2019 Honda Civic LX 2.0L I4 CVT", null);
        fixture.given(unsourced, new FluidsRecorded(KEY, List.of(OIL), null))
                .when(new RecordFluids(KEY, List.of(OIL), SOURCE))
                .expectEvents(new FluidsRecorded(KEY, List.of(OIL), SOURCE));
        fixture.given(unsourced)
                .when(new RegisterConfiguration(
                        KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "vPIC's label", VPIC))
                .expectNoEvents();
        fixture.given(unsourced)
                .when(new RegisterConfiguration(
                        KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "the file's label", SOURCE))
                .expectEvents(new ConfigurationRegistered(
                        KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "the file's label", SOURCE));
    }

    @Test
    void anAliasIsRecordedOnceAndMustBeAnotherKey() {
        String alias = "2019-honda-civic-lx-k20c2";
        fixture.given(REGISTERED)
                .when(new AliasConfigKey(KEY, alias, VPIC))
                .expectEvents(new ConfigKeyAliased(KEY, alias, VPIC))
                .expectResultMessagePayload(FactChange.ADDED);
        fixture.given(REGISTERED, new ConfigKeyAliased(KEY, alias, VPIC))
                .when(new AliasConfigKey(KEY, alias, FactSource.vpic("2026-08-04", "0c41d7e2")))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents()
                .expectResultMessagePayload(FactChange.UNCHANGED);
        fixture.given(REGISTERED)
                .when(new AliasConfigKey(KEY, KEY, VPIC))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("an alias is another config_key"));
        fixture.given(REGISTERED)
                .when(new AliasConfigKey(KEY, "Civic LX", VPIC))
                .expectException(ApiException.class);
        fixture.givenNoPriorActivity()
                .when(new AliasConfigKey(KEY, alias, VPIC))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("is not registered"));
    }
}
