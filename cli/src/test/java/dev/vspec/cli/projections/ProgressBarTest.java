package dev.vspec.cli.projections;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProgressBarTest {

    @Test
    void aLineShowsTheShareDoneTheRateWhatIsLeftAndTheTimeLeft() {
        String line = ProgressBar.line(1_200, 2_400, Duration.ofSeconds(2).toNanos());

        assertThat(line)
                .isEqualTo(
                        "  [###############...............]  50%  1,200 of 2,400 events  600 events/s  1,200 left  ETA 2.0s");
    }

    @Test
    void moreEventsThanCountedAtTheStartFillTheBarWithoutGoingPastIt() {
        assertThat(ProgressBar.line(130, 100, Duration.ofSeconds(1).toNanos()))
                .startsWith("  [##############################] 100%  130 of 130 events")
                .endsWith("0 left  ETA 0ms");
        assertThat(ProgressBar.line(0, 0, 0)).contains("100%").endsWith("ETA ?");
    }

    @Test
    void whatIsCountedIsNamedOnTheLine() {
        assertThat(ProgressBar.line(500_000, 1_000_000, Duration.ofSeconds(5).toNanos(), "rows"))
                .isEqualTo(
                        "  [###############...............]  50%  500,000 of 1,000,000 rows  100,000 rows/s  500,000 left  ETA 5.0s");
    }

    @Test
    void durationsReadAsAPersonWouldSayThem() {
        assertThat(ProgressBar.duration(Duration.ofMillis(850))).isEqualTo("850ms");
        assertThat(ProgressBar.duration(Duration.ofMillis(42_100))).isEqualTo("42.1s");
        assertThat(ProgressBar.duration(Duration.ofSeconds(187))).isEqualTo("3m07s");
        assertThat(ProgressBar.duration(Duration.ofMinutes(62))).isEqualTo("1h02m");
    }

    @Test
    void withoutATerminalEachStepAndTheEndAreLinesOfTheirOwn() {
        StringWriter text = new StringWriter();
        ProgressBar bar = new ProgressBar(new PrintWriter(text), false);

        bar.step("Reading the event store", 10);
        bar.read(10);
        bar.step("Indexing the new tables", -1);
        bar.done();

        assertThat(text.toString().lines().toList()).hasSize(3).first().isEqualTo("Reading the event store: 10 events");
        assertThat(text.toString().lines().toList().get(1)).contains("100%  10 of 10 events");
        assertThat(text.toString().lines().toList().get(2)).isEqualTo("Indexing the new tables ...");
        assertThat(text.toString()).doesNotContain("\r");
    }
}
