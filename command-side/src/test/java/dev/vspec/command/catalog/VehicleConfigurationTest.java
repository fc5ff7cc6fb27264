package dev.vspec.command.catalog;

import dev.vspec.command.AddressedCommandTargetResolver;
import static org.hamcrest.Matchers.containsString;

import dev.vspec.contracts.catalog.CacheExteriorImage;
import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.ExteriorImageCached;
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

    static final String KEY = "2019-honda-civic-lx-k20c2-fwd";
    static final RegisterConfiguration REGISTER = new RegisterConfiguration(
            KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "2019 Honda Civic LX 2.0L I4 CVT");
    static final ConfigurationRegistered REGISTERED = new ConfigurationRegistered(
            KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "2019 Honda Civic LX 2.0L I4 CVT");
    static final Fluid OIL = new Fluid("engine_oil", "API SP 0W-20", new BigDecimal("4.2"), new BigDecimal("4.4"),
            "with filter");
    static final Part FILTER = new Part("15400-PLM-A02", "Engine oil filter", "filter", "Honda", 1, "engine_oil_change");
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
                .expectEvents(REGISTERED);
    }

    @Test
    void registeringTheSameIdentityAgainEmitsNothing() {
        fixture.given(REGISTERED)
                .when(REGISTER)
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void registeringTheSameIdentityWithAnotherLabelCorrectsTheLabel() {
        fixture.given(REGISTERED)
                .when(new RegisterConfiguration(KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "2019 Honda Civic LX"))
                .expectEvents(new ConfigurationRegistered(KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD",
                        "2019 Honda Civic LX"));
    }

    @Test
    void registeringAnotherIdentityUnderTheSameKeyIsRefused() {
        // the same slug, cut into other fields
        fixture.given(REGISTERED)
                .when(new RegisterConfiguration(KEY, 2019, "Honda Civic", "LX", "K20C2", "FWD", null, "label"))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("is already registered as 2019 Honda Civic LX K20C2 FWD"))
                .expectNoEvents();
    }

    /** vPIC writes makes in capitals and some trims with other punctuation: still the same vehicle. */
    @Test
    void theSameIdentityWrittenInAnotherCaseOrPunctuationChangesNothing() {
        fixture.given(REGISTERED)
                .when(new RegisterConfiguration(KEY, 2019, "HONDA", "CIVIC", "lx", "k20c2", "fwd", REGISTERED.label()))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void registeringUnderAKeyThatIsNotDerivedFromTheIdentityIsRefused() {
        fixture.givenNoPriorActivity()
                .when(new RegisterConfiguration("2019-honda-civic-lx-k20c2", 2019, "Honda", "Civic", "LX", "K20C2", "FWD",
                        "label"))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("config_key must be 2019-honda-civic-lx-k20c2-fwd"))
                .expectNoEvents();
    }

    @Test
    void registeringWithABlankMakeIsRefused() {
        fixture.givenNoPriorActivity()
                .when(new RegisterConfiguration(KEY, 2019, " ", "Civic", "LX", "K20C2", "FWD", "label"))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("make must not be blank"));
    }

    @Test
    void recordingDataOfAnUnregisteredConfigurationIsRefused() {
        fixture.givenNoPriorActivity()
                .when(new RecordFluids(KEY, List.of(OIL)))
                .expectException(ApiException.class)
                .expectExceptionMessage("configuration " + KEY
                        + " is not registered; register it before recording its data")
                .expectNoEvents();
    }

    @Test
    void pricingAPartOfAnUnregisteredConfigurationIsRefused() {
        fixture.givenNoPriorActivity()
                .when(new PricePart(KEY, FILTER.partNumber(), new BigDecimal("9.86"), "USD", SEPTEMBER))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("is not registered"));
    }

    @Test
    void recordingFluidsEmitsFluidsRecorded() {
        fixture.given(REGISTERED)
                .when(new RecordFluids(KEY, List.of(OIL)))
                .expectEvents(new FluidsRecorded(KEY, List.of(OIL)));
    }

    @Test
    void reimportingTheSameFluidsEmitsNothing() {
        Fluid sameWrittenDifferently = new Fluid("engine_oil", "API SP 0W-20", new BigDecimal("4.20"),
                new BigDecimal("4.4"), "with filter");
        fixture.given(REGISTERED, new FluidsRecorded(KEY, List.of(OIL)))
                .when(new RecordFluids(KEY, List.of(sameWrittenDifferently)))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void changedFluidsAreRecordedAgain() {
        Fluid coolant = new Fluid("coolant", "Honda Type 2", new BigDecimal("5.1"), new BigDecimal("5.4"), null);
        fixture.given(REGISTERED, new FluidsRecorded(KEY, List.of(OIL)))
                .when(new RecordFluids(KEY, List.of(OIL, coolant)))
                .expectEvents(new FluidsRecorded(KEY, List.of(OIL, coolant)));
    }

    @Test
    void aNegativeCapacityIsRefused() {
        Fluid negative = new Fluid("engine_oil", "API SP 0W-20", new BigDecimal("-1"), new BigDecimal("4.4"), null);
        fixture.given(REGISTERED)
                .when(new RecordFluids(KEY, List.of(OIL, negative)))
                .expectException(ApiException.class)
                .expectExceptionMessage("fluids[1]: capacity_litres must not be negative; got -1")
                .expectNoEvents();
    }

    @Test
    void anEmptyFluidListIsRecordedAsNone() {
        fixture.given(REGISTERED)
                .when(new RecordFluids(KEY, List.of()))
                .expectEvents(new FluidsRecorded(KEY, List.of()));
    }

    @Test
    void reimportingTheSameSpecsEmitsNothing() {
        List<SpecItem> specs = List.of(new SpecItem("engine", "displacement", "2.0", "L"));
        fixture.given(REGISTERED, new SpecsRecorded(KEY, specs))
                .when(new RecordSpecs(KEY, specs))
                .expectNoEvents();
    }

    @Test
    void aSpecWithoutAValueIsRefused() {
        fixture.given(REGISTERED)
                .when(new RecordSpecs(KEY, List.of(new SpecItem("engine", "displacement", "", "L"))))
                .expectException(ApiException.class)
                .expectExceptionMessage("specs[0]: value must not be blank");
    }

    @Test
    void recordingTiresEmitsTiresRecorded() {
        fixture.given(REGISTERED)
                .when(new RecordTires(KEY, TIRES))
                .expectEvents(new TiresRecorded(KEY, TIRES));
    }

    @Test
    void reimportingTheSameTiresEmitsNothing() {
        fixture.given(REGISTERED, new TiresRecorded(KEY, TIRES))
                .when(new RecordTires(KEY, TIRES))
                .expectNoEvents();
    }

    @Test
    void aTireOnAnUnknownAxleIsRefused() {
        fixture.given(REGISTERED)
                .when(new RecordTires(KEY, List.of(new TireFitment("middle", "215/55R16", 93, "H", 220, 32))))
                .expectException(ApiException.class)
                .expectExceptionMessage("tires[0]: axle must be front, rear or both; got 'middle'");
    }

    @Test
    void reimportingTheSameServiceScheduleEmitsNothing() {
        List<ServiceInterval> schedule = List.of(
                new ServiceInterval("normal", "engine_oil_change", "Replace engine oil and filter", 7500, 12000, 12),
                new ServiceInterval("severe", "engine_oil_change", "Replace engine oil and filter", 3750, 6000, 6));
        fixture.given(REGISTERED, new ServiceScheduleRecorded(KEY, schedule))
                .when(new RecordServiceSchedule(KEY, schedule))
                .expectNoEvents();
    }

    @Test
    void aScheduleOtherThanNormalOrSevereIsRefused() {
        fixture.given(REGISTERED)
                .when(new RecordServiceSchedule(KEY, List.of(
                        new ServiceInterval("extreme", "engine_oil_change", "Replace engine oil", 3000, null, null))))
                .expectException(ApiException.class)
                .expectExceptionMessage("service_schedule[0]: schedule must be normal or severe; got 'extreme'");
    }

    @Test
    void anIntervalWithoutAnyBoundIsRefused() {
        fixture.given(REGISTERED)
                .when(new RecordServiceSchedule(KEY, List.of(
                        new ServiceInterval("normal", "cabin_filter", "Replace cabin filter", null, null, null))))
                .expectException(ApiException.class)
                .expectExceptionMessage("service_schedule[0]: give at least one of miles, kilometres, months");
    }

    @Test
    void reimportingTheSameLaborTimesEmitsNothing() {
        fixture.given(REGISTERED, new LaborTimesRecorded(KEY, List.of(
                        new LaborTime("engine_oil_change", "Replace engine oil and filter", new BigDecimal("0.5")))))
                .when(new RecordLaborTimes(KEY, List.of(
                        new LaborTime("engine_oil_change", "Replace engine oil and filter", new BigDecimal("0.50")))))
                .expectNoEvents();
    }

    @Test
    void negativeLaborHoursAreRefused() {
        fixture.given(REGISTERED)
                .when(new RecordLaborTimes(KEY, List.of(new LaborTime("brakes", "Replace pads", new BigDecimal("-0.1")))))
                .expectException(ApiException.class)
                .expectExceptionMessage("labor[0]: hours must not be negative; got -0.1");
    }

    @Test
    void recordingPartsEmitsPartsRecorded() {
        fixture.given(REGISTERED)
                .when(new RecordParts(KEY, List.of(FILTER)))
                .expectEvents(new PartsRecorded(KEY, List.of(FILTER)));
    }

    @Test
    void aPartWithoutQuantityIsRefused() {
        fixture.given(REGISTERED)
                .when(new RecordParts(KEY, List.of(new Part("15400-PLM-A02", "Oil filter", "filter", "Honda", 0, null))))
                .expectException(ApiException.class)
                .expectExceptionMessage("parts[0]: quantity must be positive; got 0");
    }

    @Test
    void pricingAListedPartEmitsPartPriced() {
        fixture.given(REGISTERED, new PartsRecorded(KEY, List.of(FILTER)))
                .when(new PricePart(KEY, FILTER.partNumber(), new BigDecimal("9.86"), "USD", SEPTEMBER))
                .expectEvents(new PartPriced(KEY, FILTER.partNumber(), new BigDecimal("9.86"), "USD", SEPTEMBER));
    }

    @Test
    void theSamePriceAgainEmitsNothing() {
        fixture.given(REGISTERED, new PartsRecorded(KEY, List.of(FILTER)),
                        new PartPriced(KEY, FILTER.partNumber(), new BigDecimal("9.8"), "USD", SEPTEMBER))
                .when(new PricePart(KEY, FILTER.partNumber(), new BigDecimal("9.80"), "USD", SEPTEMBER))
                .expectNoEvents();
    }

    @Test
    void aChangedAmountForTheSameDateIsRecorded() {
        fixture.given(REGISTERED, new PartsRecorded(KEY, List.of(FILTER)),
                        new PartPriced(KEY, FILTER.partNumber(), new BigDecimal("9.86"), "USD", SEPTEMBER))
                .when(new PricePart(KEY, FILTER.partNumber(), new BigDecimal("10.25"), "USD", SEPTEMBER))
                .expectEvents(new PartPriced(KEY, FILTER.partNumber(), new BigDecimal("10.25"), "USD", SEPTEMBER));
    }

    @Test
    void aPriceAsOfANewDateIsRecordedEvenWhenTheAmountIsTheSame() {
        LocalDate october = LocalDate.of(2026, 10, 1);
        fixture.given(REGISTERED, new PartsRecorded(KEY, List.of(FILTER)),
                        new PartPriced(KEY, FILTER.partNumber(), new BigDecimal("9.86"), "USD", SEPTEMBER))
                .when(new PricePart(KEY, FILTER.partNumber(), new BigDecimal("9.86"), "USD", october))
                .expectEvents(new PartPriced(KEY, FILTER.partNumber(), new BigDecimal("9.86"), "USD", october));
    }

    @Test
    void aPriceForAPartNotInThePartsListIsRefused() {
        fixture.given(REGISTERED, new PartsRecorded(KEY, List.of(FILTER)))
                .when(new PricePart(KEY, "08798-9036", new BigDecimal("7.50"), "USD", SEPTEMBER))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("part 08798-9036 is not in the parts list of " + KEY))
                .expectNoEvents();
    }

    @Test
    void aPriceBeforeAnyPartsListIsRefused() {
        fixture.given(REGISTERED)
                .when(new PricePart(KEY, FILTER.partNumber(), new BigDecimal("9.86"), "USD", SEPTEMBER))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("is not in the parts list"));
    }

    @Test
    void aCurrencyThatIsNotThreeUpperCaseLettersIsRefused() {
        fixture.given(REGISTERED, new PartsRecorded(KEY, List.of(FILTER)))
                .when(new PricePart(KEY, FILTER.partNumber(), new BigDecimal("9.86"), "usd", SEPTEMBER))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("currency must be 3 upper-case letters"));
    }

    @Test
    void anAmountWithMoreThanTwoDecimalsIsRefused() {
        fixture.given(REGISTERED, new PartsRecorded(KEY, List.of(FILTER)))
                .when(new PricePart(KEY, FILTER.partNumber(), new BigDecimal("9.865"), "USD", SEPTEMBER))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("amount has at most 2 decimals; got 9.865"));
    }

    @Test
    void aNegativeAmountIsRefused() {
        fixture.given(REGISTERED, new PartsRecorded(KEY, List.of(FILTER)))
                .when(new PricePart(KEY, FILTER.partNumber(), new BigDecimal("-1.00"), "USD", SEPTEMBER))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("amount must not be negative"));
    }

    @Test
    void cachingAnImageEmitsTheSha256OfItsBytes() {
        byte[] svg = "<svg xmlns='http://www.w3.org/2000/svg'/>".getBytes(StandardCharsets.UTF_8);
        fixture.given(REGISTERED)
                .when(new CacheExteriorImage(KEY, "image/svg+xml", svg))
                .expectEvents(new ExteriorImageCached(KEY, "image/svg+xml", svg, VehicleConfiguration.sha256(svg)));
    }

    @Test
    void theSameImageBytesAgainEmitNothing() {
        byte[] svg = "<svg xmlns='http://www.w3.org/2000/svg'/>".getBytes(StandardCharsets.UTF_8);
        fixture.given(REGISTERED, new ExteriorImageCached(KEY, "image/svg+xml", svg, VehicleConfiguration.sha256(svg)))
                .when(new CacheExteriorImage(KEY, "image/svg+xml", svg.clone()))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void anImageThatIsNotAnImageTypeIsRefused() {
        fixture.given(REGISTERED)
                .when(new CacheExteriorImage(KEY, "text/html", new byte[] {1}))
                .expectException(ApiException.class)
                .expectExceptionMessage(containsString("content_type must be an image type"));
    }

    @Test
    void anImageOverOneMebibyteIsRefused() {
        fixture.given(REGISTERED)
                .when(new CacheExteriorImage(KEY, "image/png", new byte[1024 * 1024 + 1]))
                .expectException(ApiException.class)
                .expectExceptionMessage("image: an image is at most 1 MiB (1048576 bytes); got 1048577 bytes");
    }

    @Test
    void anImageOfExactlyOneMebibyteIsAccepted() {
        byte[] image = new byte[1024 * 1024];
        fixture.given(REGISTERED)
                .when(new CacheExteriorImage(KEY, "image/png", image))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new ExteriorImageCached(KEY, "image/png", image, VehicleConfiguration.sha256(image)));
    }
}
