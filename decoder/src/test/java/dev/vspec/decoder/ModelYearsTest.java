package dev.vspec.decoder;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ModelYearsTest {

    private static final VpicIndex.Schema SCHEMA =
            new VpicIndex.Schema(1, "synthetic test schema", false, null, new PatternKey[0], new int[] {0});

    @ParameterizedTest(name = "{0} is {1} in the later cycle")
    @CsvSource({
        "A, 2010", "H, 2017", "J, 2018", "N, 2022", "P, 2023", "R, 2024", "T, 2026", "V, 2027", "Y, 2030", "1, 2031",
        "9, 2039"
    })
    void readsPosition10(char code, int year) {
        assertThat(ModelYears.laterCycle(code)).isEqualTo(year);
    }

    @Test
    void someCharactersAreNoYearCode() {
        for (char c : "0IOQUZ".toCharArray()) {
            assertThat(ModelYears.isYearCode(c)).as("%s", c).isFalse();
            assertThat(ModelYears.laterCycle(c)).isNull();
        }
    }

    @Test
    void position7SettlesTheCycleForCarsMpvsAndLightTrucks() {
        VpicIndex.Wmi car = wmi(2, null, 1980, null);

        assertThat(ModelYears.read("1HGCM82633A004352", car, 2026)).isEqualTo(new ModelYears.Reading(2003, null, true));
        assertThat(ModelYears.read("1HGCM8A6XKA004352", car, 2026)).isEqualTo(new ModelYears.Reading(2019, null, true));
        // a truck vPIC marks light (truck type 1) too
        assertThat(ModelYears.read("1HGCM8A6XKA004352", wmi(3, 1, 1980, null), 2026)
                        .conclusive())
                .isTrue();
    }

    @Test
    void otherVehiclesKeepBothCandidates() {
        assertThat(ModelYears.read("JH2RC5005KM700000", wmi(1, null, 1980, null), 2026))
                .isEqualTo(new ModelYears.Reading(2019, 1989, false));
        assertThat(ModelYears.read("1FTEW1EP9KFA00000", wmi(3, null, 1980, null), 2026)
                        .other())
                .isEqualTo(1989);
    }

    @Test
    void aYearMoreThanTwoYearsAheadIsOfTheEarlierCycle() {
        // 'Y' would be 2030 for a motorcycle; in 2026 that is more than two years ahead
        assertThat(ModelYears.read("JH2RC5005YM700000", wmi(1, null, 1980, null), 2026))
                .isEqualTo(new ModelYears.Reading(2000, null, true));
        // 'W' is 2028, two years ahead: still open
        assertThat(ModelYears.read("JH2RC5005WM700000", wmi(1, null, 1980, null), 2026)
                        .other())
                .isEqualTo(1998);
    }

    @Test
    void aSettledYearWithoutSchemasMovesToTheCycleThatHasThem() {
        // a car whose WMI only has schemas up to 1999: position 7 says 2019, the schemas say 1989
        VpicIndex.Wmi old = wmi(2, null, 1981, 1999);

        assertThat(ModelYears.read("1HGCM8A6XKA004352", old, 2026).year()).isEqualTo(1989);
    }

    private static VpicIndex.Wmi wmi(int vehicleType, Integer truckType, int from, Integer to) {
        return new VpicIndex.Wmi(
                1,
                "1HG",
                "SYNTHETIC TEST MANUFACTURER",
                1,
                List.of(),
                vehicleType,
                "type",
                truckType,
                null,
                Long.MIN_VALUE,
                List.of(new VpicIndex.SchemaLink(SCHEMA, from, to)));
    }
}
