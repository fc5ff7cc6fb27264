package dev.vspec.query.vehicle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.readmodel.GroupDocument;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class ConfigurationCacheTest {

    private static final String KEY = "2019-honda-civic-lx-k20c2-fwd";

    private final AtomicInteger loads = new AtomicInteger();

    @Test
    void aReadIsKeptOnlyWhileChangeReportsFlow() {
        ConfigurationCache cache = new ConfigurationCache(1_000_000);

        cache.find(KEY, List.of(GroupDocument.FLUIDS), loader());
        cache.find(KEY, List.of(GroupDocument.FLUIDS), loader());
        assertThat(loads).hasValue(2);

        cache.reportsStarted();
        cache.find(KEY, List.of(GroupDocument.FLUIDS), loader());
        List<ResolvedVehicle> held = cache.find(KEY, List.of(GroupDocument.PARTS, GroupDocument.SPECS), loader());
        assertThat(loads).as("every document was read with the first").hasValue(3);
        assertThat(held.get(0).documents()).containsOnlyKeys(GroupDocument.PARTS, GroupDocument.SPECS);
        assertThat(held.get(0).json(GroupDocument.PARTS).text()).isEqualTo(bodyOf(GroupDocument.PARTS));

        cache.reportsStopped();
        cache.find(KEY, List.of(GroupDocument.FLUIDS), loader());
        assertThat(loads).hasValue(4);
    }

    @Test
    void aChangeDropsItsConfiguration() {
        ConfigurationCache cache = new ConfigurationCache(1_000_000);
        cache.reportsStarted();
        cache.find(KEY, List.of(), loader());

        cache.changed("2019-some-other-key");
        cache.find(KEY, List.of(), loader());
        assertThat(loads).hasValue(1);

        cache.changed(KEY);
        cache.find(KEY, List.of(), loader());
        assertThat(loads).hasValue(2);

        cache.changedAll();
        cache.find(KEY, List.of(), loader());
        assertThat(loads).hasValue(3);
    }

    @Test
    void aReadThatRacedWithAChangeIsAnsweredButNotKept() {
        ConfigurationCache cache = new ConfigurationCache(1_000_000);
        cache.reportsStarted();

        cache.find(KEY, List.of(), documents -> {
            List<ResolvedVehicle> read = loader().apply(documents);
            cache.changed(KEY);
            return read;
        });
        cache.find(KEY, List.of(), loader());

        assertThat(loads).hasValue(2);
    }

    @Test
    void sizeZeroKeepsNothing() {
        ConfigurationCache cache = new ConfigurationCache(0);
        cache.reportsStarted();

        cache.find(KEY, List.of(GroupDocument.FLUIDS), loader());
        List<ResolvedVehicle> read = cache.find(KEY, List.of(GroupDocument.FLUIDS), loader());

        assertThat(cache.enabled()).isFalse();
        assertThat(loads).hasValue(2);
        assertThat(read.get(0).documents()).containsOnlyKeys(GroupDocument.FLUIDS);
    }

    @Test
    void aModelsConfigurationsAreKeptUntilAnyChangeIsReported() {
        ConfigurationCache cache = new ConfigurationCache(1_000_000);
        cache.reportsStarted();
        ConfigurationCache.ModelOf civic = new ConfigurationCache.ModelOf(2019, "honda", "civic");
        ConfigurationCache.ModelOf none = new ConfigurationCache.ModelOf(2020, "ford", "f 150");

        Map<ConfigurationCache.ModelOf, List<DecodedMatches.Candidate>> first = cache.candidates(Set.of(civic, none), models());
        Map<ConfigurationCache.ModelOf, List<DecodedMatches.Candidate>> again = cache.candidates(Set.of(civic, none), models());
        assertThat(loads).as("a model without configurations is kept too").hasValue(1);
        assertThat(again).isEqualTo(first);
        assertThat(again.get(civic)).extracting(candidate -> candidate.vehicle().configKey()).containsExactly(KEY);
        assertThat(again.get(none)).isEmpty();

        cache.changed("2020-ford-f-150-xlt-2-7l-v6-4x4");
        cache.candidates(Set.of(none), models());
        assertThat(loads).as("a new configuration may join any model").hasValue(2);

        cache.changedAll();
        cache.candidates(Set.of(none), models -> {
            Map<ConfigurationCache.ModelOf, List<DecodedMatches.Candidate>> read = models().apply(models);
            cache.changedAll();
            return read;
        });
        cache.candidates(Set.of(none), models());
        assertThat(loads).as("a read that raced with a change is not kept").hasValue(4);

        cache.reportsStopped();
        cache.candidates(Set.of(civic), models());
        assertThat(loads).hasValue(5);
    }

    private static String bodyOf(GroupDocument<?> document) {
        return "[{\"document\":\"" + document.group().key() + "\"}]";
    }

    /** A database stand-in that holds one configuration, a 2019 Honda Civic's, and answers each model it is asked for. */
    private Function<Set<ConfigurationCache.ModelOf>, Map<ConfigurationCache.ModelOf, List<DecodedMatches.Candidate>>> models() {
        return models -> {
            loads.incrementAndGet();
            Map<ConfigurationCache.ModelOf, List<DecodedMatches.Candidate>> found = new HashMap<>();
            for (ConfigurationCache.ModelOf model : models) {
                found.put(model, model.year() == 2019 && model.model().equals("civic")
                        ? List.of(new DecodedMatches.Candidate(new Vehicle(KEY, "2019 Honda Civic LX 2.0L K20C2", 2019, "Honda",
                                "Civic", "LX", "K20C2", "FWD"), "lx"))
                        : List.of());
            }
            return found;
        };
    }

    /** A database stand-in that answers one configuration with a body for each document asked for. */
    private Function<List<GroupDocument<?>>, List<ResolvedVehicle>> loader() {
        return documents -> {
            loads.incrementAndGet();
            Map<GroupDocument<?>, StoredJson> bodies = new HashMap<>();
            documents.forEach(document -> bodies.put(document, StoredJson.of(bodyOf(document))));
            return List.of(new ResolvedVehicle(new Vehicle(KEY, "2019 Honda Civic LX 2.0L K20C2", 2019, "Honda", "Civic", "LX",
                    "K20C2", "FWD"), bodies, ChangeTimes.UNKNOWN));
        };
    }
}
