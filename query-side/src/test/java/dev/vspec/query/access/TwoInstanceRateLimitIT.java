package dev.vspec.query.access;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.access.Plan;
import dev.vspec.query.QuerySideApplication;
import dev.vspec.testing.Api;
import dev.vspec.testing.Api.Reply;
import dev.vspec.testing.TestKeys;
import dev.vspec.testing.database.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.jooq.DSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Two query-side instances on one database share one budget per key: flooded concurrently with
 * one free key through both, they admit no more than the plan's 60 requests in any minute.
 */
class TwoInstanceRateLimitIT {

    private static final int LIMIT = 60;
    private static final int REQUESTS_PER_INSTANCE = 150;

    private static TestDatabase database;
    private static final List<ConfigurableApplicationContext> instances = new ArrayList<>();

    @BeforeAll
    static void startTwoInstances() {
        database = TestDatabase.create("vspec_two_instances");
        for (int i = 0; i < 2; i++) {
            instances.add(QuerySideApplication.application()
                    .run(
                            "--server.port=0",
                            "--spring.datasource.url=" + database.url(),
                            "--spring.datasource.username=" + database.user(),
                            "--spring.datasource.password=" + database.password()));
        }
    }

    @AfterAll
    static void stop() {
        instances.forEach(ConfigurableApplicationContext::close);
        if (database != null) {
            database.drop();
        }
    }

    @Test
    void aFloodThroughBothInstancesNeverGetsMoreThanTheKeysLimitPerMinute() throws Exception {
        String key = TestKeys.issue(instances.get(0).getBean(DSLContext.class), Plan.FREE);
        Map<String, AtomicInteger> admittedPerWindow = new ConcurrentHashMap<>();
        AtomicInteger refused = new AtomicInteger();
        ExecutorService clients = Executors.newFixedThreadPool(8);
        List<Future<?>> done = new ArrayList<>();
        for (ConfigurableApplicationContext instance : instances) {
            Api api = new Api(
                    ((WebServerApplicationContext) instance).getWebServer().getPort(), key);
            for (int thread = 0; thread < 4; thread++) {
                done.add(clients.submit(() -> {
                    for (int i = 0; i < REQUESTS_PER_INSTANCE / 4; i++) {
                        Reply reply = api.get("/api/v1/configs?year=2019&make=Honda&model=Civic");
                        if (reply.status() == 429) {
                            assertThat(reply.body().path("error").asString()).isEqualTo("rate_limited");
                            refused.incrementAndGet();
                        } else {
                            // no catalog is loaded: the lookup itself answers 404, after being admitted
                            assertThat(reply.status()).isEqualTo(404);
                            admittedPerWindow
                                    .computeIfAbsent(reply.header("X-RateLimit-Reset"), w -> new AtomicInteger())
                                    .incrementAndGet();
                        }
                    }
                }));
            }
        }
        for (Future<?> future : done) {
            future.get();
        }
        clients.shutdown();

        int admitted =
                admittedPerWindow.values().stream().mapToInt(AtomicInteger::get).sum();
        assertThat(admitted + refused.get()).isEqualTo(2 * 4 * (REQUESTS_PER_INSTANCE / 4));
        assertThat(admittedPerWindow.values())
                .allSatisfy(count -> assertThat(count.get()).isLessThanOrEqualTo(LIMIT));
        // the flood outlasts the budget: each window it touched was spent to the last request
        assertThat(admittedPerWindow.values())
                .anySatisfy(count -> assertThat(count.get()).isEqualTo(LIMIT));
        assertThat(refused.get()).isPositive();
    }
}
