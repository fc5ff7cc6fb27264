package dev.vspec.command.recalls;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The set of row hashes keeps what it was given while it grows past its first size many times, until it forgets. */
class RepeatedRowsTest {

    @Test
    void aRowIsSeenBeforeOnlyAfterItWasAdded() {
        RepeatedRows seen = new RepeatedRows();

        assertThat(IntStream.range(0, 100_000).filter(i -> seen.seenBefore(row(i), 0, row(i).length)))
                .as("first time")
                .isEmpty();
        assertThat(IntStream.range(0, 100_000).filter(i -> !seen.seenBefore(row(i), 0, row(i).length)))
                .as("second time")
                .isEmpty();
    }

    @Test
    void forgettingEmptiesEvenATableThatGrew() {
        RepeatedRows seen = new RepeatedRows();
        IntStream.range(0, 1_000).forEach(i -> seen.seenBefore(row(i), 0, row(i).length));

        seen.forgetAll();

        assertThat(IntStream.range(0, 1_000).filter(i -> seen.seenBefore(row(i), 0, row(i).length)))
                .isEmpty();
    }

    @Test
    void onlyTheBytesInTheRangeCount() {
        RepeatedRows seen = new RepeatedRows();
        seen.seenBefore(ascii("1\tsame row"), 2, 10);

        assertThat(seen.seenBefore(ascii("22\tsame row"), 3, 11)).isTrue();
        assertThat(seen.seenBefore(ascii("22\tsame row"), 0, 11)).isFalse();
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] row(int number) {
        return ascii("row " + number);
    }
}
