package dev.vspec.access;

import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;

/**
 * A calendar window a budget is counted in, in UTC: a key's requests per minute and reads per month,
 * the sandbox's requests per minute and per day.
 * Every instance derives the same window index from the time, so they share one bucket per window.
 */
public enum Window {
    MINUTE(Duration.ofMinutes(1)) {
        @Override
        public long index(Instant now) {
            return Math.floorDiv(now.getEpochSecond(), 60);
        }

        @Override
        public Instant end(long index) {
            return Instant.ofEpochSecond((index + 1) * 60);
        }
    },
    DAY(Duration.ofDays(1)) {
        @Override
        public long index(Instant now) {
            return Math.floorDiv(now.getEpochSecond(), SECONDS_PER_DAY);
        }

        @Override
        public Instant end(long index) {
            return Instant.ofEpochSecond((index + 1) * SECONDS_PER_DAY);
        }
    },
    MONTH(Duration.ofDays(31)) {
        /** The last month asked for, since nearly every request falls in the same one. */
        private volatile Span last = new Span(0, 0, 0);

        @Override
        public long index(Instant now) {
            Span span = last;
            long second = now.getEpochSecond();
            if (second >= span.start() && second < span.end()) {
                return span.index();
            }
            YearMonth month = YearMonth.from(now.atOffset(ZoneOffset.UTC));
            long index = month.getYear() * 12L + month.getMonthValue() - 1;
            last = new Span(
                    month.atDay(1).atStartOfDay().toEpochSecond(ZoneOffset.UTC),
                    end(index).getEpochSecond(),
                    index);
            return index;
        }

        @Override
        public Instant end(long index) {
            Span span = last;
            if (span.index() == index && span.end() > 0) {
                return Instant.ofEpochSecond(span.end());
            }
            YearMonth month =
                    YearMonth.of(Math.toIntExact(Math.floorDiv(index, 12)), (int) Math.floorMod(index, 12) + 1);
            return month.plusMonths(1).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
        }
    };

    private static final long SECONDS_PER_DAY = 86_400;

    private final Duration longest;

    Window(Duration longest) {
        this.longest = longest;
    }

    public abstract long index(Instant now);

    /** The first instant after the window. */
    public abstract Instant end(long index);

    /** No window is longer than this. */
    public Duration longest() {
        return longest;
    }

    /** The seconds [start, end) of one window. */
    private record Span(long start, long end, long index) {}
}
