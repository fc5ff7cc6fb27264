package dev.vspec.query.vehicle;

import dev.vspec.readmodel.GroupDocument;
import java.time.OffsetDateTime;
import java.util.Map;

/**
 * When the facts behind a resolved vehicle's answers were recorded, beside the groups its coverage shows
 * ({@link Coverage#lastChange}).
 *
 * @param picked        what chose the configuration: a VIN's link or a key's alias; {@link LastChange#NOTHING} when
 *                      the identifier names it by its own row (a key, a year, make and model), unknown when a VIN's
 *                      decode matched it
 * @param configuration when the configuration's own record was
 * @param bodies        per stored document, when its body last changed, which for parts is when a price of a part it
 *                      lists was recorded if that came after its list; no entry where the configuration has none
 */
public record ChangeTimes(LastChange picked, OffsetDateTime configuration, Map<GroupDocument<?>, OffsetDateTime> bodies) {

    /** The times of a configuration that is never answered (a candidate of a 409). */
    static final ChangeTimes UNKNOWN = new ChangeTimes(LastChange.UNKNOWN, null, Map.of());

    /** The same times, the configuration picked also by a fact with these times. */
    ChangeTimes pickedBy(LastChange more) {
        return new ChangeTimes(picked.and(more), configuration, bodies);
    }
}
