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
}
