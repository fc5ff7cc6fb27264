package dev.vspec.decoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PatternKeyTest {

    // keys of VIN 1HGCM82633A004352: positions 4-8, '|', 10-17
    private static final String ACCORD = "CM826|3A004352";

    @ParameterizedTest(name = "{0} matches {1}: {2}")
    @CsvSource({
        "CM826, " + ACCORD + ", true",
        "CM8, " + ACCORD + ", true",
        "C*8*6, " + ACCORD + ", true",
        "CM827, " + ACCORD + ", false",
        "CM8[2-5]6, " + ACCORD + ", true",
        "CM8[3-5]6, " + ACCORD + ", false",
        "CM8[246]6, " + ACCORD + ", true",
        // positions after '|' count, all of them, not only position 11
        "*****|3A0, " + ACCORD + ", true",
        "*****|3B0, " + ACCORD + ", false",
        "*****|*A00435[0-2], " + ACCORD + ", true",
        "*****|*A00435[3-9], " + ACCORD + ", false",
        // NHTSA rewrites the malformed range 1-A as the two characters 1 and A
        "*****|*[1-A], " + ACCORD + ", true",
        // in a key without a class, LIKE's '_' is a wildcard too
        "CM_26, " + ACCORD + ", true",
        // longer than the keys: no match
        "CM826|3A0043521, " + ACCORD + ", false"
    })
    void matchesThePrefixOfAVinsKeys(String key, String keys, boolean matches) {
        assertThat(PatternKey.compile(key).matches(keys)).isEqualTo(matches);
    }

    @Test
    void anUnknownCharacterOfAPartialVinMatchesOnlyAWildcard() {
        String partial = "CM8*6|3A******";

        assertThat(PatternKey.compile("CM8*6").matches(partial)).isTrue();
        assertThat(PatternKey.compile("CM826").matches(partial)).isFalse();
        assertThat(PatternKey.compile("CM826").mayMatch(partial)).isTrue();
        assertThat(PatternKey.compile("CM836|3B").mayMatch(partial)).isFalse();
    }

    @Test
    void aFormulaKeyHandsOnTheDigitsItCovers() {
        PatternKey cylinders = PatternKey.compile("**#");

        assertThat(cylinders.isFormula()).isTrue();
        assertThat(cylinders.matches("CM826|3A004352")).isTrue();
        assertThat(cylinders.formulaSpan("CM826|3A004352")).isEqualTo("8");
        assertThat(cylinders.matches("CMA26|3A004352")).isFalse();
    }

    @Test
    void ranksByTheCharactersItFixes() {
        PatternKey key = PatternKey.compile("C*8[24]6");

        assertThat(key.literalLength()).isEqualTo(7);
        assertThat(key.withoutBrackets()).isEqualTo("C*8246");
        assertThat(key.constrains(0)).isTrue();
        assertThat(key.constrains(1)).isFalse();
        assertThat(key.allows(3, '4')).isTrue();
        assertThat(key.allows(3, '3')).isFalse();
        assertThat(key.allows(9, 'Z')).isTrue();
    }

    @Test
    void refusesAKeyItCannotRead() {
        assertThatThrownBy(() -> PatternKey.compile("CM[12")).hasMessageContaining("never closes");
        assertThatThrownBy(() -> PatternKey.compile("CM[^12]")).hasMessageContaining("negates");
        assertThatThrownBy(() -> PatternKey.compile("CM[9-1]")).hasMessageContaining("empty range");
    }
}
