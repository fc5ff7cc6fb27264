package dev.vspec.cli.projections;

import dev.vspec.projections.runtime.RebuildProgress;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;

/**
 * Progress of a long step: a bar with items (events, rows) per second, items left and time left,
 * redrawn in place on a terminal, or a line every few seconds when the output is a file or a pipe.
 * The rebuild counts events; the vPIC install counts rows.
 */
public final class ProgressBar implements RebuildProgress {

    private static final int WIDTH = 30;
    private static final long REDRAW_NANOS = Duration.ofMillis(250).toNanos();
    private static final long LINE_NANOS = Duration.ofSeconds(5).toNanos();

    private final PrintWriter out;
    private final boolean terminal;
    private final String unit;
    private long total = -1;
    private long started;
    private long lastDrawn;
    private long read;
    private boolean drawnInPlace;

    public ProgressBar(PrintWriter out, boolean terminal) {
        this(out, terminal, "events");
    }

    /** @param unit what is counted, plural: {@code events}, {@code rows} */
    public ProgressBar(PrintWriter out, boolean terminal, String unit) {
        this.out = out;
        this.terminal = terminal;
        this.unit = unit;
    }

    @Override
    public void step(String description, long total) {
        finishLine();
        this.total = total;
        this.read = 0;
        this.started = System.nanoTime();
        this.lastDrawn = started;
        out.println(
                total >= 0 ? String.format(Locale.ROOT, "%s: %,d %s", description, total, unit) : description + " ...");
        out.flush();
    }

    @Override
    public void read(long events) {
        read = events;
        long now = System.nanoTime();
        if (now - lastDrawn >= (terminal ? REDRAW_NANOS : LINE_NANOS)) {
            lastDrawn = now;
            draw(now);
        }
    }

    /** Draws the final state of the last counted step and ends its line. */
    public void done() {
        finishLine();
    }

    private void finishLine() {
        if (total >= 0 && read > 0) {
            draw(System.nanoTime());
        }
        if (drawnInPlace) {
            out.println();
            drawnInPlace = false;
        }
        out.flush();
    }

    private void draw(long now) {
        out.print((terminal ? "\r" : "") + line(read, total, now - started, unit));
        if (terminal) {
            drawnInPlace = true;
        } else {
            out.println();
        }
        out.flush();
    }

    static String line(long read, long total, long elapsedNanos) {
        return line(read, total, elapsedNanos, "events");
    }

    /** One progress line, e.g. {@code [#######.......]  47%  1,200 of 2,550 events  600 events/s  1,350 left  ETA 2s}. */
    static String line(long read, long total, long elapsedNanos, String unit) {
        double rate = elapsedNanos > 0 ? read / (elapsedNanos / 1e9) : 0;
        long known = Math.max(total, read);
        double fraction = known == 0 ? 1 : (double) read / known;
        int filled = (int) Math.round(fraction * WIDTH);
        long left = Math.max(0, total - read);
        String eta = rate > 0 ? duration(Duration.ofMillis((long) (left / rate * 1000))) : "?";
        return String.format(
                Locale.ROOT,
                "  [%s%s] %3.0f%%  %,d of %,d %s  %,.0f %s/s  %,d left  ETA %s",
                "#".repeat(filled),
                ".".repeat(WIDTH - filled),
                fraction * 100,
                read,
                known,
                unit,
                rate,
                unit,
                left,
                eta);
    }

    /** {@code 850ms}, {@code 42.1s}, {@code 3m07s}, {@code 1h02m}. */
    static String duration(Duration duration) {
        long millis = duration.toMillis();
        if (millis < 1_000) {
            return millis + "ms";
        }
        if (millis < 60_000) {
            return String.format(Locale.ROOT, "%.1fs", millis / 1000.0);
        }
        long seconds = duration.toSeconds();
        if (seconds < 3_600) {
            return String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60);
        }
        return String.format(Locale.ROOT, "%dh%02dm", seconds / 3_600, seconds % 3_600 / 60);
    }
}
