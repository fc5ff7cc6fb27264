package dev.vspec.contracts.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class VinTest {

    @Test
    void computesTheCheckDigitOfTheRegulationsWorkedExample() {
        assertThat(Vin.checkDigitOf("1G4AH59H?5G118341")).isEqualTo('4');
    }

    @Test
    void remainderTenIsWrittenAsX() {
        // 1M8GDM9A_KP042788 sums to a remainder of 10
        assertThat(Vin.checkDigitOf("1M8GDM9A?KP042788")).isEqualTo('X');
    }

    @Test
    void acceptsLowerCaseByUpperCasingIt() {
        Vin vin = Vin.parse("1g4ah59h45g118341");
        assertThat(vin.value()).isEqualTo("1G4AH59H45G118341");
        assertThat(vin.hasValidCheckDigit()).isTrue();
    }

    @Test
    void aWrongCheckDigitIsNotARefusalAndCanBeCorrected() {
        Vin vin = Vin.parse("1G4AH59H75G118341");
        assertThat(vin.hasValidCheckDigit()).isFalse();
        assertThat(vin.withCorrectCheckDigit().value()).isEqualTo("1G4AH59H45G118341");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1G4AH59H45G11834", "1G4AH59H45G1183411", "1G4AH59H45G118341 ", " 1G4AH59H45G118341"})
    void refusesAnythingButSeventeenCharacters(String raw) {
        assertThatThrownBy(() -> Vin.parse(raw))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_VIN))
                .hasMessageContaining("17 characters");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "1G4AH59H45G11834I",
                "1G4AH59H45G11834O",
                "1G4AH59H45G11834Q",
                "1G4AH59H4 G118341",
                "1G4AH59H45G11834-"
            })
    void refusesCharactersAVinNeverHas(String raw) {
        assertThatThrownBy(() -> Vin.parse(raw))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_VIN))
                .hasMessageContaining("position");
    }

    @Test
    void tellsTheCallerToStripSpaces() {
        assertThatThrownBy(() -> Vin.parse("1G4AH59H4 5G118341")).hasMessageContaining("strip spaces");
    }

    @Test
    void refusesAMissingVin() {
        assertThatThrownBy(() -> Vin.parse(null)).isInstanceOf(ApiException.class);
    }

    @Test
    void aCanonicalVinIsOneWrittenAsParseWritesIt() {
        assertThat(Vin.canonical("19XFC2F52KE715372").value()).isEqualTo("19XFC2F52KE715372");
        assertThatThrownBy(() -> Vin.canonical("19xfc2f52ke715372"))
                .isInstanceOf(ApiException.class)
                .hasMessage("VIN 19xfc2f52ke715372 must be sent as 19XFC2F52KE715372");
    }
}
