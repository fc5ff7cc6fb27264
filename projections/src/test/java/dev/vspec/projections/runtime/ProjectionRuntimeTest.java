package dev.vspec.projections.runtime;

import static dev.vspec.storage.jooq.read.Tables.FLUIDS_DOCUMENT;
import static dev.vspec.storage.jooq.read.Tables.VIN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.events.kafka.EventEnvelopeCodec;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.transaction.support.TransactionTemplate;

class ProjectionRuntimeTest {

    private final ProjectionRuntime.RuntimeSettings settings = new ProjectionRuntime.RuntimeSettings(
            new DefaultKafkaConsumerFactory<>(Map.of(), new StringDeserializer(), new ByteArrayDeserializer()),
            DSL.using(SQLDialect.POSTGRES),
            new TransactionTemplate(),
            "vspec.events.v1",
            new EventEnvelopeCodec(),
            new ProjectionsProperties(null, null, null, null, null));

    @Test
    void eachProjectionGetsItsOwnConsumerGroup() {
        ProjectionRuntime runtime = new ProjectionRuntime(
                List.of(projection("vins", VIN), projection("fluids", FLUIDS_DOCUMENT)), settings);
        assertThat(runtime.names()).containsExactly("vins", "fluids");
        assertThat(ProjectionRuntime.groupId("vins")).isEqualTo("vspec.projection.vins");
        assertThat(runtime.isRunning()).isFalse();
    }

    @Test
    void aTableBelongsToOneProjection() {
        assertThatThrownBy(() ->
                        new ProjectionRuntime(List.of(projection("vins", VIN), projection("links", VIN)), settings))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("owned by two projections");
    }

    @Test
    void namesAreUniqueLowerCaseIdentifiers() {
        assertThatThrownBy(() -> new ProjectionRuntime(
                        List.of(projection("vins", VIN), projection("vins", FLUIDS_DOCUMENT)), settings))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("two projections are named vins");
        assertThatThrownBy(() -> new ProjectionRuntime(List.of(projection("Vins!", VIN)), settings))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not match");
    }

    private static Projection projection(String name, Table<?> table) {
        return new Projection() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public List<Table<?>> tables() {
                return List.of(table);
            }

            @Override
            public EventHandlers handlers() {
                return EventHandlers.builder()
                        .on(VinLinked.class, (db, e, at) -> {})
                        .build();
            }
        };
    }
}
