package dev.vspec.cli.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.cli.VspecCli;
import dev.vspec.cli.stack.Deployable;
import dev.vspec.cli.stack.LocalStack;
import dev.vspec.cli.stack.SharedStack;
import dev.vspec.cli.stack.StackSettings;
import dev.vspec.command.catalog.CatalogCommandSide;
import dev.vspec.contracts.catalog.AliasConfigKey;
import dev.vspec.contracts.catalog.CacheExteriorImage;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.LaborTime;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PricePart;
import dev.vspec.contracts.catalog.RecordFluids;
import dev.vspec.contracts.catalog.RecordLaborTimes;
import dev.vspec.contracts.catalog.RecordParts;
import dev.vspec.contracts.catalog.RecordServiceHistory;
import dev.vspec.contracts.catalog.RecordServiceSchedule;
import dev.vspec.contracts.catalog.RecordSpecs;
import dev.vspec.contracts.catalog.RecordTires;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.ServiceInterval;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.TireFitment;
import dev.vspec.contracts.identity.ConfigKey;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.testing.CatalogFiles;
import dev.vspec.testing.TestKeys;
import dev.vspec.testing.database.TestDatabase;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.FileSystemUtils;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Export, then import into an empty stack: what the shared stack's catalog holds (the sample catalog, whatever the
 * other classes of this JVM added, and a configuration of this class whose facts come from every kind of source, with
 * an alias) is exported with {@code vspec catalog export} as JSON and as CSV files, the CSV files are imported with
 * {@code vspec catalog import} into a second stack started on an empty database, and the JSON export imported over
 * them stores nothing; then the read routes answer the same on both query sides for every fact the export holds
 * ({@link #routesOfEveryFact()}): status, headers and body, except what differs by nature: {@code recorded_at}, ETag, Last-Modified, each
 * request's own id, date and rate-limit budget, and the stack's own site in an error's {@code docs} link.
 */
@ExtendWith(SharedStack.Resolver.class)
class CatalogRoundTripIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String KEY = ConfigKey.of(2016, "Roundtrip Motors", "Backup", "Base", "RT1", "FWD")
            .value();
    private static final String ALIAS = "2016-roundtrip-motors-backup-base-rt1";
    private static final FactSource VPIC = FactSource.vpic("2026-02-17", "b".repeat(64));
    private static final FactSource VENDOR = FactSource.vendor("Round Trip Parts", 87);
    private static final FactSource SHOP = FactSource.importFile("shop.json", "c".repeat(64));
    private static final FactSource DEALER = FactSource.importFile("dealer.csv", "d".repeat(64));
    private static final String GROUPS = "fluids,specs,tires,maintenance_schedule,parts,labor,image";
    /** What each request has of its own, or the moment it was answered. */
    private static final Set<String> OWN_HEADERS = Set.of(
            "date",
            "x-request-id",
            "etag",
            "last-modified",
            "content-length",
            "x-ratelimit-limit",
            "x-ratelimit-remaining",
            "x-ratelimit-reset",
            "x-monthly-limit",
            "x-monthly-remaining");

    @TempDir
    static Path work;

    private static final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static LocalStack source;
    private static TestDatabase emptyDatabase;
    private static LocalStack target;
    private static JsonNode export;
    private static String vin;
    private static String exportOutput;
    private static String jsonOverCsvOutput;

    @BeforeAll
    static void exportTheSharedCatalogAndImportItIntoAnEmptyStack(SharedStack shared) throws IOException {
        source = shared.stack();
        vin = vin("9RTBK000?GA100001");
        try (CatalogCommandSide commandSide = CatalogCommandSide.over(source.dataSource())) {
            commandSide.send(factsFromEveryKindOfSource());
        }
        source.awaitCaughtUp(Duration.ofMinutes(2), new PrintWriter(Writer.nullWriter()));

        Path folder = work.resolve("export");
        exportOutput = exportShared(shared, "json", folder);
        export = JSON.readTree(folder.resolve("catalog.json").toFile());
        Path csv = work.resolve("export-csv");
        exportShared(shared, "csv", csv);

        emptyDatabase = TestDatabase.createWithVpic("vspec_round_trip");
        StackSettings free = StackSettings.onFreePorts(
                work.resolve("target"), emptyDatabase.url(), emptyDatabase.user(), emptyDatabase.password());
        target = LocalStack.start(new StackSettings(
                free.dataDir(),
                free.dbUrl(),
                free.dbUser(),
                free.dbPassword(),
                free.kafkaPort(),
                free.ports(),
                false,
                free.properties()));
        importIntoTarget(csvFilesIn(csv));
        jsonOverCsvOutput = importIntoTarget(List.of(folder.resolve("catalog.json")));
        target.awaitCaughtUp(Duration.ofMinutes(3), new PrintWriter(Writer.nullWriter()));
    }

    @AfterAll
    static void stopTheSecondStack() throws IOException {
        if (target != null) {
            target.close();
        }
        if (emptyDatabase != null) {
            emptyDatabase.drop();
        }
        FileSystemUtils.deleteRecursively(work.resolve("target"));
    }

    @Test
    void theExportHoldsEveryGroupWithTheSourceOfEachFact() {
        JsonNode backup = CatalogFiles.configuration(export, KEY);

        assertThat(exportOutput)
                .contains(String.format(
                        Locale.ROOT,
                        "%,d configurations",
                        export.get("configurations").size()));
        assertThat(backup.get("label").asString()).isEqualTo("2016 Roundtrip Motors Backup Base (test data)");
        assertThat(backup.get("source").get("name").asString()).isEqualTo("shop.json");
        assertThat(backup.get("aliases").get(0).asString()).isEqualTo(ALIAS);
        assertThat(backup.get("sources").get("aliases").get(ALIAS).get("kind").asString())
                .isEqualTo("vpic");
        assertThat(backup.get("sources").get("fluids").get("kind").asString()).isEqualTo("vendor");
        assertThat(backup.get("sources").get("vins").get(vin).get("name").asString())
                .isEqualTo("dealer.csv");
        assertThat(backup.get("service_history").get(vin)).hasSize(1);
        assertThat(backup.get("image").get("path").asString()).isEqualTo("images/" + KEY + ".png");
        assertThat(work.resolve("export/images/" + KEY + ".png")).exists();
        // the shared stack's own sample catalog went out as it came in
        assertThat(CatalogFiles.configuration(export, "2019-honda-civic-lx-k20c2-fwd")
                        .get("source")
                        .get("kind")
                        .asString())
                .isEqualTo("import");
    }

    @Test
    void theJsonExportImportedOverTheCsvExportStoresNothing() {
        assertThat(jsonOverCsvOutput).contains("; 0 facts recorded, ");
    }

    @Test
    void everyFactAnswersTheSameOnTheEmptyStackTheExportWasImportedInto() throws Exception {
        String sourceKey = TestKeys.fullAccess(DSL.using(source.dataSource(), SQLDialect.POSTGRES));
        String targetKey = TestKeys.fullAccess(DSL.using(target.dataSource(), SQLDialect.POSTGRES));
        List<String> paths = routesOfEveryFact();
        List<String> differences = new ArrayList<>();
        int answered = 0;

        for (String path : paths) {
            HttpResponse<byte[]> before = get(source, sourceKey, path);
            HttpResponse<byte[]> after = get(target, targetKey, path);
            String difference =
                    difference(before, after, source.url(Deployable.GATEWAY), target.url(Deployable.GATEWAY));
            if (difference != null) {
                differences.add(path + ": " + difference);
            }
            answered += before.statusCode() == 200 ? 1 : 0;
        }

        assertThat(differences).as("of %d requests", paths.size()).isEmpty();
        assertThat(answered).as("answers 200 among %d requests", paths.size()).isGreaterThan(paths.size() / 2);
        assertThat(paths)
                .contains(
                        "/api/v1/vehicle?include=" + GROUPS + "&config_key=" + ALIAS,
                        "/api/v0/service-history?vin=" + vin,
                        "/api/v0/vehicle-image?config_key=" + KEY);
    }

    /** A configuration of this class's own, each of its facts from another source than the one before. */
    private static List<CatalogCommand> factsFromEveryKindOfSource() {
        return List.of(
                new RegisterConfiguration(
                        KEY, 2016, "ROUNDTRIP MOTORS", "Backup", "Base", "RT1", "FWD", "2016 ROUNDTRIP MOTORS", VPIC),
                new RegisterConfiguration(
                        KEY,
                        2016,
                        "Roundtrip Motors",
                        "Backup",
                        "Base",
                        "RT1",
                        "FWD",
                        "2016 Roundtrip Motors Backup Base (test data)",
                        SHOP),
                new AliasConfigKey(KEY, ALIAS, VPIC),
                new RecordSpecs(KEY, List.of(new SpecItem("engine", "displacement", "1.6", "L")), VPIC),
                new RecordSpecs(KEY, List.of(new SpecItem("engine", "displacement", "1.60", "L")), SHOP),
                new RecordFluids(
                        KEY,
                        List.of(new Fluid("engine_oil", "0W-20", new BigDecimal("3.70"), new BigDecimal("3.9"), null)),
                        VENDOR),
                new RecordTires(KEY, List.of(new TireFitment("both", "205/55R16", 91, "V", 230, 33)), SHOP),
                new RecordServiceSchedule(
                        KEY,
                        List.of(new ServiceInterval("normal", "engine_oil_change", "Replace oil", 7500, 12000, 12)),
                        VENDOR),
                new RecordParts(
                        KEY,
                        List.of(new Part("RT-OF-1", "Oil filter", "filter", "Roundtrip", 1, "engine_oil_change")),
                        SHOP),
                new PricePart(KEY, "RT-OF-1", new BigDecimal("7.50"), "USD", LocalDate.of(2025, 1, 2), VENDOR),
                new PricePart(KEY, "RT-OF-1", new BigDecimal("7.95"), "USD", LocalDate.of(2025, 7, 1), DEALER),
                new RecordLaborTimes(
                        KEY,
                        List.of(new LaborTime("engine_oil_change", "Replace oil", new BigDecimal("0.50"))),
                        VENDOR),
                new CacheExteriorImage(
                        KEY, "image/png", new byte[] {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10}, VENDOR),
                new LinkVin(vin, KEY, DEALER),
                new RecordServiceHistory(
                        vin,
                        List.of(new ServiceRecord(
                                LocalDate.of(2017, 3, 4), 7400, null, "dealer", List.of("engine_oil_change"))),
                        VENDOR));
    }

    /**
     * Every fact the export holds, each behind the routes that show it: every route of each configuration by its
     * config_key; the whole vehicle by year/make/model/trim and by each alias (which must lead to it); each VIN's
     * vehicle with its service history, its decode, WMI and history; the listings of every year, make and model.
     * Every route by every identifier would ask each group again under another name: the resolution of
     * identifiers is the query side's own, tested there.
     */
    private static List<String> routesOfEveryFact() {
        List<String> paths = new ArrayList<>();
        TreeSet<String> listings = new TreeSet<>();
        paths.add("/api/v1/years?limit=1000");
        for (JsonNode c : export.get("configurations")) {
            String year = c.get("year").asString();
            String ymm = "year=" + year + "&make=" + encode(c.get("make").asString()) + "&model="
                    + encode(c.get("model").asString());
            listings.add("/api/v1/makes?limit=1000&year=" + year);
            listings.add("/api/v1/models?limit=1000&year=" + year + "&make="
                    + encode(c.get("make").asString()));
            listings.add("/api/v1/trims?limit=1000&" + ymm);
            listings.add("/api/v1/configs?" + ymm);
            String configKey = "config_key=" + CatalogFiles.configKeyOf(c);
            for (String route : List.of(
                    "/api/v1/fluids",
                    "/api/v1/specs",
                    "/api/v1/tires",
                    "/api/v1/maintenance-schedule",
                    "/api/v1/parts",
                    "/api/v0/labor",
                    "/api/v0/maintenance",
                    "/api/v0/vehicle-image")) {
                paths.add(route + "?" + configKey);
            }
            paths.add("/api/v0/maintenance?mileage=30000&" + configKey);
            List<String> otherNames = new ArrayList<>();
            otherNames.add(configKey);
            otherNames.add(ymm + "&trim=" + encode(c.get("trim").asString()));
            c.path("aliases").forEach(alias -> otherNames.add("config_key=" + alias.asString()));
            otherNames.forEach(name -> paths.add("/api/v1/vehicle?include=" + GROUPS + "&" + name));
            c.path("vins").forEach(v -> {
                paths.add("/api/v1/vehicle?include=" + GROUPS + ",service_history&vin=" + v.asString());
                paths.add("/api/v0/service-history?vin=" + v.asString());
                paths.add("/api/v1/decode?vin=" + v.asString());
                paths.add("/api/v1/wmi/" + v.asString().substring(0, 3));
            });
        }
        paths.addAll(listings);
        return paths;
    }

    private static HttpResponse<byte[]> get(LocalStack stack, String key, String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(stack.url(Deployable.QUERY_SIDE) + path))
                        .header("x-api-key", key)
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    /** What differs between two answers, beyond what each request has of its own; null when nothing. */
    private static String difference(
            HttpResponse<byte[]> before, HttpResponse<byte[]> after, String siteBefore, String siteAfter) {
        if (before.statusCode() != after.statusCode()) {
            return "status " + before.statusCode() + " became " + after.statusCode() + ": "
                    + new String(after.body(), StandardCharsets.UTF_8);
        }
        TreeMap<String, List<String>> headersBefore = comparedHeaders(before.headers());
        TreeMap<String, List<String>> headersAfter = comparedHeaders(after.headers());
        if (!headersBefore.equals(headersAfter)) {
            return "headers " + headersBefore + " became " + headersAfter;
        }
        boolean json = before.headers().firstValue("content-type").orElse("").contains("json");
        if (json) {
            JsonNode bodyBefore = withoutRecordingTimes(JSON.readTree(sited(before.body(), siteBefore)));
            JsonNode bodyAfter = withoutRecordingTimes(JSON.readTree(sited(after.body(), siteAfter)));
            return bodyBefore.equals(bodyAfter) ? null : "body " + bodyBefore + " became " + bodyAfter;
        }
        return Arrays.equals(before.body(), after.body()) ? null : "the bytes differ";
    }

    /** The body with its stack's site (the gateway's address, in an error's docs link) as {@code {site}}. */
    private static String sited(byte[] body, String site) {
        return new String(body, StandardCharsets.UTF_8).replace(site, "{site}");
    }

    private static TreeMap<String, List<String>> comparedHeaders(HttpHeaders headers) {
        TreeMap<String, List<String>> compared = new TreeMap<>();
        headers.map().forEach((name, values) -> {
            if (!OWN_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                compared.put(name.toLowerCase(Locale.ROOT), values);
            }
        });
        return compared;
    }

    /** The body without {@code recorded_at} (when each stack stored the fact) and an error's {@code request_id}. */
    private static JsonNode withoutRecordingTimes(JsonNode node) {
        if (node instanceof ObjectNode object) {
            object.remove(List.of("recorded_at", "request_id"));
            object.properties().forEach(field -> withoutRecordingTimes(field.getValue()));
        } else if (node.isArray()) {
            node.forEach(CatalogRoundTripIT::withoutRecordingTimes);
        }
        return node;
    }

    private static String vspec(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = VspecCli.forArguments(args)
                .setOut(new PrintWriter(out))
                .setErr(new PrintWriter(err))
                .execute(args);
        assertThat(exit).as(err.toString()).isZero();
        return out.toString();
    }

    /** {@code vspec catalog export} of the shared stack's catalog in this format into the folder. */
    private static String exportShared(SharedStack shared, String format, Path folder) {
        return vspec(
                "catalog",
                "export",
                "--format",
                format,
                "--db-url",
                shared.stack().databaseUrl(),
                "--db-user",
                shared.database().user(),
                folder.toString());
    }

    /** {@code vspec catalog import} of these files into the second stack's catalog. */
    private static String importIntoTarget(List<Path> files) {
        List<String> args = new ArrayList<>(
                List.of("catalog", "import", "--db-url", target.databaseUrl(), "--db-user", emptyDatabase.user()));
        files.forEach(file -> args.add(file.toString()));
        return vspec(args.toArray(String[]::new));
    }

    private static List<Path> csvFilesIn(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(file -> file.toString().endsWith(".csv"))
                    .sorted()
                    .toList();
        }
    }

    private static String vin(String withPlaceholder) {
        return withPlaceholder.replace('?', Vin.checkDigitOf(withPlaceholder));
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
