package dev.vspec.query.store;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.query.encoding.StoredJson;
import dev.vspec.query.lookup.Configurations;
import dev.vspec.query.lookup.DecodedMatches;
import dev.vspec.query.lookup.DecodedMatches.Candidate;
import dev.vspec.query.lookup.DecodedMatches.ModelOf;
import dev.vspec.query.lookup.Lookup;
import dev.vspec.query.vehicle.Coverage;
import dev.vspec.query.vehicle.ResolvedVehicle;
import dev.vspec.query.vehicle.ResolvedVehicle.ChangeTimes;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.GroupDocument;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.util.unit.DataSize;

/**
 * The {@link Configurations} in front of the database, keeping configurations read by config_key, with all
 * their stored documents, in memory up to a size in bytes. An entry is dropped when PostgreSQL reports a change
 * to its rows ({@link ReadModelChangeListener}); while that report channel is down the cache answers nothing
 * and forgets everything, so it never serves what it cannot know to be current. Every other read goes to the
 * database each time: a VIN's link and a key's alias too, so the configuration they name comes from memory.
 *
 * <p>A read that raced with a change (a notification arrived while it was loading) is answered but
 * not kept: its rows may predate the change.
 *
 * <p>It keeps, too, the configurations of each year, make and model a decoded VIN was matched against
 * ({@link DecodedMatches}): a change report cannot tell which model a new configuration joins, so any
 * report drops them all. They take an eighth of the size.
 *
 * <p>Documents are held deflated ({@link StoredJson#deflated()}): JSON shrinks several times, so the same size
 * holds several times the catalog, and inflating the documents a request asks for costs far less
 * than reading them from PostgreSQL.
 */
final class ConfigurationCache implements Configurations {

    private final Configurations database;
    private final Cache<String, Held> entries;
    private final Cache<ModelOf, List<Candidate>> models;
    private final boolean enabled;
    private final AtomicLong changes = new AtomicLong();
    private volatile boolean current;

    /** A cache of at most {@code maxBytes}; 0 keeps nothing and reads every request from the database. */
    ConfigurationCache(Configurations database, long maxBytes) {
        this.database = database;
        this.enabled = maxBytes > 0;
        this.entries = Caffeine.newBuilder()
                .maximumWeight(Math.max(0, maxBytes))
                .weigher((String key, Held entry) -> weight(key, entry))
                .recordStats()
                .build();
        this.models = Caffeine.newBuilder()
                .maximumWeight(Math.max(0, maxBytes / 8))
                .weigher((ModelOf model, List<Candidate> candidates) -> 64 + candidates.size() * 512)
                .build();
    }

    /**
     * The size {@code vspec.query.cache.max-size} configures, or a quarter of {@code maxHeap} when none is, so that a
     * larger heap, or a container's memory, holds a larger catalog.
     */
    static long maxBytes(String configured, long maxHeap) {
        return configured == null || configured.isBlank()
                ? maxHeap / 4
                : DataSize.parse(configured.strip()).toBytes();
    }

    /**
     * A lookup by config_key with at least the {@code wanted} documents: from memory when held, else from the
     * database, reading every stored document so that the entry serves any later request.
     */
    @Override
    public List<ResolvedVehicle> select(Lookup.Selecting lookup, List<GroupDocument<?>> wanted) {
        if (!(lookup instanceof Lookup.ByKey byKey) || !enabled || !current) {
            return database.select(lookup, wanted);
        }
        Held held = entries.getIfPresent(byKey.configKey());
        if (held != null) {
            return List.of(held.with(wanted));
        }
        long before = changes.get();
        List<ResolvedVehicle> loaded = database.select(lookup, GroupDocument.all());
        if (loaded.size() == 1 && current && changes.get() == before) {
            entries.put(byKey.configKey(), Held.of(loaded.get(0)));
        }
        // as a held entry answers: the documents asked for alone, which alone date the answer
        return loaded.stream().map(found -> found.only(wanted)).toList();
    }

    /** Each model's held configurations: from memory where held, the others from the database in one read. */
    @Override
    public Map<ModelOf, List<Candidate>> ofModels(Set<ModelOf> wanted) {
        if (!enabled || !current) {
            return database.ofModels(wanted);
        }
        Map<ModelOf, List<Candidate>> found = new HashMap<>(models.getAllPresent(wanted));
        if (found.size() == wanted.size()) {
            return found;
        }
        Set<ModelOf> missing = new HashSet<>(wanted);
        missing.removeAll(found.keySet());
        long before = changes.get();
        Map<ModelOf, List<Candidate>> loaded = database.ofModels(missing);
        if (current && changes.get() == before) {
            models.putAll(loaded);
        }
        found.putAll(loaded);
        return found;
    }

    @Override
    public Optional<Link> link(Vin vin) {
        return database.link(vin);
    }

    @Override
    public Map<String, String> linkedKeys(Collection<Vin> vins) {
        return database.linkedKeys(vins);
    }

    @Override
    public Optional<Alias> alias(String alias) {
        return database.alias(alias);
    }

    @Override
    public VinDecoding decode(Vin vin) {
        return database.decode(vin);
    }

    /** The rows of this configuration changed. */
    void changed(String configKey) {
        changes.incrementAndGet();
        entries.invalidate(configKey);
        models.invalidateAll();
    }

    /** Any rows may have changed (a table was truncated). */
    void changedAll() {
        changes.incrementAndGet();
        entries.invalidateAll();
        models.invalidateAll();
    }

    /** Change reports flow: entries may be kept from now on, starting from nothing. */
    void reportsStarted() {
        changedAll();
        current = true;
    }

    /** Change reports stopped: keep nothing, answer nothing from memory. */
    void reportsStopped() {
        current = false;
        changedAll();
    }

    boolean enabled() {
        return enabled;
    }

    long hits() {
        return entries.stats().hitCount();
    }

    private static int weight(String key, Held entry) {
        Coverage coverage = entry.vehicle().coverage();
        long bytes = 2L * key.length() + 256 + (coverage == null ? 0 : 2L * coverage.weight());
        for (byte[] body : entry.deflated().values()) {
            bytes += body == null ? 0 : body.length + 16;
        }
        return (int) Math.min(Integer.MAX_VALUE, bytes);
    }

    /** A configuration with every stored document deflated (a null body where it has none), and when each changed. */
    private record Held(Vehicle vehicle, Map<GroupDocument<?>, byte[]> deflated, ChangeTimes times) {

        static Held of(ResolvedVehicle read) {
            Map<GroupDocument<?>, byte[]> deflated = new HashMap<>();
            read.documents().forEach((document, body) -> deflated.put(document, body == null ? null : body.deflated()));
            return new Held(read.vehicle(), deflated, read.times());
        }

        /** The configuration with the documents asked for, as they were read; inflated only if written so. */
        ResolvedVehicle with(List<GroupDocument<?>> wanted) {
            Map<GroupDocument<?>, StoredJson> bodies = new HashMap<>();
            for (GroupDocument<?> document : wanted) {
                byte[] body = deflated.get(document);
                bodies.put(document, body == null ? null : StoredJson.ofDeflated(body));
            }
            return new ResolvedVehicle(vehicle, bodies, times);
        }
    }
}
