package dev.vspec.query.store;

import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static dev.vspec.query.ReadModelSeed.CIVIC_SPORT;
import static dev.vspec.query.ReadModelSeed.F150_27_2020_VIN;
import static dev.vspec.query.ReadModelSeed.SEEDED;
import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.storage.jooq.read.Tables.VIN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.contracts.catalog.TireFitment;
import dev.vspec.query.ReadModelSeed;
import dev.vspec.query.SeededRouteIT;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.TireView;
import dev.vspec.storage.ReadChangeNotifications;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The configuration cache answers repeated config_key reads from memory and never keeps serving a
 * document after its row changed: not after an update, not after a truncate, not across a lost
 * change channel; nor matches a decoded VIN against a model's configurations as they were.
 */
class ConfigurationCacheIT extends SeededRouteIT {

    private static final String TIRES = "/api/v1/tires?config_key=" + CIVIC_LX;
    private static final Duration CHANGE_VISIBLE = Duration.ofSeconds(5);

    @Autowired
    ConfigurationCache cache;

    @Test
    void aRepeatedConfigKeyReadIsAnsweredFromMemory() {
        await().atMost(CHANGE_VISIBLE).until(() -> {
            api.get(TIRES).ok();
            long hits = cache.hits();
            api.get(TIRES).ok();
            return cache.hits() > hits;
        });
    }

    /** A VIN's link is read each time; the configuration it names comes from memory like any other. */
    @Test
    void aLinkedVinIsAnsweredFromMemoryByItsLinkAsItIsNow() {
        String byVin = "/api/v1/tires?vin=" + CIVIC_LX_VIN;
        await().atMost(CHANGE_VISIBLE).until(() -> {
            api.get(byVin).ok();
            long hits = cache.hits();
            api.get(byVin).ok();
            return cache.hits() > hits;
        });
        try {
            db.update(VIN)
                    .set(VIN.CONFIG_KEY, CIVIC_SPORT)
                    .where(VIN.VIN_.eq(CIVIC_LX_VIN))
                    .execute();

            assertThat(api.get(byVin).ok().at("/vehicle/config_key").asString()).isEqualTo(CIVIC_SPORT);
        } finally {
            db.update(VIN)
                    .set(VIN.CONFIG_KEY, CIVIC_LX)
                    .where(VIN.VIN_.eq(CIVIC_LX_VIN))
                    .execute();
        }
        assertThat(api.get(byVin).ok().at("/vehicle/config_key").asString()).isEqualTo(CIVIC_LX);
    }

    /**
     * A VIN no import linked is matched against its model's configurations, kept in memory: a configuration
     * added to that model, or removed from it, is matched once its transaction commits.
     */
    @Test
    void aDecodedVinIsMatchedAgainstTheCatalogAsItIsNow() {
        String f150 = "/api/v1/tires?vin=" + F150_27_2020_VIN;
        String added = "2020-ford-f-150-xlt-2-7l-v6";
        api.get(f150).error(404, "not_found");
        api.get(f150).error(404, "not_found");
        try {
            ReadModelSeed.configuration(
                    db, added, 2020, "Ford", "F-150", "XLT", "2.7l-v6", null, "2020 Ford F-150 XLT 2.7L V6");

            await().atMost(CHANGE_VISIBLE)
                    .untilAsserted(() -> assertThat(api.get("/api/v1/configs?vin=" + F150_27_2020_VIN)
                                    .ok()
                                    .at("/configs/0/config_key")
                                    .asString())
                            .isEqualTo(added));
        } finally {
            db.deleteFrom(CONFIGURATION)
                    .where(CONFIGURATION.CONFIG_KEY.eq(added))
                    .execute();
        }
        await().atMost(CHANGE_VISIBLE).untilAsserted(() -> api.get(f150).error(404, "not_found"));
    }

    @Test
    void anUpdatedDocumentIsServedOnceItsTransactionCommits() {
        String before = api.get(TIRES).ok().toString();
        api.get(TIRES).ok();

        GroupDocument.TIRES.write(
                db, CIVIC_LX, TireView.of(List.of(new TireFitment("both", "205/55R16", 91, "V", 215, 33))), SEEDED);

        await().atMost(CHANGE_VISIBLE)
                .untilAsserted(() -> assertThat(api.get(TIRES).ok().toString()).contains("205/55R16"));
        assertThat(before).doesNotContain("205/55R16");
    }

    @Test
    void aTruncatedTableDropsEveryEntry() {
        assertThat(api.get(TIRES).ok().path("tires").toString()).contains("215/55R16");

        db.truncate(GroupDocument.TIRES.table()).execute();

        await().atMost(CHANGE_VISIBLE)
                .untilAsserted(() ->
                        assertThat(api.get(TIRES).ok().path("tires").toString()).doesNotContain("215/55R16"));
    }

    @Test
    void changesMadeWhileTheChannelIsDownAreNotMissed() {
        api.get(TIRES).ok();
        api.get(TIRES).ok();

        int terminated = db.fetchOne("select count(pg_terminate_backend(pid)) from pg_stat_activity"
                        + " where datname = current_database() and query like 'LISTEN "
                        + ReadChangeNotifications.CHANNEL + "%'")
                .get(0, Integer.class);
        GroupDocument.TIRES.write(
                db, CIVIC_LX, TireView.of(List.of(new TireFitment("both", "225/45R17", 94, "W", 230, 34))), SEEDED);

        assertThat(terminated).isEqualTo(1);
        await().atMost(CHANGE_VISIBLE)
                .untilAsserted(() -> assertThat(api.get(TIRES).ok().toString()).contains("225/45R17"));
    }
}
