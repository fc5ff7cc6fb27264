package dev.vspec.projections.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ShadowTablesTest {

    @Test
    void anIndexOfALiveTableIsBuiltOnItsCopyUnderTheSameName() {
        assertThat(ShadowTables.onShadow(
                        "CREATE INDEX configuration_ymm_idx ON read.configuration USING btree (year, make_match)",
                        "configuration"))
                .isEqualTo(
                        "CREATE INDEX configuration_ymm_idx ON rebuild.configuration USING btree (year, make_match)");
    }

    @Test
    void anIndexOfAnotherTableIsRefused() {
        assertThatThrownBy(() -> ShadowTables.onShadow(
                        "CREATE INDEX vin_config_idx ON read.vin USING btree (config_key)", "configuration"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("read.configuration");
    }
}
