package dev.vspec.query.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.query.encoding.StoredJson;
import dev.vspec.query.lookup.Configurations;
import dev.vspec.query.lookup.DecodedMatches.Candidate;
import dev.vspec.query.lookup.DecodedMatches.ModelOf;
import dev.vspec.query.lookup.Lookup;
import dev.vspec.query.vehicle.Coverage;
import dev.vspec.query.vehicle.LastChange;
import dev.vspec.query.vehicle.ResolvedVehicle;
import dev.vspec.query.vehicle.ResolvedVehicle.ChangeTimes;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.GroupDocument;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ConfigurationCacheTest {

    private static final String KEY = "2019-honda-civic-lx-k20c2-fwd";
    private static final Lookup.ByKey BY_KEY = new Lookup.ByKey(KEY);
    private static final long TWO_GIB = 2L << 30;
    private static final OffsetDateTime RECORDED = OffsetDateTime.parse("2026-01-05T10:00:00Z");

    private final Database database = new Database();

    @Test
    void aReadIsKeptOnlyWhileChangeReportsFlow() {
        ConfigurationCache cache = new ConfigurationCache(database, 1_000_000);

        cache.select(BY_KEY, List.of(GroupDocument.FLUIDS));
        cache.select(BY_KEY, List.of(GroupDocument.FLUIDS));
        assertThat(database.reads).isEqualTo(2);

        cache.reportsStarted();
        cache.select(BY_KEY, List.of(GroupDocument.FLUIDS));
        List<ResolvedVehicle> held = cache.select(BY_KEY, List.of(GroupDocument.PARTS, GroupDocument.SPECS));
        assertThat(database.reads).as("every document was read with the first").isEqualTo(3);
        assertThat(held.get(0).documents()).containsOnlyKeys(GroupDocument.PARTS, GroupDocument.SPECS);
        assertThat(held.get(0).json(GroupDocument.PARTS).text()).isEqualTo(bodyOf(GroupDocument.PARTS));

        cache.reportsStopped();
        cache.select(BY_KEY, List.of(GroupDocument.FLUIDS));
        assertThat(database.reads).isEqualTo(4);
    }

    /** A read that fills the cache answers as a held one does: with the documents asked for, which date the answer. */
    @Test
    void aReadThatFillsTheCacheAnswersOnlyTheDocumentsAskedFor() {
        ConfigurationCache cache = new ConfigurationCache(database, 1_000_000);
        cache.reportsStarted();

        List<ResolvedVehicle> loaded = cache.select(BY_KEY, List.of(GroupDocument.FLUIDS));
        List<ResolvedVehicle> held = cache.select(BY_KEY, List.of(GroupDocument.FLUIDS));

        assertThat(database.reads).isEqualTo(1);
        assertThat(loaded.get(0).documents()).containsOnlyKeys(GroupDocument.FLUIDS);
        assertThat(loaded.get(0).lastChange().time())
                .isEqualTo(held.get(0).lastChange().time())
                .contains(RECORDED.plusDays(GroupDocument.all().indexOf(GroupDocument.FLUIDS) + 1)
                        .toInstant());
    }

    @Test
    void aChangeDropsItsConfiguration() {
        ConfigurationCache cache = new ConfigurationCache(database, 1_000_000);
        cache.reportsStarted();
        cache.select(BY_KEY, List.of());

        cache.changed("2019-some-other-key");
        cache.select(BY_KEY, List.of());
        assertThat(database.reads).isEqualTo(1);

        cache.changed(KEY);
        cache.select(BY_KEY, List.of());
        assertThat(database.reads).isEqualTo(2);

        cache.changedAll();
        cache.select(BY_KEY, List.of());
        assertThat(database.reads).isEqualTo(3);
    }

    @Test
    void aReadThatRacedWithAChangeIsAnsweredButNotKept() {
        ConfigurationCache cache = new ConfigurationCache(database, 1_000_000);
        cache.reportsStarted();

        database.whileReading = () -> cache.changed(KEY);
        assertThat(cache.select(BY_KEY, List.of())).hasSize(1);
        database.whileReading = () -> {};
        cache.select(BY_KEY, List.of());

        assertThat(database.reads).isEqualTo(2);
    }

    @Test
    void sizeZeroKeepsNothing() {
        ConfigurationCache cache = new ConfigurationCache(database, 0);
        cache.reportsStarted();

        cache.select(BY_KEY, List.of(GroupDocument.FLUIDS));
        List<ResolvedVehicle> read = cache.select(BY_KEY, List.of(GroupDocument.FLUIDS));

        assertThat(cache.enabled()).isFalse();
        assertThat(database.reads).isEqualTo(2);
        assertThat(read.get(0).documents()).containsOnlyKeys(GroupDocument.FLUIDS);
    }

    /** Only a config_key names what a change report names; a VIN's link and a key's alias are read each time. */
    @Test
    void everyOtherReadGoesToTheDatabaseEachTime() {
        ConfigurationCache cache = new ConfigurationCache(database, 1_000_000);
        cache.reportsStarted();
        Lookup.ByYearMakeModel civic =
                new Lookup.ByYearMakeModel(new VehicleIdentifier.ByYearMakeModel(2019, "Honda", "Civic", null));
        Vin vin = Vin.parse("19XFC2F52KE715372");

        cache.select(civic, List.of());
        cache.select(civic, List.of());
        cache.link(vin);
        cache.link(vin);
        cache.alias(KEY);
        cache.linkedKeys(List.of(vin));
        cache.decode(vin);

        assertThat(database.reads).isEqualTo(7);
    }

    @Test
    void aModelsConfigurationsAreKeptUntilAnyChangeIsReported() {
        ConfigurationCache cache = new ConfigurationCache(database, 1_000_000);
        cache.reportsStarted();
        ModelOf civic = new ModelOf(2019, "honda", "civic");
        ModelOf none = new ModelOf(2020, "ford", "f 150");

        Map<ModelOf, List<Candidate>> first = cache.ofModels(Set.of(civic, none));
        Map<ModelOf, List<Candidate>> again = cache.ofModels(Set.of(civic, none));
        assertThat(database.reads)
                .as("a model without configurations is kept too")
                .isEqualTo(1);
        assertThat(again).isEqualTo(first);
        assertThat(again.get(civic))
                .extracting(candidate -> candidate.vehicle().configKey())
                .containsExactly(KEY);
        assertThat(again.get(none)).isEmpty();

        cache.changed("2020-ford-f-150-xlt-2-7l-v6-4x4");
        cache.ofModels(Set.of(none));
        assertThat(database.reads).as("a new configuration may join any model").isEqualTo(2);

        cache.changedAll();
        database.whileReading = cache::changedAll;
        cache.ofModels(Set.of(none));
        database.whileReading = () -> {};
        cache.ofModels(Set.of(none));
        assertThat(database.reads)
                .as("a read that raced with a change is not kept")
                .isEqualTo(4);

        cache.reportsStopped();
        cache.ofModels(Set.of(civic));
        assertThat(database.reads).isEqualTo(5);
    }

    @Test
    void withoutASizeTheCacheTakesAQuarterOfTheHeap() {
        assertThat(ConfigurationCache.maxBytes("", TWO_GIB)).isEqualTo(512L << 20);
        assertThat(ConfigurationCache.maxBytes(null, TWO_GIB)).isEqualTo(512L << 20);
    }

    @Test
    void aConfiguredSizeIsTakenAsItIsAndZeroTurnsTheCacheOff() {
        assertThat(ConfigurationCache.maxBytes("256MB", TWO_GIB)).isEqualTo(256L << 20);
        assertThat(ConfigurationCache.maxBytes(" 1GB ", TWO_GIB)).isEqualTo(1L << 30);
        assertThat(ConfigurationCache.maxBytes("0", TWO_GIB)).isZero();
    }

    private static String bodyOf(GroupDocument<?> document) {
        return "[{\"document\":\"" + document.group().key() + "\"}]";
    }

    private static Vehicle civic() {
        return new Vehicle(KEY, "2019 Honda Civic LX 2.0L K20C2", 2019, "Honda", "Civic", "LX", "K20C2", "FWD");
    }

    /**
     * A database stand-in that holds one configuration, a 2019 Honda Civic's, with a body for each document asked
     * for; it counts its reads and runs {@code whileReading} in each read of configurations.
     */
    private static final class Database implements Configurations {

        int reads;
        Runnable whileReading = () -> {};

        @Override
        public List<ResolvedVehicle> select(Lookup.Selecting lookup, List<GroupDocument<?>> documents) {
            reads++;
            whileReading.run();
            Map<GroupDocument<?>, StoredJson> bodies = new HashMap<>();
            Map<GroupDocument<?>, OffsetDateTime> changed = new HashMap<>();
            documents.forEach(document -> {
                bodies.put(document, StoredJson.of(bodyOf(document)));
                // each body changed on a day of its own
                changed.put(document, RECORDED.plusDays(GroupDocument.all().indexOf(document) + 1));
            });
            Vehicle answered = civic().withCoverage(new Coverage.Builder().build());
            return List.of(
                    new ResolvedVehicle(answered, bodies, new ChangeTimes(LastChange.NOTHING, RECORDED, changed)));
        }

        @Override
        public Map<ModelOf, List<Candidate>> ofModels(Set<ModelOf> models) {
            reads++;
            whileReading.run();
            Map<ModelOf, List<Candidate>> found = new HashMap<>();
            for (ModelOf model : models) {
                found.put(
                        model,
                        model.year() == 2019 && model.model().equals("civic")
                                ? List.of(new Candidate(civic(), "lx"))
                                : List.of());
            }
            return found;
        }

        @Override
        public Optional<Link> link(Vin vin) {
            reads++;
            return Optional.empty();
        }

        @Override
        public Map<String, String> linkedKeys(Collection<Vin> vins) {
            reads++;
            return Map.of();
        }

        @Override
        public Optional<Alias> alias(String alias) {
            reads++;
            return Optional.empty();
        }

        @Override
        public VinDecoding decode(Vin vin) {
            reads++;
            return null;
        }
    }
}
