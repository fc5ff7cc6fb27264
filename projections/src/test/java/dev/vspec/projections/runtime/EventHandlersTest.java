package dev.vspec.projections.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.catalog.RecordFluids;
import dev.vspec.contracts.catalog.VinLinked;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventHandlersTest {

    @Test
    void dispatchesByEventType() {
        List<Object> seen = new ArrayList<>();
        EventHandlers handlers = EventHandlers.builder().on(VinLinked.class, (db, e) -> seen.add(e.vin())).build();
        handlers.apply(null, new VinLinked("VIN1", "cfg"));
        assertThat(seen).containsExactly("VIN1");
        assertThat(handlers.types()).containsExactly(VinLinked.class);
    }

    @Test
    void onlyPublishedEventTypesHaveHandlers() {
        assertThatThrownBy(() -> EventHandlers.builder().on(RecordFluids.class, (db, c) -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a published event type");
    }

    @Test
    void aTypeHasOneHandler() {
        assertThatThrownBy(() -> EventHandlers.builder().on(VinLinked.class, (db, e) -> { })
                .on(VinLinked.class, (db, e) -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two handlers");
    }

    @Test
    void theAfterBatchWorkRunsOnceWithTheBatchsAppliedEventsAndNotForABatchThatAppliedNone() {
        List<List<Object>> batches = new ArrayList<>();
        EventHandlers handlers = EventHandlers.builder().on(VinLinked.class, (db, e) -> { })
                .afterBatch((db, applied) -> batches.add(List.copyOf(applied))).build();
        VinLinked first = new VinLinked("VIN1", "cfg");
        VinLinked second = new VinLinked("VIN2", "cfg");

        handlers.finishBatch(null, List.of(first, second));
        handlers.finishBatch(null, List.of());

        assertThat(batches).containsExactly(List.of(first, second));
        assertThatThrownBy(() -> EventHandlers.builder().afterBatch((db, a) -> { }).afterBatch((db, a) -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two after-batch handlers");
    }
}
