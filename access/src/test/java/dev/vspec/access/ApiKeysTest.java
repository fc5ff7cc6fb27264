package dev.vspec.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ApiKeysTest {

    @Test
    void aNewKeyIsPrefixRandomPartAndChecksum() {
        String key = ApiKeys.generate();

        assertThat(key).hasSize(47).startsWith("vsk_live_").matches("vsk_live_[0-9A-Za-z]{38}");
        assertThat(key.substring(41)).isEqualTo(ApiKeys.checksum(key.substring(0, 41)));
        assertThat(ApiKeys.wellFormed(key)).isTrue();
        assertThat(ApiKeys.displayPrefix(key)).isEqualTo(key.substring(0, 17));
    }

    @Test
    void keysDoNotRepeat() {
        Set<String> keys = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            keys.add(ApiKeys.generate());
        }
        assertThat(keys).hasSize(10_000);
    }

    @Test
    void anyMistypedCharacterBreaksTheChecksum() {
        String key = ApiKeys.generate();
        for (int i = ApiKeys.PREFIX.length(); i < key.length(); i++) {
            char replacement = key.charAt(i) == 'x' ? 'y' : 'x';
            String mistyped = key.substring(0, i) + replacement + key.substring(i + 1);
            assertThat(ApiKeys.wellFormed(mistyped)).as("changed at %d", i).isFalse();
        }
    }

    @Test
    void otherShapesAreNotKeys() {
        String key = ApiKeys.generate();

        assertThat(ApiKeys.wellFormed(null)).isFalse();
        assertThat(ApiKeys.wellFormed("")).isFalse();
        assertThat(ApiKeys.wellFormed(key.substring(1))).isFalse();
        assertThat(ApiKeys.wellFormed(key + "a")).isFalse();
        assertThat(ApiKeys.wellFormed("vsk_test_" + key.substring(9))).isFalse();
        assertThat(ApiKeys.wellFormed(key.substring(0, 20) + "-" + key.substring(21)))
                .isFalse();
    }

    @Test
    void theStoredFormIsTheSha256OfTheWholeKey() {
        // SHA-256("abc"), FIPS 180-2 appendix B.1
        assertThat(ApiKeys.hash("abc")).isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        String key = ApiKeys.generate();
        assertThat(ApiKeys.hash(key)).hasSize(64).doesNotContain(key.substring(9));
    }
}
