package dev.vspec.projections.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProjectionsPropertiesTest {

    @Test
    void unsetSettingsTakeTheirDefaults() {
        ProjectionsProperties properties = new ProjectionsProperties(null, null, null, null, null);

        assertThat(properties.concurrency()).isEqualTo(1);
        assertThat(properties.maxPollRecords()).isEqualTo(2000);
        assertThat(properties.pollTimeout()).isEqualTo(Duration.ofSeconds(1));
        assertThat(properties.gatherTime()).isEqualTo(Duration.ofMillis(10));
        assertThat(properties.retry().maxInterval()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aConsumerMayPollWithoutGathering() {
        assertThat(new ProjectionsProperties(null, null, null, Duration.ZERO, null).gatherTime())
                .isZero();
    }

    @Test
    void impossibleSettingsAreRefusedAtStart() {
        assertThatThrownBy(() -> new ProjectionsProperties(0, null, null, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("concurrency");
        assertThatThrownBy(() -> new ProjectionsProperties(null, null, null, Duration.ofMillis(-1), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("gather-time");
    }
}
