package dev.vspec.command.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.command.AddressedCommandTargetResolver;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.RecordServiceHistory;
import dev.vspec.contracts.catalog.ServiceHistoryRecorded;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.hamcrest.Description;
import org.hamcrest.Matcher;
import org.hamcrest.TypeSafeMatcher;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class VehicleTest {

    /** The operator's import file. */
    private static final FactSource SOURCE = FactSource.importFile("catalog.json", "5e0c3d9a");

    private static final FactSource VPIC = FactSource.vpic("2026-02-17", "f9b3118a");
    private static final FactSource VENDOR = FactSource.vendor("vspec reference vendor (sample data)", 12);

    static final String VIN = "19XFC2F59KE900101";
    static final String LX = "2019-honda-civic-lx-k20c2-fwd";
    static final String SPORT = "2019-honda-civic-sport-k20c2-fwd";

    static final ServiceRecord FIRST_VISIT = new ServiceRecord(
            LocalDate.of(2019, 9, 14), 7512, 12089, "dealer", List.of("engine_oil_change", "tire_rotation"));
    static final ServiceRecord SECOND_VISIT = new ServiceRecord(
            LocalDate.of(2020, 5, 2),
            14950,
            null,
            "independent",
            List.of("engine_oil_change", "tire_rotation", "cabin_air_filter"));
    static final ServiceRecord THIRD_VISIT =
            new ServiceRecord(LocalDate.of(2020, 5, 30), null, 24400, "owner", List.of("engine_air_filter"));

    private AggregateTestFixture<Vehicle> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Vehicle.class);
        fixture.registerCommandTargetResolver(new AddressedCommandTargetResolver());
    }

    @Test
    void linkingAVinEmitsVinLinked() {
        fixture.givenNoPriorActivity()
                .when(new LinkVin(VIN, LX, SOURCE))
                .expectEvents(new VinLinked(VIN, LX, SOURCE))
                .expectResultMessagePayload(FactChange.ADDED);
    }

    @Test
    void linkingTheSameConfigurationAgainEmitsNothing() {
        fixture.given(new VinLinked(VIN, LX, SOURCE))
                .when(new LinkVin(VIN, LX, SOURCE))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents()
                .expectResultMessagePayload(FactChange.UNCHANGED);
    }

    @Test
    void linkingAnotherConfigurationCorrectsTheLink() {
        fixture.given(new VinLinked(VIN, LX, SOURCE))
                .when(new LinkVin(VIN, SPORT, SOURCE))
                .expectEvents(new VinLinked(VIN, SPORT, SOURCE))
                .expectResultMessagePayload(FactChange.CHANGED);
    }

    @Test
    void aVinOfSixteenCharactersIsRefused() {
        fixture.givenNoPriorActivity()
                .when(new LinkVin("19XFC2F59KE90010", LX, SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage("A VIN is exactly 17 characters; got 16")
                .expectNoEvents();
    }

    @Test
    void aVinWithTheLetterOIsRefused() {
        fixture.givenNoPriorActivity()
                .when(new LinkVin("19XFC2F59KEO00101", LX, SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage("A VIN uses 0-9 and A-Z except I, O and Q; position 12 is 'O'");
    }

    @Test
    void aLowerCaseVinIsRefusedSoTheAggregateIdIsTheCanonicalVin() {
        fixture.givenNoPriorActivity()
                .when(new LinkVin("19xfc2f59ke900101", LX, SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage("VIN 19xfc2f59ke900101 must be sent as 19XFC2F59KE900101");
    }

    @Test
    void linkingToSomethingThatIsNotAConfigKeyIsRefused() {
        fixture.givenNoPriorActivity()
                .when(new LinkVin(VIN, "Honda Civic", SOURCE))
                .expectException(ApiException.class)
                .expectNoEvents();
    }

    @Test
    void recordingTheServiceHistoryOfALinkedVinEmitsServiceHistoryRecorded() {
        fixture.given(new VinLinked(VIN, LX, SOURCE))
                .when(history(FIRST_VISIT, SECOND_VISIT, THIRD_VISIT))
                .expectEvents(new ServiceHistoryRecorded(VIN, List.of(FIRST_VISIT, SECOND_VISIT, THIRD_VISIT), SOURCE))
                .expectResultMessagePayload(FactChange.ADDED);
    }

    @Test
    void recordingTheSameServiceHistoryAgainEmitsNothing() {
        fixture.given(
                        new VinLinked(VIN, LX, SOURCE),
                        new ServiceHistoryRecorded(VIN, List.of(FIRST_VISIT, SECOND_VISIT), SOURCE))
                .when(new RecordServiceHistory(VIN, new ArrayList<>(List.of(FIRST_VISIT, SECOND_VISIT)), SOURCE))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents()
                .expectResultMessagePayload(FactChange.UNCHANGED);
    }

    @Test
    void aChangedServiceHistoryReplacesTheEarlierOneAsAWhole() {
        fixture.given(
                        new VinLinked(VIN, LX, SOURCE),
                        new ServiceHistoryRecorded(VIN, List.of(FIRST_VISIT, SECOND_VISIT), SOURCE))
                .when(history(FIRST_VISIT))
                .expectEvents(new ServiceHistoryRecorded(VIN, List.of(FIRST_VISIT), SOURCE))
                .expectResultMessagePayload(FactChange.CHANGED);
    }

    @Test
    void relinkingTheVinKeepsItsServiceHistory() {
        fixture.given(
                        new VinLinked(VIN, LX, SOURCE),
                        new ServiceHistoryRecorded(VIN, List.of(FIRST_VISIT), SOURCE),
                        new VinLinked(VIN, SPORT, SOURCE))
                .when(history(FIRST_VISIT))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void theServiceHistoryOfAVinLinkedToNoConfigurationIsRefused() {
        fixture.givenNoPriorActivity()
                .when(history(FIRST_VISIT))
                .expectException(ApiException.class)
                .expectExceptionMessage("VIN " + VIN + " is not linked to a configuration; link it before recording"
                        + " its service history")
                .expectException(matching(ErrorCode.NOT_FOUND))
                .expectNoEvents();
    }

    @Test
    void theServiceHistoryOfALowerCaseVinIsRefused() {
        fixture.given(new VinLinked(VIN, LX, SOURCE))
                .when(new RecordServiceHistory(VIN.toLowerCase(), List.of(FIRST_VISIT), SOURCE))
                .expectException(ApiException.class)
                .expectExceptionMessage("VIN 19xfc2f59ke900101 must be sent as 19XFC2F59KE900101");
    }

    @Test
    void aVisitInTheFutureIsRefused() {
        LocalDate future = LocalDate.now().plusDays(3);
        refuses(
                history(FIRST_VISIT, visit(future, 15000, null, "dealer", "engine_oil_change")),
                "service_history[1]: performed_on must not be in the future; got " + future);
    }

    @Test
    void aVisitDatedTodayIsAccepted() {
        ServiceRecord today = visit(LocalDate.now(), 15000, null, "dealer", "engine_oil_change");
        fixture.given(new VinLinked(VIN, LX, SOURCE))
                .when(history(FIRST_VISIT, today))
                .expectEvents(new ServiceHistoryRecorded(VIN, List.of(FIRST_VISIT, today), SOURCE));
    }

    @Test
    void aVisitBefore1981IsRefused() {
        refuses(
                history(visit(LocalDate.of(1980, 12, 31), 100, null, "dealer", "engine_oil_change")),
                "service_history[0]: performed_on must not be before 1981-01-01; got 1980-12-31");
    }

    @Test
    void milesAndKilometresMoreThanThreePercentApartAreRefused() {
        refuses(
                history(visit(LocalDate.of(2019, 9, 14), 7512, 11500, "dealer", "engine_oil_change")),
                "service_history[0]: odometer_miles 7512 is 12089 km, more than 3% away from odometer_km 11500");
    }

    @Test
    void milesAndKilometresWithinThreePercentAreAccepted() {
        ServiceRecord close = visit(LocalDate.of(2019, 9, 14), 7512, 12400, "dealer", "engine_oil_change");
        fixture.given(new VinLinked(VIN, LX, SOURCE))
                .when(history(close))
                .expectEvents(new ServiceHistoryRecorded(VIN, List.of(close), SOURCE));
    }

    @Test
    void aVisitWithoutAnyOdometerReadingIsRefused() {
        refuses(
                history(visit(LocalDate.of(2019, 9, 14), null, null, "dealer", "engine_oil_change")),
                "service_history[0]: give at least one of odometer_miles, odometer_km");
    }

    @Test
    void aNegativeOdometerReadingIsRefused() {
        refuses(
                history(visit(LocalDate.of(2019, 9, 14), null, -5, "dealer", "engine_oil_change")),
                "service_history[0]: odometer_km must not be negative; got -5");
    }

    @Test
    void aWorkshopKindOutsideDealerIndependentFleetOwnerIsRefused() {
        refuses(
                history(visit(LocalDate.of(2019, 9, 14), 7512, null, "Joe's Garage", "engine_oil_change")),
                "service_history[0]: performed_by must be dealer, independent, fleet or owner; got 'Joe's Garage'");
    }

    @Test
    void aVisitWithoutServicesIsRefused() {
        refuses(
                history(visit(LocalDate.of(2019, 9, 14), 7512, null, "dealer")),
                "service_history[0]: services must list at least one service code");
    }

    @Test
    void aServiceThatIsNotALowerSnakeCaseCodeIsRefusedSoNoFreeTextGetsIn() {
        refuses(
                history(visit(
                        LocalDate.of(2019, 9, 14),
                        7512,
                        null,
                        "dealer",
                        "engine_oil_change",
                        "Customer says brakes squeal")),
                "service_history[0]: services[1] must be a lower_snake_case service code such as engine_oil_change"
                        + " (a-z, 0-9 and _, 2-64 characters); got 'Customer says brakes squeal'");
    }

    @Test
    void theSameServiceTwiceInOneVisitIsRefused() {
        refuses(
                history(visit(LocalDate.of(2019, 9, 14), 7512, null, "dealer", "tire_rotation", "tire_rotation")),
                "service_history[0]: services[1]: tire_rotation is listed twice");
    }

    @Test
    void visitsOutOfDateOrderAreRefused() {
        refuses(
                history(SECOND_VISIT, FIRST_VISIT),
                "service_history[1]: performed_on 2019-09-14 is before the previous visit's 2020-05-02;"
                        + " list visits oldest first");
    }

    @Test
    void anOdometerThatGoesBackIsRefused() {
        refuses(
                history(FIRST_VISIT, visit(LocalDate.of(2020, 1, 10), 7400, null, "dealer", "engine_oil_change")),
                "service_history[1]: the odometer went back from 7512 miles at the previous visit to 7400 miles");
    }

    @Test
    void anOdometerGoingBackIsFoundAcrossUnits() {
        refuses(
                history(SECOND_VISIT, visit(LocalDate.of(2020, 6, 1), null, 24000, "owner", "engine_air_filter")),
                "service_history[1]: the odometer went back from 14950 miles at the previous visit to 24000 km");
    }

    @Test
    void twoVisitsOnOneDayAtTheSameReadingAreAccepted() {
        ServiceRecord sameDay = visit(FIRST_VISIT.performedOn(), 7512, null, "independent", "wheel_alignment");
        fixture.given(new VinLinked(VIN, LX, SOURCE))
                .when(history(FIRST_VISIT, sameDay))
                .expectEvents(new ServiceHistoryRecorded(VIN, List.of(FIRST_VISIT, sameDay), SOURCE));
    }

    @Test
    void aMissingListOfVisitsIsRefused() {
        refuses(new RecordServiceHistory(VIN, null, SOURCE), "service_history must be a list (empty for none)");
    }

    @Test
    void theRulesLetTheLatestDateBeTodayWhereTheDayStartsFirst() {
        assertThat(CatalogRules.latestServiceDate())
                .isBetween(LocalDate.now().minusDays(1), LocalDate.now().plusDays(1));
    }

    private void refuses(RecordServiceHistory command, String message) {
        fixture.given(new VinLinked(VIN, LX, SOURCE))
                .when(command)
                .expectException(ApiException.class)
                .expectExceptionMessage(message)
                .expectException(matching(ErrorCode.INVALID_PARAM))
                .expectNoEvents();
    }

    private static RecordServiceHistory history(ServiceRecord... records) {
        return new RecordServiceHistory(VIN, List.of(records), SOURCE);
    }

    private static ServiceRecord visit(LocalDate on, Integer miles, Integer km, String by, String... services) {
        return new ServiceRecord(on, miles, km, by, List.of(services));
    }

    private static Matcher<ApiException> matching(ErrorCode code) {
        return new TypeSafeMatcher<>() {
            @Override
            protected boolean matchesSafely(ApiException e) {
                return e.code() == code;
            }

            @Override
            public void describeTo(Description description) {
                description.appendText("ApiException with code " + code);
            }
        };
    }

    @Test
    void theSameLinkFromAnotherSourceEmitsNothing() {
        fixture.given(new VinLinked(VIN, LX, SOURCE))
                .when(new LinkVin(VIN, LX, VPIC))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void aLinkFromVpicDoesNotReplaceTheLinkOfAnImport() {
        fixture.given(new VinLinked(VIN, LX, SOURCE))
                .when(new LinkVin(VIN, SPORT, VPIC))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void aLinkFromAVendorCorrectsTheLinkVpicMade() {
        fixture.given(new VinLinked(VIN, LX, VPIC))
                .when(new LinkVin(VIN, SPORT, VENDOR))
                .expectEvents(new VinLinked(VIN, SPORT, VENDOR));
    }

    @Test
    void aServiceHistoryFromASecondSourceIsRecordedAndRepeatedOnlyWhenThatSourceChangesIt() {
        fixture.given(new VinLinked(VIN, LX, SOURCE), new ServiceHistoryRecorded(VIN, List.of(FIRST_VISIT), SOURCE))
                .when(new RecordServiceHistory(VIN, List.of(FIRST_VISIT), VENDOR))
                .expectEvents(new ServiceHistoryRecorded(VIN, List.of(FIRST_VISIT), VENDOR));
        fixture.given(
                        new VinLinked(VIN, LX, SOURCE),
                        new ServiceHistoryRecorded(VIN, List.of(FIRST_VISIT), SOURCE),
                        new ServiceHistoryRecorded(VIN, List.of(FIRST_VISIT, SECOND_VISIT), VENDOR))
                .when(new RecordServiceHistory(VIN, List.of(FIRST_VISIT), SOURCE))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }
}
