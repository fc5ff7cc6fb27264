package dev.vspec.decoder;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EngineCodeTest {

    @ParameterizedTest(name = "''{0}'' gives code {1}")
    @CsvSource(
            nullValues = "none",
            value = {
                "K20C2, K20C2",
                "2GR-FKS, 2GR-FKS",
                "L83, L83",
                "B4204T (B5), B4204T",
                "AJ133 S/C, AJ133",
                "K419-, K419",
                // vPIC writes the Prius's 1NZ-FXE with a letter I: no digit, no code
                "INZ-FXE+3CM, none",
                "1NZ-FXE+3CM, 1NZ-FXE",
                "m276, M276",
                // family labels, descriptions and generic designations are no manufacturer code
                "GTDI, none",
                "TSI, none",
                "3.5L V6 Cyclone, none",
                "Series 60, none",
                "3406, none",
                "2BBL, none",
                "4V, none",
                "V6, none",
                "2.7L-4V, none",
                "PC44E-2100001, none",
                "Electric Motor, none"
            })
    void readsAManufacturerCode(String engineModel, String code) {
        assertThat(EngineCode.manufacturerCode(engineModel)).isEqualTo(code);
    }

    @ParameterizedTest(name = "{0} l, {1} cylinders, {2}, {3}: {4}")
    @CsvSource(
            nullValues = "none",
            value = {
                "2.0, 4, In-Line, Gasoline, 2.0l-i4",
                "2.998, 6, V-Shaped, Diesel, 3.0l-v6-diesel",
                "2.5, 4, Horizontally opposed (boxer), Gasoline, 2.5l-h4",
                "1.6, 4, none, none, 1.6l-4cyl",
                "0.745, 2, V-Shaped, Gasoline, 745cc-v2",
                "5.3, 8, V-Shaped, Flexible Fuel Vehicle (FFV), 5.3l-v8-flex",
                "none, none, none, Electric, electric",
                "none, 4, In-Line, Gasoline, none",
                "2.0, none, In-Line, Gasoline, none"
            })
    void derivesADesignationOtherwise(
            String litres, Integer cylinders, String configuration, String fuel, String code) {
        assertThat(EngineCode.derived(litres, cylinders, configuration, fuel)).isEqualTo(code);
    }

    @Test
    void saysWhichItIs() {
        assertThat(EngineCode.resolve("K20C2", "2.0", 4, "In-Line", "Gasoline").derived())
                .isFalse();
        assertThat(EngineCode.resolve("GTDI", "2.0", 4, "In-Line", "Gasoline"))
                .isEqualTo(
                        new EngineCode(
                                "2.0l-i4",
                                true,
                                "derived from vPIC's displacement, cylinders and fuel (engine model 'GTDI' is not a manufacturer code)"));
        assertThat(EngineCode.resolve(null, null, null, null, "Gasoline")).isNull();
    }

    @Test
    void theOneEngineTheEpaListsIsDerivedAsVpicsWouldBeAndSaysSo() {
        EngineCode inline = EngineCode.fromEpa(new BigDecimal("2.0"), 4, "In-Line", "gasoline", List.of(39751));
        EngineCode unknownLayout = EngineCode.fromEpa(new BigDecimal("3.0"), 6, null, "diesel", List.of(41106, 41113));

        assertThat(inline.value()).isEqualTo("2.0l-i4");
        assertThat(inline.derived()).isTrue();
        assertThat(inline.basis()).contains("EPA's fuel-economy entries", "EPA id 39751");
        assertThat(unknownLayout.value()).isEqualTo("3.0l-6cyl-diesel");
        assertThat(unknownLayout.basis()).contains("EPA id 41106, 41113");
        assertThat(EngineCode.fromEpa(null, null, null, "electric", List.of(43402))
                        .value())
                .isEqualTo("electric");
        assertThat(EngineCode.fromEpa(null, null, null, "gasoline", List.of(1))).isNull();
    }
}
