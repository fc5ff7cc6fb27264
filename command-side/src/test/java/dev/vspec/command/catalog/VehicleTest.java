package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.error.ApiException;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class VehicleTest {

    static final String VIN = "19XFC2F59KE900101";
    static final String LX = "2019-honda-civic-lx-k20c2-fwd";
    static final String SPORT = "2019-honda-civic-sport-k20c2-fwd";

    private AggregateTestFixture<Vehicle> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Vehicle.class);
        fixture.registerCommandTargetResolver(new CatalogCommandTargetResolver());
    }

    @Test
    void linkingAVinEmitsVinLinked() {
        fixture.givenNoPriorActivity()
                .when(new LinkVin(VIN, LX))
                .expectEvents(new VinLinked(VIN, LX));
    }

    @Test
    void linkingTheSameConfigurationAgainEmitsNothing() {
        fixture.given(new VinLinked(VIN, LX))
                .when(new LinkVin(VIN, LX))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void linkingAnotherConfigurationCorrectsTheLink() {
        fixture.given(new VinLinked(VIN, LX))
                .when(new LinkVin(VIN, SPORT))
                .expectEvents(new VinLinked(VIN, SPORT));
    }

    @Test
    void aVinOfSixteenCharactersIsRefused() {
        fixture.givenNoPriorActivity()
                .when(new LinkVin("19XFC2F59KE90010", LX))
                .expectException(ApiException.class)
                .expectExceptionMessage("A VIN is exactly 17 characters; got 16")
                .expectNoEvents();
    }

    @Test
    void aVinWithTheLetterOIsRefused() {
        fixture.givenNoPriorActivity()
                .when(new LinkVin("19XFC2F59KEO00101", LX))
                .expectException(ApiException.class)
                .expectExceptionMessage("A VIN uses 0-9 and A-Z except I, O and Q; position 12 is 'O'");
    }

    @Test
    void aLowerCaseVinIsRefusedSoTheAggregateIdIsTheCanonicalVin() {
        fixture.givenNoPriorActivity()
                .when(new LinkVin("19xfc2f59ke900101", LX))
                .expectException(ApiException.class)
                .expectExceptionMessage("VIN 19xfc2f59ke900101 must be sent as 19XFC2F59KE900101");
    }

    @Test
    void linkingToSomethingThatIsNotAConfigKeyIsRefused() {
        fixture.givenNoPriorActivity()
                .when(new LinkVin(VIN, "Honda Civic"))
                .expectException(ApiException.class)
                .expectNoEvents();
    }
}
