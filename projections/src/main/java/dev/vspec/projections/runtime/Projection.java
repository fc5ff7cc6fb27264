package dev.vspec.projections.runtime;

import java.util.List;
import org.jooq.Table;

/**
 * One read model built from the event topic. The runtime gives each projection its own consumer
 * group ({@code vspec.projection.<name>}) and applies every batch, with the consumed offsets, in one
 * database transaction; a projection therefore only says which events it handles and how one event
 * changes its tables. Handlers must be idempotent (upserts, or delete-and-insert of a whole list):
 * replaying the topic from offset 0 has to give the same tables.
 */
public interface Projection {

    /** Stable lower-case name, e.g. {@code fluids}; part of the consumer group and the offset rows. */
    String name();

    /** The tables this projection alone writes; a rebuild replaces exactly these. */
    List<Table<?>> tables();

    /** How each handled event type changes the tables; event types not listed are passed over. */
    EventHandlers handlers();

    /** Every table the projections write, in their order. */
    static List<Table<?>> tablesOf(List<? extends Projection> projections) {
        return projections.stream()
                .<Table<?>>flatMap(projection -> projection.tables().stream())
                .toList();
    }
}
