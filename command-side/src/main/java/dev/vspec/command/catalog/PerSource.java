package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.FactSource;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The last value each source recorded of one data group. An aggregate emits an event only when a
 * source says something other than what that same source said last, so re-importing a file changes
 * nothing, while a second source's differing value is still recorded (the event log keeps both; the
 * read side shows the one of highest precedence). A source is its kind and name: a new version of
 * the same file, the same vendor answering again or another vPIC release saying the same is no change.
 * Events stored before sources were recorded count as one unknown source.
 *
 * @param <T> the group's value, compared with {@link Objects#equals} after normalizing
 */
final class PerSource<T> {

    private final Map<String, T> last = new HashMap<>();

    /** What recording {@code value} would do: add the source's first value, change its last one, or nothing. */
    FactChange change(FactSource source, T value) {
        String key = keyOf(source);
        if (!last.containsKey(key)) {
            return FactChange.ADDED;
        }
        return Objects.equals(last.get(key), value) ? FactChange.UNCHANGED : FactChange.CHANGED;
    }

    void record(FactSource source, T value) {
        last.put(keyOf(source), value);
    }

    /** Every source's last value. */
    Collection<T> values() {
        return last.values();
    }

    static String keyOf(FactSource source) {
        return source == null ? "unknown" : source.kind() + ":" + source.name();
    }
}
