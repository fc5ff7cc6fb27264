package dev.vspec.vpic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CopyTextTest {

    @Test
    void nullIsBackslashN() {
        assertThat(CopyText.row("1", null, "x")).isEqualTo("1\t\\N\tx\n");
    }

    @Test
    void separatorsAndBackslashesInsideAValueAreEscaped() {
        assertThat(CopyText.row("Seat belts = Driver: 3-point\nSide airbags (in seat).\r\n", "a\tb", "C:\\path"))
                .isEqualTo("Seat belts = Driver: 3-point\\nSide airbags (in seat).\\r\\n\ta\\tb\tC:\\\\path\n");
    }

    @Test
    void theTextNForNullAndTheEndOfDataMarkerStayValues() {
        assertThat(CopyText.row("\\N", "\\.")).isEqualTo("\\\\N\t\\\\.\n");
    }

    @Test
    void anEmptyValueIsNotNull() {
        assertThat(CopyText.row("", "")).isEqualTo("\t\n");
    }

    @Test
    void otherCharactersPassAsTheyAre() {
        assertThat(CopyText.row("Mercedes-Benz «AMG» 日本 \u0001")).isEqualTo("Mercedes-Benz «AMG» 日本 \u0001\n");
    }

    @Test
    void aNulCharacterIsRefused() {
        assertThatThrownBy(() -> CopyText.row("a\0b"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NUL");
    }

    @ParameterizedTest
    @CsvSource({
        "2016-03-02 16:47:05.727000, 2016-03-02 16:47:05.727000",
        "2026-03-12T04:06:32.436Z,   2026-03-12 04:06:32.436",
        "2026-03-12T04:06:32Z,       2026-03-12 04:06:32",
        "2015-01-01 00:00:00,        2015-01-01 00:00:00",
        "2015-01-01,                 2015-01-01 00:00:00",
        "2026-03-12T06:06:32+02:00,  2026-03-12 04:06:32",
        "2016-03-02T16:47,           2016-03-02 16:47",
    })
    void vpicTimesComeOutInOneShape(String vpic, String written) {
        assertThat(CopyText.timestamp(vpic)).isEqualTo(written);
    }

    @Test
    void aMissingTimeIsNullAndAnythingElseIsRefused() {
        assertThat(CopyText.timestamp(null)).isNull();
        assertThat(CopyText.timestamp(" ")).isNull();
        assertThatThrownBy(() -> CopyText.timestamp("03/02/2016"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'03/02/2016' is not a time");
        assertThatThrownBy(() -> CopyText.timestamp("2016-3-2")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CopyText.timestamp("2016-03-02 16:47:0")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CopyText.timestamp("2016-03-02 16:47:05."))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
