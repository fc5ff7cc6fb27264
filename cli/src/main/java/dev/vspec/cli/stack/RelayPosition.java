package dev.vspec.cli.stack;

import dev.vspec.command.relay.KafkaRelay;
import dev.vspec.events.axon.AxonJdbcAutoConfiguration;
import dev.vspec.events.axon.EventSerialization;
import java.util.List;
import javax.sql.DataSource;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * How far the command side's relay has published the event store to Kafka, read from the database
 * alone (its tracking token lives there), so a separate process can wait for it ({@link CatchUp}).
 */
public final class RelayPosition {

    private final JdbcTemplate jdbc;
    private final Serializer serializer = EventSerialization.serializer();

    public RelayPosition(DataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
    }

    /** The global index of the newest stored event; -1 when the store is empty. */
    public long newestEvent() {
        Long newest = jdbc.queryForObject(
                "select max(globalindex) from " + AxonJdbcAutoConfiguration.SCHEMA + ".domainevententry", Long.class);
        return newest == null ? -1 : newest;
    }

    /**
     * The global index up to which the relay has published: the lowest over its segments; -1 while
     * it has no token yet. (Events below it that were still uncommitted when it passed are published
     * as they commit; a wait on this index alone ignores them, which is fine for a single writer.)
     */
    public long relayed() {
        List<Long> positions = jdbc.query(
                "select token, tokentype from " + AxonJdbcAutoConfiguration.SCHEMA
                        + ".tokenentry where processorname = ?",
                (row, i) -> position(row.getBytes(1), row.getString(2)),
                KafkaRelay.PROCESSING_GROUP);
        return positions.stream().mapToLong(Long::longValue).min().orElse(-1);
    }

    private long position(byte[] token, String tokenType) {
        if (token == null || tokenType == null) {
            return -1;
        }
        TrackingToken tracking =
                serializer.deserialize(new SimpleSerializedObject<>(token, byte[].class, tokenType, null));
        return tracking == null ? -1 : tracking.position().orElse(-1);
    }
}
