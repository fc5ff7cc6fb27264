package dev.vspec.contracts.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VehicleIdentifierTest {

    private static VehicleIdentifier read(Map<String, String> params) {
        return VehicleIdentifier.from(params::get);
    }

    /** Refused with {@code code}, naming {@code param} in the error record (null: no single parameter). */
    private static void assertRefused(Map<String, String> params, ErrorCode code, String param, String messagePart) {
        assertThatThrownBy(() -> read(params))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(code);
                    assertThat(e.toError().param()).isEqualTo(param);
                })
                .hasMessageContaining(messagePart);
    }

    @Test
    void readsEachOfTheThreeModes() {
        assertThat(read(Map.of("vin", "1g4ah59h45g118341")))
                .isEqualTo(new VehicleIdentifier.ByVin(new Vin("1G4AH59H45G118341")));
        assertThat(read(Map.of("config_key", "2019-honda-civic-lx-k20c2-fwd")))
                .isEqualTo(new VehicleIdentifier.ByConfigKey("2019-honda-civic-lx-k20c2-fwd"));
        assertThat(read(Map.of("year", "2019", "make", "Honda", "model", "Civic", "trim", "LX")))
                .isEqualTo(new VehicleIdentifier.ByYearMakeModel(2019, "Honda", "Civic", "LX"));
        assertThat(read(Map.of("year", "2019", "make", "Honda", "model", "Civic")))
                .isEqualTo(new VehicleIdentifier.ByYearMakeModel(2019, "Honda", "Civic", null));
    }

    @Test
    void noModeIsMissingParam() {
        assertRefused(Map.of(), ErrorCode.MISSING_PARAM, null, "Pass vin, or year+make+model[+trim], or config_key");
        assertRefused(Map.of("vin", "  "), ErrorCode.MISSING_PARAM, null, "Pass vin");
    }

    @Test
    void anIncompleteYearMakeModelNamesWhatIsMissing() {
        assertRefused(Map.of("year", "2019", "make", "Honda"), ErrorCode.MISSING_PARAM, "model", "missing: model");
        assertRefused(Map.of("trim", "LX"), ErrorCode.MISSING_PARAM, "year", "missing: year, make, model");
    }

    @Test
    void twoModesAtOnceAreRefusedNamingEveryIdentifierParameterSent() {
        assertRefused(
                Map.of("vin", "1G4AH59H45G118341", "config_key", "2019-honda-civic-lx-k20c2-fwd"),
                ErrorCode.MISSING_PARAM,
                "vin,config_key",
                "this request names vin and config_key");
        assertRefused(
                Map.of("config_key", "2019-honda-civic-lx-k20c2-fwd", "make", "Honda", "year", "2019", "trim", " "),
                ErrorCode.MISSING_PARAM,
                "year,make,config_key",
                "this request names year+make+model and config_key");
    }

    @Test
    void aYearThatIsNotAModelYearIsInvalid() {
        assertRefused(
                Map.of("year", "19", "make", "Honda", "model", "Civic"), ErrorCode.INVALID_PARAM, "year", "four-digit");
        assertRefused(
                Map.of("year", "abcd", "make", "Honda", "model", "Civic"),
                ErrorCode.INVALID_PARAM,
                "year",
                "four-digit");
    }

    @Test
    void aShortVinIsInvalidVin() {
        assertRefused(Map.of("vin", "1G4AH59H45G11834"), ErrorCode.INVALID_VIN, "vin", "17 characters");
    }

    @Test
    void normalizationIgnoresCaseAndWhitespace() {
        assertThat(VehicleIdentifier.normalize("  F-150   Raptor ")).isEqualTo("f-150 raptor");
    }

    /** Folding whitespace is what the regular expression \\s+ did, on any text: tabs, line breaks, Unicode. */
    @Test
    void normalizingFoldsWhitespaceRunsAsTheRegularExpressionDid() {
        assertThat(VehicleIdentifier.normalize("\tSport\u000B \r\n Touring\f")).isEqualTo("sport touring");
        assertThat(VehicleIdentifier.normalize("MODEL\u00a0S")).isEqualTo("model\u00a0s");
        java.util.Random random = new java.util.Random(11);
        char[] alphabet = {' ', '\t', '\n', '\u000B', '\f', '\r', '\u00a0', '\u2003', 'A', 'b', '-', 'Ö', '1'};
        for (int round = 0; round < 2_000; round++) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(12); i > 0; i--) {
                text.append(alphabet[random.nextInt(alphabet.length)]);
            }
            String expected = text.toString().strip().replaceAll("\\s+", " ").toLowerCase(java.util.Locale.ROOT);
            assertThat(VehicleIdentifier.normalize(text.toString()))
                    .as("'%s'", text)
                    .isEqualTo(expected);
        }
    }

    @Test
    void aConfigKeyOfAnyShapeIsALookupThatMayFindNothing() {
        assertThat(read(Map.of("config_key", "2019 Honda Civic LX")))
                .isEqualTo(new VehicleIdentifier.ByConfigKey("2019 Honda Civic LX"));
        assertThat(read(Map.of("config_key", "Foo"))).isEqualTo(new VehicleIdentifier.ByConfigKey("Foo"));
    }

    @Test
    void aConfigKeyLongerThanAnyKeyIsInvalid() {
        assertRefused(
                Map.of("config_key", "k".repeat(ConfigKey.MAX_LENGTH + 1)),
                ErrorCode.INVALID_PARAM,
                "config_key",
                "at most 160 characters");
        assertThat(read(Map.of("config_key", "k".repeat(ConfigKey.MAX_LENGTH))))
                .isInstanceOf(VehicleIdentifier.ByConfigKey.class);
    }
}
