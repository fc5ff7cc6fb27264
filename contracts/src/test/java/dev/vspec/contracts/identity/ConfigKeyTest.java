package dev.vspec.contracts.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConfigKeyTest {

    @Test
    void derivesTheSlugFromTheIdentity() {
        assertThat(ConfigKey.of(2019, "Honda", "Civic", "LX", "K20C2", "FWD").value())
                .isEqualTo("2019-honda-civic-lx-k20c2-fwd");
    }

    @Test
    void leavesTheDrivetrainOutWhenItIsNotPartOfTheIdentity() {
        assertThat(ConfigKey.of(2020, "Ford", "F-150", "XLT SuperCrew", "3.5L EcoBoost", null)
                        .value())
                .isEqualTo("2020-ford-f-150-xlt-supercrew-3-5l-ecoboost");
    }

    @Test
    void foldsAccentsAndPunctuation() {
        assertThat(ConfigKey.of(2021, "Škoda", "Octavia", "Style+", "DPCA", "FWD")
                        .value())
                .isEqualTo("2021-skoda-octavia-style-dpca-fwd");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2019-Honda-civic-lx-k20c2",
                "honda-civic-lx-k20c2-fwd",
                "2019-honda-civic",
                "2019-honda-civic-lx-k20c2-",
                "2019 honda civic lx k20c2"
            })
    void refusesWhatIsNotASlug(String raw) {
        assertThatThrownBy(() -> ConfigKey.parse(raw))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_PARAM));
    }

    @Test
    void onlyAKeysShapeIsWellFormed() {
        assertThat(ConfigKey.isWellFormed("2019-honda-civic-lx-k20c2-fwd")).isTrue();
        assertThat(ConfigKey.isWellFormed("Foo")).isFalse();
        assertThat(ConfigKey.isWellFormed(null)).isFalse();
        assertThat(ConfigKey.isWellFormed("2019-a-b-c-" + "d".repeat(ConfigKey.MAX_LENGTH)))
                .isFalse();
    }
}
