package dev.vspec.contracts.identity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class VehicleNamesTest {

    /** vPIC's decoder writes makes in capitals; the right column is how the maker writes it. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "HONDA | Honda",
                "MERCEDES-BENZ | Mercedes-Benz",
                "LAND ROVER | Land Rover",
                "ROLLS-ROYCE | Rolls-Royce",
                "HARLEY-DAVIDSON | Harley-Davidson",
                "ALFA ROMEO | Alfa Romeo",
                "BMW | BMW",
                "GMC | GMC",
                "KTM | KTM",
                "BYD | BYD",
                "SRT | SRT",
                "RAM | Ram",
                "KIA | Kia",
                "MINI | MINI",
                "SMART | smart",
                "MCLAREN | McLaren",
                "DELOREAN | DeLorean",
                "IC BUS | IC Bus",
                "AM GENERAL | AM General",
                "VINFAST | VinFast",
                "INEOS | INEOS",
                "RIVIAN | Rivian",
                "ŠKODA | Škoda",
                "LION ELECTRIC MANUFACTURING USA INC. | Lion Electric Manufacturing USA Inc.",
                "GOLF CARS OF ARIZONA | Golf Cars of Arizona",
                "PETE'S GOLF CARTS | Pete's Golf Carts",
                "58TH STREET CUSTOMS | 58th Street Customs",
                "ORANGE EV LLC | Orange EV LLC"
            })
    void showsAMakeAsItsMakerWritesIt(String vpic, String shown) {
        assertThat(VehicleNames.make(vpic)).isEqualTo(shown);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"honda", "Honda", "HONDA", "hOnDa", "  Honda  "})
    void showsAMakeTheSameWhateverTheCaseOfItsSource(String written) {
        assertThat(VehicleNames.make(written)).isEqualTo("Honda");
    }

    @Test
    void foldsWhitespaceInsideAName() {
        assertThat(VehicleNames.make(" LAND \t ROVER ")).isEqualTo("Land Rover");
        assertThat(VehicleNames.model("Range  Rover   Sport")).isEqualTo("Range Rover Sport");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "Civic | Civic",
                "CIVIC | Civic",
                "CR-V | CR-V",
                "RAV4 | RAV4",
                "328i | 328i",
                "e-tron | e-tron",
                "ID.4 | ID.4",
                "bZ4X | bZ4X",
                "GTI | GTI",
                "Expedition MAX | Expedition MAX",
                "ARTURA | Artura",
                "F-PACE | F-Pace",
                "COROLLA iM | Corolla iM",
                "CMX1100A (REBEL1100) | CMX1100A (REBEL1100)",
                "GL1500C (VALKYRIE) | GL1500C (Valkyrie)",
                "Model 3 | Model 3",
                "F-150 | F-150"
            })
    void keepsAModelAsWrittenButForWordsInCapitals(String written, String shown) {
        assertThat(VehicleNames.model(written)).isEqualTo(shown);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "2003 HONDA Accord EX-V6 J30A4 FWD | HONDA | Accord | 2003 Honda Accord EX-V6 J30A4 FWD",
                "2019 HONDA CIVIC LX | Honda | CIVIC | 2019 Honda Civic LX",
                "2022 MCLAREN ARTURA Base | MCLAREN | ARTURA | 2022 McLaren Artura Base",
                "2019 Honda Civic LX 2.0L I4 CVT | Honda | Civic | 2019 Honda Civic LX 2.0L I4 CVT",
                "Land  Rover Defender | LAND ROVER | DEFENDER | Land Rover Defender",
                "My favourite car | HONDA | Civic | My favourite car",
                "2020 RAM 1500 Tradesman | RAM | 1500 | 2020 Ram 1500 Tradesman",
                "2021 MINIATURE MINI Cooper | MINI | Cooper | 2021 MINIATURE MINI Cooper"
            })
    void showsTheMakeAndModelInsideALabel(String label, String make, String model, String shown) {
        assertThat(VehicleNames.label(label, make, model)).isEqualTo(shown);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"Mercedes-Benz", "Škoda", "Citroën", "Straße", "İzmir Motors", "DS Automobiles", "Pete's"})
    void changesNothingButCaseSoKeysAndMatchingStayAsTheSourceWrote(String name) {
        for (String written : new String[] {name, name.toUpperCase(Locale.ROOT), name.toLowerCase(Locale.ROOT)}) {
            assertThat(ConfigKey.slug(VehicleNames.make(written))).isEqualTo(ConfigKey.slug(written));
            assertThat(VehicleIdentifier.normalize(VehicleNames.make(written)))
                    .isEqualTo(VehicleIdentifier.normalize(written));
            assertThat(ConfigKey.slug(VehicleNames.model(written))).isEqualTo(ConfigKey.slug(written));
        }
    }

    @Test
    void showsNothingForNothing() {
        assertThat(VehicleNames.make(null)).isNull();
        assertThat(VehicleNames.model(null)).isNull();
        assertThat(VehicleNames.label(null, "HONDA", "Civic")).isNull();
        assertThat(VehicleNames.label("2019 HONDA Civic", null, null)).isEqualTo("2019 HONDA Civic");
    }
}
