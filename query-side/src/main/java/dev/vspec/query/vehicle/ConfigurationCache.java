package dev.vspec.query.vehicle;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.vspec.readmodel.GroupDocument;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * Configurations read by config_key, with all their stored documents, kept in memory up to a size
 * in bytes. An entry is dropped when PostgreSQL reports a change to its rows
 * ({@link ReadModelChangeListener}); while that report channel is down the cache answers nothing
 * and forgets everything, so it never serves what it cannot know to be current.
 *
 * <p>A read that raced with a change (a notification arrived while it was loading) is answered but
 * not kept: its rows may predate the change.
 *
 * <p>It keeps, too, the configurations of each year, make and model a decoded VIN was matched against
 * ({@link DecodedMatches}): a change report cannot tell which model a new configuration joins, so any
 * report drops them all. They take an eighth of the size.
 *
 * <p>Documents are held deflated ({@link Deflated}): JSON shrinks several times, so the same size
 * holds several times the catalog, and inflating the documents a request asks for costs far less
 * than reading them from PostgreSQL.
 */
final class ConfigurationCache {

    private final Cache<String, Held> entries;
    private final Cache<ModelOf, List<DecodedMatches.Candidate>> models;
    private final boolean enabled;
    private final AtomicLong changes = new AtomicLong();
    private volatile boolean current;

    /** A cache of at most {@code maxBytes}; 0 keeps nothing and reads every request from the database. */
    ConfigurationCache(long maxBytes) {
        this.enabled = maxBytes > 0;
        this.entries = Caffeine.newBuilder()
                .maximumWeight(Math.max(0, maxBytes))
                .weigher((String key, Held entry) -> weight(key, entry))
                .recordStats()
                .build();
        this.models = Caffeine.newBuilder()
                .maximumWeight(Math.max(0, maxBytes / 8))
                .weigher((ModelOf model, List<DecodedMatches.Candidate> candidates) -> 64 + candidates.size() * 512)
                .build();
    }

    /**
     * The configuration with this key and at least the {@code wanted} documents: from memory when
     * held, else from {@code load} (given the documents to read), which then reads every stored
     * document so that the entry serves any later request.
     */
    List<ResolvedVehicle> find(String configKey, List<GroupDocument<?>> wanted,
            Function<List<GroupDocument<?>>, List<ResolvedVehicle>> load) {
        if (!enabled || !current) {
            return load.apply(wanted);
        }
        Held held = entries.getIfPresent(configKey);
        if (held != null) {
            return List.of(held.with(wanted));
        }
        long before = changes.get();
        List<ResolvedVehicle> loaded = load.apply(GroupDocument.all());
        if (loaded.size() == 1 && current && changes.get() == before) {
            entries.put(configKey, Held.of(loaded.get(0)));
        }
        return loaded;
    }

    /**
     * The held configurations of each model asked for (none for a model without any): from memory where
     * held, the others from {@code load} in one call, which answers every model it is given.
     */
    Map<ModelOf, List<DecodedMatches.Candidate>> candidates(Set<ModelOf> wanted,
            Function<Set<ModelOf>, Map<ModelOf, List<DecodedMatches.Candidate>>> load) {
        if (!enabled || !current) {
            return load.apply(wanted);
        }
        Map<ModelOf, List<DecodedMatches.Candidate>> found = new HashMap<>(models.getAllPresent(wanted));
        if (found.size() == wanted.size()) {
            return found;
        }
        Set<ModelOf> missing = new HashSet<>(wanted);
        missing.removeAll(found.keySet());
        long before = changes.get();
        Map<ModelOf, List<DecodedMatches.Candidate>> loaded = load.apply(missing);
        if (current && changes.get() == before) {
            models.putAll(loaded);
        }
        found.putAll(loaded);
        return found;
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

    /** A decoded year, make and model, make and model normalised as the catalog's match columns are. */
    record ModelOf(int year, String make, String model) {
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
