package dev.vspec.cli.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.cli.VspecCli;
import dev.vspec.cli.stack.SharedStack;
import dev.vspec.contracts.access.Plan;
import dev.vspec.testing.TestKeys;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import picocli.CommandLine;

/**
 * The CSV example set imported into a running stack with {@code vspec catalog import}, then read as a client reads it
 * through the gateway: every group of its configurations and VINs, each saying the file it came from.
 */
@ExtendWith(SharedStack.Resolver.class)
class CatalogImportEndToEndIT {

    private static final String CAMRY_VIN = "4T1B11HK0JU512347";
    private static final String CAMRY = "2018-toyota-camry-le-a25a-fks-fwd";
    private static final Duration PROJECTED = Duration.ofSeconds(60);
    private static SharedStack shared;
    private static String key;

    @BeforeAll
    static void importTheExampleSet(SharedStack stack) throws IOException {
        shared = stack;
        key = TestKeys.issue(DSL.using(stack.stack().dataSource(), SQLDialect.POSTGRES), Plan.PRO);
        List<String> args = new ArrayList<>(
                List.of("catalog", "import", "--db-url", shared.database().url()));
        try (Stream<Path> files = Files.list(Path.of("..", "docs", "catalog-sample"))) {
            files.filter(file -> file.toString().endsWith(".csv")).forEach(file -> args.add(file.toString()));
        }
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new VspecCli())
                .setOut(new PrintWriter(new StringWriter()))
                .setErr(new PrintWriter(err))
                .execute(args.toArray(String[]::new));
        assertThat(exit).as(err.toString()).isZero();
    }

    @Test
    void everyGroupOfAnImportedVinAnswersWithTheFileItCameFrom() throws Exception {
        await().atMost(PROJECTED).untilAsserted(() -> {
            HttpResponse<String> vehicle = get("/api/v1/vehicle?vin=" + CAMRY_VIN
                    + "&include=fluids,specs,tires,maintenance_schedule,parts,labor,image,service_history");
            assertThat(vehicle.statusCode()).as(vehicle.body()).isEqualTo(200);
            assertThat(vehicle.body())
                    .contains("\"config_key\":\"" + CAMRY + "\"")
                    .contains("API SN ILSAC GF-5 0W-16", "205/65R16", "engine_air_filter_replacement")
                    .contains("04152-YZZA1", "\"7.90\"", "2026-01-15")
                    .contains("2021-01-20", "25300")
                    .contains("sample-fluids.csv", "sample-parts.csv", "sample-service_history.csv");
        });
        HttpResponse<String> due = get("/api/v0/maintenance?vin=" + CAMRY_VIN + "&mileage=10000");
        assertThat(due.statusCode()).as(due.body()).isEqualTo(200);
        assertThat(due.body()).contains("engine_oil_change", "04152-YZZA1");
    }

    @Test
    void anAliasAnswersForItsConfigurationAndAHistoryRecordedAsNoneIsEmpty() {
        await().atMost(PROJECTED).untilAsserted(() -> {
            HttpResponse<String> aliased = get("/api/v1/fluids?config_key=2018-toyota-camry-le-a25a-fks");
            assertThat(aliased.statusCode()).as(aliased.body()).isEqualTo(200);
            assertThat(aliased.body()).contains("\"config_key\":\"" + CAMRY + "\"", "Toyota Super Long Life Coolant");
            HttpResponse<String> none = get("/api/v0/service-history?vin=1FMCU0GD4JUB77215");
            assertThat(none.statusCode()).as(none.body()).isEqualTo(200);
            assertThat(none.body()).contains("\"service_history\":[]");
        });
    }

    private static HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
        return shared.get(pathAndQuery, key);
    }
}
