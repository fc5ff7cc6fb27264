package dev.vspec.projections.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.contracts.catalog.RecordFluids;
import dev.vspec.contracts.catalog.VinLinked;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventHandlersTest {

    private static final FactSource SOURCE = FactSource.importFile("catalog.json", "5e0c3d9a");

    @Test
    void dispatchesByEventType() {
        List<Object> seen = new ArrayList<>();
        EventHandlers handlers = EventHandlers.builder()
                .on(VinLinked.class, (db, e, at) -> seen.add(e.vin()))
                .build();
        handlers.apply(null, new Recorded(new VinLinked("VIN1", "cfg", SOURCE), Instant.EPOCH));
        assertThat(seen).containsExactly("VIN1");
        assertThat(handlers.handles(VinLinked.class)).isTrue();
        assertThat(handlers.handles(FluidsRecorded.class)).isFalse();
    }

    @Test
    void onlyPublishedEventTypesHaveHandlers() {
        assertThatThrownBy(() -> EventHandlers.builder().on(RecordFluids.class, (db, c, at) -> {}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a published event type");
    }

    @Test
    void aTypeHasOneHandler() {
        assertThatThrownBy(() -> EventHandlers.builder()
                        .on(VinLinked.class, (db, e, at) -> {})
                        .on(VinLinked.class, (db, e, at) -> {}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("two handlers");
    }

    @Test
    void theAfterBatchWorkRunsOnceWithTheBatchsAppliedEventsAndNotForABatchThatAppliedNone() {
        List<List<Recorded>> batches = new ArrayList<>();
        EventHandlers handlers = EventHandlers.builder()
                .on(VinLinked.class, (db, e, at) -> {})
                .afterBatch((db, applied) -> batches.add(List.copyOf(applied)))
                .build();
        Recorded first = new Recorded(new VinLinked("VIN1", "cfg", SOURCE), Instant.EPOCH);
        Recorded second = new Recorded(new VinLinked("VIN2", "cfg", SOURCE), Instant.EPOCH);

        handlers.finishBatch(null, List.of(first, second));
        handlers.finishBatch(null, List.of());

        assertThat(batches).containsExactly(List.of(first, second));
        assertThatThrownBy(
                        () -> EventHandlers.builder().afterBatch((db, a) -> {}).afterBatch((db, a) -> {}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("two after-batch handlers");
    }
}
