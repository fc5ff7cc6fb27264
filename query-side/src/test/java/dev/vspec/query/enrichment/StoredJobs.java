package dev.vspec.query.enrichment;

import dev.vspec.readmodel.EnrichmentJobState;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.jooq.DSLContext;

/**
 * Keeps enrichment jobs as the command side keeps them with their events: each job's row of
 * {@code command.enrichment_job}, folded by {@link EnrichmentJobState}.
 */
public final class StoredJobs {

    private static final String VIN_CHARACTERS = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ";

    private StoredJobs() {}

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
     * Applies {@code events} (contract records) to the job's row as its events from sequence number {@code first}
     * on. A sequence number the row holds already keeps what it held, so seeding the same events again changes
     * nothing.
     */
    public static void store(DSLContext db, String jobId, long first, Record... events) {
        Optional<EnrichmentJobState> job = EnrichmentJobState.find(db, jobId);
        long sequence = first;
        for (Record event : events) {
            job = EnrichmentJobState.apply(job, event, sequence++);
        }
        job.ifPresent(stored -> stored.save(db));
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
}
