package dev.vspec.query.maintenance;

import dev.vspec.readmodel.ServiceItem;
import org.jspecify.annotations.Nullable;

/**
 * The point a maintenance lookup asks about: an odometer reading in miles and/or the vehicle's age in
 * months, either null. A service is due when a given value is a positive multiple of the service's
 * interval in that unit, whichever unit comes first; with neither value, every service counts.
 */
record Due(@Nullable Integer mileage, @Nullable Integer months) {

    static final int MAX_MILEAGE = 2_000_000;
    static final int MAX_MONTHS = 600;

    boolean anything() {
        return mileage == null && months == null;
    }

    boolean covers(ServiceItem service) {
        if (anything()) {
            return true;
        }
        ServiceItem.Interval interval = service.interval();
        return multipleOf(mileage, interval.miles()) || multipleOf(months, interval.months());
    }

    private static boolean multipleOf(Integer value, Integer every) {
        return value != null && every != null && every > 0 && value > 0 && value % every == 0;
    }
}
