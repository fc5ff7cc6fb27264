package dev.vspec.query.listings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CursorTest {

    private static final List<String> KEY =
            List.of("land rover", "range rover sport", "hse", "2020-land-rover-range-rover-sport-hse-pt306");

    @Test
    void aCursorCarriesTheKeyItWasMadeOf() {
        assertThat(Cursor.decode(Cursor.encode(KEY), 4)).isEqualTo(KEY);
        assertThat(Cursor.decode(Cursor.encode(List.of("2019")), 1)).containsExactly("2019");
        assertThat(Cursor.decode(Cursor.encode(List.of("ä \"quoted\" , ]")), 1)).containsExactly("ä \"quoted\" , ]");
    }

    @Test
    void aCursorIsUrlSafeBase64WithoutPadding() {
        String cursor = Cursor.encode(List.of("??>>~~", "honda"));

        assertThat(cursor).matches("[A-Za-z0-9_-]+");
        assertThat(new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8))
                .isEqualTo("[\"??>>~~\",\"honda\"]");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "not a cursor", // not base64
                "bm90LWEtY3Vyc29y", // base64 of not-a-cursor: not JSON
                "eyJhIjoxfQ", // {"a":1}: not a list
                "bnVsbA", // null
                "W251bGxd", // [null]
                "W1siaG9uZGEiXV0", // [["honda"]]: a list in the list
                "WyJob25kYSIsImNpdmljIl0", // ["honda","civic"]: two values where the listing sorts by one
                "W10"
            }) // []
    void anythingButACursorOfTheListingsKeyIsInvalidParam(String cursor) {
        assertInvalid(() -> Cursor.decode(cursor, 1));
    }

    @Test
    void aCursorLongerThanAnyKeyIsRefusedBeforeItIsDecoded() {
        assertInvalid(() -> Cursor.decode("A".repeat(Cursor.MAX_LENGTH + 1), 1));
        assertInvalid(() -> Cursor.decode(Cursor.encode(List.of("k".repeat(161))), 1));
    }

    @Test
    void aYearInACursorIsDigits() {
        assertThat(Cursor.number("2019")).isEqualTo(2019);
        assertInvalid(() -> Cursor.number("20x9"));
        assertInvalid(() -> Cursor.number("-1"));
        assertInvalid(() -> Cursor.number("99999999999"));
    }

    private static void assertInvalid(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        assertThatThrownBy(call)
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_PARAM))
                .hasMessage(Cursor.MALFORMED);
    }
}
