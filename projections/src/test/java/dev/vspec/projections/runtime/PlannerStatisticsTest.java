package dev.vspec.projections.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class PlannerStatisticsTest {

    @Test
    void statisticsAreRefreshedAfterTheFirstBatchAndWheneverTheBatchesHaveQuadrupledSince() {
        assertThat(LongStream.rangeClosed(1, 5000)
                        .filter(PlannerStatistics::due)
                        .boxed()
                        .toList())
                .containsExactly(1L, 4L, 16L, 64L, 256L, 1024L, 4096L);
    }
}
