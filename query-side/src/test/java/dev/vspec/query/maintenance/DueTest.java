package dev.vspec.query.maintenance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.readmodel.ServiceItem;
import org.junit.jupiter.api.Test;

class DueTest {

    private static final ServiceItem OIL = item(7500, 12);
    private static final ServiceItem BRAKE_FLUID = item(null, 36);
    private static final ServiceItem PLUGS = item(100000, null);

    @Test
    void withNeitherValueEveryServiceIsDue() {
        Due anything = new Due(null, null);

        assertThat(anything.covers(OIL)).isTrue();
        assertThat(anything.covers(BRAKE_FLUID)).isTrue();
    }

    @Test
    void aPositiveMultipleOfTheMileageIntervalIsDue() {
        assertThat(new Due(7500, null).covers(OIL)).isTrue();
        assertThat(new Due(22500, null).covers(OIL)).isTrue();
        assertThat(new Due(7501, null).covers(OIL)).isFalse();
        assertThat(new Due(0, null).covers(OIL)).isFalse();
        assertThat(new Due(7500, null).covers(BRAKE_FLUID))
                .as("no mileage interval")
                .isFalse();
    }

    @Test
    void eitherUnitMatchingMakesItDue() {
        assertThat(new Due(1000, 24).covers(OIL)).as("months match").isTrue();
        assertThat(new Due(15000, 5).covers(OIL)).as("miles match").isTrue();
        assertThat(new Due(1000, 5).covers(OIL)).isFalse();
        assertThat(new Due(200000, 1).covers(PLUGS)).isTrue();
        assertThat(new Due(null, 36).covers(PLUGS)).as("no months interval").isFalse();
    }

    /** The largest values the route takes (MaintenanceParametersTest) are weighed like any other. */
    @Test
    void theLimitsAreWeighedLikeAnyValue() {
        assertThat(new Due(Due.MAX_MILEAGE, null).covers(PLUGS)).isTrue();
        assertThat(new Due(Due.MAX_MILEAGE, null).covers(OIL)).isFalse();
        assertThat(new Due(null, Due.MAX_MONTHS).covers(OIL)).isTrue();
        assertThat(new Due(Due.MAX_MILEAGE, Due.MAX_MONTHS).covers(BRAKE_FLUID)).isFalse();
    }

    private static ServiceItem item(Integer miles, Integer months) {
        return new ServiceItem("s", "d", new ServiceItem.Interval(miles, miles == null ? null : miles * 8 / 5, months));
    }
}
