package dev.vspec.contracts.recalls;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RecallMatchingTest {

    @ParameterizedTest(name = "NHTSA''s {0} meets {1}")
    @CsvSource({
        "F-150, F-150",
        "F150 PICKUP, F-150",
        "F-150 4WD, F150",
        "CR-V, CR-V",
        "C 300, C300",
        "ACCORD, Accord",
        "MODEL 3, Model 3",
        "SIERRA 1500 4X4, Sierra 1500",
    })
    void nhtsasModelNamesMeetTheCatalogs(String nhtsa, String catalog) {
        assertThat(RecallMatching.modelKey(nhtsa)).isEqualTo(RecallMatching.modelKey(catalog));
    }

    @ParameterizedTest(name = "NHTSA''s {0} is not {1}")
    @CsvSource({"ACCORD HYBRID, Accord", "RANGER, Ranger EV", "CIVIC, Civic Type R"})
    void aModelOfAnotherNameIsAnotherModel(String nhtsa, String catalog) {
        assertThat(RecallMatching.modelKey(nhtsa)).isNotEqualTo(RecallMatching.modelKey(catalog));
    }

    @ParameterizedTest(name = "a model named only {0} keeps it")
    @CsvSource({"TRUCK, TRUCK", "4WD, 4WD"})
    void aModelThatIsOnlyATrailingWordKeepsIt(String nhtsa, String key) {
        assertThat(RecallMatching.modelKey(nhtsa)).isEqualTo(key);
    }

    @ParameterizedTest(name = "{0} meets {1}")
    @CsvSource({"MERCEDES-BENZ, Mercedes-Benz", "HONDA, Honda", "LAND ROVER, Land Rover"})
    void makesMeetWhateverTheirCaseAndPunctuation(String nhtsa, String catalog) {
        assertThat(RecallMatching.makeKey(nhtsa)).isEqualTo(RecallMatching.makeKey(catalog));
    }
}
