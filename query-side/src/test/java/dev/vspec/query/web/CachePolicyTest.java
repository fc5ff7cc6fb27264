package dev.vspec.query.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.readmodel.Group;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CachePolicyTest {

    @Test
    void theVehicleRouteTakesTheShortestLivedGroupAndStaysPrivateWhenOneIs() {
        assertThat(vehicle(null)).isEqualTo(Freshness.CATALOG);
        assertThat(vehicle("fluids,specs,tires,maintenance_schedule,image")).isEqualTo(Freshness.CATALOG);
        assertThat(vehicle("fluids,parts,labor")).isEqualTo(Freshness.PRICES);
        assertThat(vehicle("parts,service_history")).isEqualTo(Freshness.SERVICE_HISTORY);
        assertThat(vehicle("labor")).isEqualTo(Freshness.LABOR);
    }

    @Test
    void aGroupRouteIsAsFreshAsTheGroupInsideTheVehicleRoute() {
        assertThat(CachePolicy.forRoute("/api/v1/parts", name -> null)).hasValue(CachePolicy.of(Group.PARTS));
        assertThat(CachePolicy.forRoute("/api/v0/service-history", name -> null))
                .hasValue(CachePolicy.of(Group.SERVICE_HISTORY));
        assertThat(CachePolicy.forRoute("/api/v1/specs", name -> null)).hasValue(CachePolicy.of(Group.SPECS));
    }

    @Test
    void anAnswerGivenToAKeyIsPrivateWithItsLifetimeKept() {
        assertThat(Freshness.CATALOG.keyedCacheControl()).isEqualTo("private, max-age=86400");
        assertThat(Freshness.IMAGE.keyedCacheControl()).isEqualTo("private, max-age=604800, immutable");
        assertThat(Freshness.SERVICE_HISTORY.keyedCacheControl())
                .as("private already")
                .isEqualTo("private, max-age=300");
        assertThat(Freshness.NO_STORE.keyedCacheControl())
                .as("never kept at all")
                .isEqualTo("no-store");
        assertThat(Freshness.LISTING.cacheControl()).as("keyless").isEqualTo("max-age=60");
    }

    @Test
    void aPrivateAnswerWinsATieOfLifetimes() {
        assertThat(Freshness.shortest(List.of(Freshness.CATALOG, Freshness.SERVICE_HISTORY), Freshness.IMAGE))
                .isEqualTo(Freshness.SERVICE_HISTORY);
        assertThat(Freshness.shortest(List.of(), Freshness.IMAGE)).isEqualTo(Freshness.IMAGE);
        for (Freshness freshness : Freshness.values()) {
            assertThat(freshness.cacheControl())
                    .contains(
                            switch (freshness) {
                                case STATUS -> "no-cache";
                                case NO_STORE -> "no-store";
                                default -> "max-age=" + freshness.maxAgeSeconds();
                            });
            assertThat(freshness.cacheControl().contains("private")).isEqualTo(freshness.privateOnly());
        }
    }

    @Test
    void anAnswerHoldingSomethingUnknownIsKeptAMinuteAtMostAndStaysPrivateWhereItWas() {
        assertThat(Freshness.CATALOG.whileUnknown()).isEqualTo(Freshness.UNKNOWN);
        assertThat(Freshness.PRICES.whileUnknown()).isEqualTo(Freshness.UNKNOWN);
        assertThat(Freshness.UNKNOWN.keyedCacheControl()).isEqualTo("private, max-age=60");
        assertThat(Freshness.UNKNOWN.cacheControl()).as("keyless").isEqualTo("max-age=60");
        assertThat(Freshness.SERVICE_HISTORY.whileUnknown().cacheControl())
                .as("private even keyless")
                .isEqualTo("private, max-age=60");
        assertThat(Freshness.LISTING.whileUnknown()).as("a minute already").isEqualTo(Freshness.LISTING);
        assertThat(Freshness.NO_STORE.whileUnknown()).isEqualTo(Freshness.NO_STORE);
    }

    @Test
    void enrichmentStatusIsNeverStoredAndOnlyItIsUnstored() {
        assertThat(CachePolicy.forRoute("/api/v0/enrich", name -> null)).hasValue(Freshness.NO_STORE);
        for (Freshness freshness : Freshness.values()) {
            assertThat(freshness.stored())
                    .as(freshness.name())
                    .isEqualTo(!freshness.cacheControl().contains("no-store"));
        }
    }

    @Test
    void configsIsKeptBrieflyWhateverItIsAskedSinceTheCatalogGrows() {
        assertThat(configs(Map.of("year", "2019"))).isEqualTo(Freshness.LISTING);
        assertThat(configs(Map.of("year", "2019", "make", "honda", "limit", "5")))
                .isEqualTo(Freshness.LISTING);
        assertThat(configs(Map.of("year", "2019", "make", "honda", "model", "civic")))
                .isEqualTo(Freshness.LISTING);
        assertThat(configs(Map.of("year", "2019", "vin", "19XFC2F52KE715372"))).isEqualTo(Freshness.LISTING);
        assertThat(configs(Map.of("config_key", "2019-honda-civic-lx-k20c2-fwd")))
                .isEqualTo(Freshness.LISTING);
        assertThat(configs(Map.of())).isEqualTo(Freshness.LISTING);
        assertThat(CachePolicy.forRoute("/api/v1/makes", name -> null)).hasValue(Freshness.LISTING);
    }

    @Test
    void anUnknownRouteHasNoPolicy() {
        assertThat(CachePolicy.forRoute("/api/v9/other", name -> null)).isEmpty();
    }

    private static Freshness configs(Map<String, String> parameters) {
        return CachePolicy.forRoute("/api/v1/configs", parameters::get).orElseThrow();
    }

    private static Freshness vehicle(String include) {
        Map<String, String> parameters = include == null ? Map.of() : Map.of("include", include);
        return CachePolicy.forRoute("/api/v1/vehicle", parameters::get).orElseThrow();
    }
}
