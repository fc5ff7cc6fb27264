package dev.vspec.projections;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.projections.runtime.RebuildLock;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

@ProjectionsIntegrationTest
class RebuildLockIT {

    @Autowired
    DataSource dataSource;

    @Test
    void aSecondRebuildOfTheSameDatabaseIsRefusedUntilTheFirstEnds() {
        try (RebuildLock first = RebuildLock.take(dataSource)) {
            assertThatThrownBy(() -> RebuildLock.take(dataSource))
                    .isInstanceOf(RebuildLock.RebuildRunning.class)
                    .hasMessageContaining("another rebuild is running");
        }
        RebuildLock.take(dataSource).close();
    }
}
