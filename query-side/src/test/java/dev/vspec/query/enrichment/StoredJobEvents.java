package dev.vspec.query.enrichment;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vspec.events.axon.EventSerialization;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.jooq.DSLContext;

/**
 * Writes an enrichment job's events into the event store as the command side's Axon stores them:
 * one row of {@code events.domainevententry} per event, the aggregate id being the job id, the
 * payload serialized by the command side's mapper ({@link EventSerialization}).
 */
public final class StoredJobEvents {

    private static final ObjectMapper MAPPER = EventSerialization.objectMapper();
    private static final String VIN_CHARACTERS = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ";

    private StoredJobEvents() {}

    /** Links the VIN in the read tables, as the VINs projection does once it has the job's VinLinked. */
    public static void project(DSLContext db, String vin, String configKey) {
        db.execute(
                "INSERT INTO read.vin (vin, config_key) VALUES (?, ?) ON CONFLICT (vin) DO UPDATE SET config_key = excluded.config_key",
                vin,
                configKey);
    }

    /** Where the topic ended, by partition, once the job's completion was on it, as the relay records it. */
    public static void published(DSLContext db, String jobId, String topic, Map<Integer, Long> ends) {
        ends.forEach((partition, end) -> db.execute(
                "INSERT INTO events.job_published_offsets (job_id, topic, partition, next_offset) "
                        + "VALUES (?, ?, ?, ?) ON CONFLICT (job_id, topic, partition) DO UPDATE SET next_offset = excluded.next_offset",
                jobId,
                topic,
                partition,
                end));
    }

    /** A projection's stored offset on a partition, as the projection records it with each batch it applies. */
    public static void applied(DSLContext db, String projection, String topic, int partition, long nextOffset) {
        db.execute(
                "INSERT INTO read.projection_offset (projection, topic, partition, next_offset) VALUES (?, ?, ?, ?) "
                        + "ON CONFLICT (projection, topic, partition) DO UPDATE SET next_offset = excluded.next_offset",
                projection,
                topic,
                partition,
                nextOffset);
    }

    /**
     * Stores {@code events} (contract records) as the job's events from sequence number {@code first}
     * on. A sequence number the job already has keeps its event, so seeding the same events again
     * changes nothing.
     */
    public static void store(DSLContext db, String jobId, long first, Record... events) {
        long sequence = first;
        for (Record event : events) {
            db.insertInto(table(name("events", "domainevententry")))
                    .set(
                            field(name("eventidentifier"), String.class),
                            UUID.randomUUID().toString())
                    .set(field(name("aggregateidentifier"), String.class), jobId)
                    .set(field(name("sequencenumber"), Long.class), sequence++)
                    .set(field(name("type"), String.class), "EnrichmentJob")
                    .set(field(name("timestamp"), String.class), Instant.now().toString())
                    .set(
                            field(name("payloadtype"), String.class),
                            event.getClass().getName())
                    .set(field(name("payloadrevision"), String.class), (String) null)
                    .set(field(name("payload"), byte[].class), json(event))
                    .set(field(name("metadata"), byte[].class), json(Map.of()))
                    .onConflictDoNothing()
                    .execute();
        }
    }

    /** A VIN no other test uses (valid characters; the check digit is not enforced). */
    public static String uniqueVin() {
        StringBuilder vin = new StringBuilder("1FTEW1E");
        ThreadLocalRandom random = ThreadLocalRandom.current();
        while (vin.length() < 17) {
            vin.append(VIN_CHARACTERS.charAt(random.nextInt(VIN_CHARACTERS.length())));
        }
        return vin.toString();
    }

    private static byte[] json(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
