package dev.vspec.platform.web;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Lets one log line of each kind through per interval and counts the rest, so that a flood of the
 * same event (a client repeating a bad request, a failure every request meets) costs a line an
 * interval instead of a line each. The kinds must be few (an error code, an exception type), never
 * anything a client chooses.
 */
public final class LogThrottle {

    /** What {@link #pass} answers for a line to leave out. */
    public static final long HELD_BACK = -1;

    private final Duration interval;
    private final Clock clock;
    private final Map<String, Window> windows = new ConcurrentHashMap<>();

    public LogThrottle(Duration interval, Clock clock) {
        this.interval = interval;
        this.clock = clock;
    }

    /**
     * Whether a line of {@code kind} may be logged now: {@link #HELD_BACK} when one was within the
     * interval (this one is counted), else how many were held back since the last one logged.
     */
    public long pass(String kind) {
        Instant now = clock.instant();
        long[] heldBack = {HELD_BACK};
        windows.compute(kind, (key, window) -> {
            if (window != null && now.isBefore(window.opened().plus(interval))) {
                return new Window(window.opened(), window.heldBack() + 1);
            }
            heldBack[0] = window == null ? 0 : window.heldBack();
            return new Window(now, 0);
        });
        return heldBack[0];
    }

    /** The suffix a logged line carries when others of its kind were held back before it. */
    public String heldBackNote(long heldBack) {
        return heldBack > 0 ? " (" + heldBack + " more like it since the last one logged were not logged)" : "";
    }

    private record Window(Instant opened, long heldBack) {}
}
