package dev.vspec.query.listings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.query.listings.Paging.Keyed;
import dev.vspec.query.listings.Paging.Page;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PagingTest {

    @ParameterizedTest
    @CsvSource(
            nullValues = "null",
            value = {"null, 100", "'  ', 100", "1, 1", "' 25 ', 25", "1000, 1000", "0100, 100"})
    void limitIsOneToAThousandAndAHundredWhenAbsent(String limit, int expected) {
        assertThat(Paging.of(limit, null, 1).limit()).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "1001", "-1", "99999999999999", "ten", "1.5", "1e3"})
    void anyOtherLimitIsInvalidParam(String limit) {
        assertThatThrownBy(() -> Paging.of(limit, null, 1))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_PARAM))
                .hasMessageStartingWith("limit is a whole number from 1 to 1000");
    }

    @Test
    void aLimitThatIsNotANumberIsNotRepeated() {
        assertThatThrownBy(() -> Paging.of("vsk_live_secret", null, 1))
                .hasMessage("limit is a whole number from 1 to 1000");
        assertThatThrownBy(() -> Paging.of("1001", null, 1))
                .hasMessage("limit is a whole number from 1 to 1000; got 1001");
    }

    @Test
    void aPageOfAsManyRowsAsTheLimitIsTheLast() {
        Paging paging = Paging.of("2", null, 1);

        Page<String> page = paging.page(List.of(keyed("a"), keyed("b")));

        assertThat(paging.rows()).isEqualTo(3);
        assertThat(page.entries()).containsExactly("a", "b");
        assertThat(page.cursor()).isNull();
    }

    @Test
    void aRowBeyondTheLimitMeansAnotherPageAfterTheLastShownEntry() {
        Paging paging = Paging.of("2", null, 1);

        Page<String> page = paging.page(List.of(keyed("a"), keyed("b"), keyed("c")));

        assertThat(page.entries()).containsExactly("a", "b");
        assertThat(Paging.of("2", page.cursor(), 1).after()).containsExactly("key of b");
    }

    private static Keyed<String> keyed(String entry) {
        return new Keyed<>(entry, List.of("key of " + entry));
    }
}
