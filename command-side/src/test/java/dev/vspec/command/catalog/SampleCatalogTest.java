package dev.vspec.command.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.SoftAssertions.assertSoftly;
import static org.assertj.core.data.Offset.offset;
import static org.assertj.core.data.Percentage.withPercentage;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vspec.contracts.identity.ConfigKey;
import dev.vspec.contracts.identity.Vin;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Invariants of the sample reference catalog that {@code vspec up} imports on first start: people
 * judge the product by it, so its numbers must agree with each other and its VINs must decode.
 */
class SampleCatalogTest {

    private static final String ROOT = "catalog/sample/";
    private static final BigDecimal QUARTS_PER_LITRE = new BigDecimal("1.05669");
    private static final double KPA_PER_PSI = 6.895;
    private static final double KM_PER_MILE = 1.609;
    private static final double KM_PER_MILE_EXACT = 1.609344;
    private static final LocalDate HISTORY_END = LocalDate.of(2026, 11, 1);
    private static final Set<String> PERFORMERS = Set.of("dealer", "independent", "fleet", "owner");
    private static final String YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";
    private static final Pattern AMOUNT = Pattern.compile("\\d+\\.\\d{2}");
    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");
    private static final Pattern TIRE_SIZE = Pattern.compile("\\d{3}/\\d{2}R\\d{2}");
    private static final Pattern IMAGE_PATH = Pattern.compile("images/[a-z0-9-]+\\.svg");
    private static final int MAX_IMAGE_BYTES = 64 * 1024;
    /** Wear items a shop prices and times without a mileage interval. */
    private static final Set<String> UNSCHEDULED_OPERATIONS = Set.of("brake_pads_front");

    /** Real world manufacturer identifiers (49 CFR 565 / SAE J1044) per make, for the makes the sample uses. */
    private static final Map<String, Set<String>> WMI_BY_MAKE = Map.ofEntries(
            Map.entry("honda", Set.of("19X", "1HG", "2HG", "2HK", "5J6", "5FN", "7FA", "JHM", "SHH")),
            Map.entry(
                    "toyota",
                    Set.of("4T1", "4T3", "2T1", "2T3", "5YF", "5TF", "3TM", "3TY", "JTD", "JTM", "JTN", "JTE")),
            Map.entry("ford", Set.of("1FT", "1FA", "1FM", "1FD", "2FM", "3FA", "3FM")),
            Map.entry("chevrolet", Set.of("1G1", "1GC", "1GN", "2G1", "2GN", "3G1", "3GC", "3GN", "KL7")),
            Map.entry("tesla", Set.of("5YJ", "7SA", "LRW", "XP7")),
            Map.entry("bmw", Set.of("WBA", "WBS", "WBX", "WBY", "5UX", "5YM", "3MW")),
            Map.entry("volkswagen", Set.of("WVW", "WVG", "1VW", "3VW", "1V2")),
            Map.entry("subaru", Set.of("JF1", "JF2", "4S3", "4S4")),
            Map.entry("hyundai", Set.of("KMH", "KM8", "5NP", "5NM")),
            Map.entry("nissan", Set.of("1N4", "1N6", "3N1", "3N6", "5N1", "JN1", "JN8")));

    private static JsonNode catalog;
    private static List<JsonNode> configurations;

    @BeforeAll
    static void load() throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
        try (InputStream in = resource("catalog.json")) {
            assertThat(in).as("classpath:%scatalog.json", ROOT).isNotNull();
            catalog = mapper.readTree(in);
        }
        configurations = list(catalog.path("configurations"));
    }

    @Test
    void declaresItsFormatAndSaysItIsSampleData() {
        assertThat(catalog.path("format").asText()).isEqualTo("vspec-catalog/1");
        assertThat(catalog.path("description").asText()).startsWith("SAMPLE DATA");
    }

    @Test
    void coversEnoughConfigurationsMakesAndYears() {
        assertThat(configurations).hasSizeGreaterThanOrEqualTo(30);
        assertThat(distinct(c -> normalize(c.path("make").asText()))).hasSizeGreaterThanOrEqualTo(8);
        assertThat(distinct(c -> c.path("year").asInt())).hasSizeGreaterThanOrEqualTo(3);
    }

    @Test
    void configKeysDeriveAndAreUnique() {
        Set<String> keys = new HashSet<>();
        assertSoftly(softly -> configurations.forEach(c -> {
            String key = key(c);
            softly.assertThat(keys.add(key)).as("config_key %s is unique", key).isTrue();
            String label = c.path("label").asText();
            softly.assertThat(label)
                    .as("label of %s", key)
                    .startsWith(c.path("year").asInt() + " " + c.path("make").asText() + " "
                            + c.path("model").asText())
                    .hasSizeLessThanOrEqualTo(240);
            softly.assertThat(c.path("engine_code").asText())
                    .as("engine_code of %s", key)
                    .isNotBlank()
                    .hasSizeLessThanOrEqualTo(40);
        }));
    }

    @Test
    void everyConfigurationFillsEveryGroup() {
        assertSoftly(softly -> configurations.forEach(c -> {
            for (String group : List.of("fluids", "specs", "tires", "service_schedule", "parts", "labor")) {
                softly.assertThat(list(c.path(group)))
                        .as("%s of %s", group, key(c))
                        .isNotEmpty();
            }
            softly.assertThat(list(c.path("vins"))).as("vins of %s", key(c)).hasSizeBetween(2, 4);
        }));
    }

    @Test
    void vinsAreValidUniqueAndBelongToTheirConfiguration() {
        Set<String> seen = new HashSet<>();
        assertSoftly(softly -> configurations.forEach(c -> {
            int year = c.path("year").asInt();
            Set<String> wmis = WMI_BY_MAKE.getOrDefault(normalize(c.path("make").asText()), Set.of());
            for (JsonNode node : c.path("vins")) {
                Vin vin = Vin.parse(node.asText());
                softly.assertThat(vin.value())
                        .as("VIN %s is already upper-case", vin)
                        .isEqualTo(node.asText());
                softly.assertThat(vin.hasValidCheckDigit())
                        .as("check digit of %s (expected %s)", vin, vin.expectedCheckDigit())
                        .isTrue();
                softly.assertThat(seen.add(vin.value()))
                        .as("VIN %s appears once", vin)
                        .isTrue();
                softly.assertThat(vin.modelYearCode())
                        .as("model-year code of %s for %d", vin, year)
                        .isEqualTo(yearCode(year));
                softly.assertThat(wmis)
                        .as(
                                "WMI %s of %s belongs to %s",
                                vin.wmi(), vin, c.path("make").asText())
                        .contains(vin.wmi());
            }
        }));
    }

    @Test
    void someYearMakeModelNeedsTrimAndEngineToResolve() {
        Map<String, List<JsonNode>> byYearMakeModel = configurations.stream()
                .collect(Collectors.groupingBy(c ->
                        c.path("year").asInt() + "|" + normalize(c.path("make").asText()) + "|"
                                + normalize(c.path("model").asText())));
        assertThat(byYearMakeModel.values())
                .as("a year/make/model with several trims and several engines")
                .anySatisfy(group -> {
                    assertThat(group).hasSizeGreaterThanOrEqualTo(3);
                    assertThat(group.stream()
                                    .map(c -> normalize(c.path("trim").asText()))
                                    .distinct())
                            .hasSizeGreaterThanOrEqualTo(2);
                    assertThat(group.stream()
                                    .map(c -> c.path("engine_code").asText())
                                    .distinct())
                            .hasSizeGreaterThanOrEqualTo(2);
                });
    }

    @Test
    void fluidCapacitiesAgreeInLitresAndQuarts() {
        assertSoftly(softly -> configurations.forEach(c -> c.path("fluids").forEach(f -> {
            String what = f.path("type").asText() + " of " + key(c);
            softly.assertThat(f.path("type").asText())
                    .as("type of a fluid of %s", key(c))
                    .isNotBlank();
            softly.assertThat(f.path("specification").asText())
                    .as("specification of %s", what)
                    .isNotBlank();
            BigDecimal litres = f.path("capacity_litres").decimalValue();
            BigDecimal quarts = f.path("capacity_us_quarts").decimalValue();
            softly.assertThat(litres).as("litres of %s", what).isPositive();
            softly.assertThat(quarts)
                    .as("US quarts of %s (%s L)", what, litres)
                    .isEqualByComparingTo(litres.multiply(QUARTS_PER_LITRE).setScale(1, RoundingMode.HALF_UP));
        })));
    }

    @Test
    void tirePressuresAgreeInKilopascalsAndPsi() {
        assertSoftly(softly -> configurations.forEach(c -> {
            Set<String> axles = new HashSet<>();
            c.path("tires").forEach(t -> {
                String what = t.path("axle").asText() + " tire of " + key(c);
                axles.add(t.path("axle").asText());
                softly.assertThat(t.path("size").asText())
                        .as("size of %s", what)
                        .matches(TIRE_SIZE);
                softly.assertThat(t.path("load_index").asInt())
                        .as("load index of %s", what)
                        .isBetween(70, 130);
                softly.assertThat(t.path("speed_rating").asText())
                        .as("speed rating of %s", what)
                        .matches("[A-Z]");
                int psi = t.path("pressure_psi").asInt();
                softly.assertThat((double) t.path("pressure_kpa").asInt())
                        .as("kPa of %s at %d psi", what, psi)
                        .isCloseTo(psi * KPA_PER_PSI, offset(3.0));
            });
            softly.assertThat(axles).as("axles of %s", key(c)).isIn(Set.of("both"), Set.of("front", "rear"));
        }));
    }

    @Test
    void serviceIntervalsAgreeInMilesAndKilometresAndSevereIsNeverLonger() {
        assertSoftly(softly -> configurations.forEach(c -> {
            Map<String, Map<String, JsonNode>> bySchedule = new HashMap<>();
            c.path("service_schedule").forEach(i -> {
                String what =
                        i.path("schedule").asText() + " " + i.path("service").asText() + " of " + key(c);
                softly.assertThat(i.path("schedule").asText())
                        .as("schedule of %s", what)
                        .isIn("normal", "severe");
                softly.assertThat(i.path("description").asText())
                        .as("description of %s", what)
                        .isNotBlank();
                softly.assertThat(bound(i, "miles") != null || bound(i, "months") != null)
                        .as("%s has a bound", what)
                        .isTrue();
                softly.assertThat(bound(i, "miles") == null)
                        .as("miles and km of %s both set or both null", what)
                        .isEqualTo(bound(i, "kilometres") == null);
                if (bound(i, "miles") != null && bound(i, "kilometres") != null) {
                    double expected = bound(i, "miles") * KM_PER_MILE;
                    softly.assertThat((double) bound(i, "kilometres"))
                            .as("km of %s", what)
                            .isCloseTo(expected, withPercentage(3));
                }
                JsonNode previous = bySchedule
                        .computeIfAbsent(i.path("schedule").asText(), s -> new HashMap<>())
                        .put(i.path("service").asText(), i);
                softly.assertThat(previous).as("%s listed once", what).isNull();
            });
            Map<String, JsonNode> normal = bySchedule.getOrDefault("normal", Map.of());
            Map<String, JsonNode> severe = bySchedule.getOrDefault("severe", Map.of());
            softly.assertThat(normal).as("normal schedule of %s", key(c)).isNotEmpty();
            softly.assertThat(severe).as("severe schedule of %s", key(c)).isNotEmpty();
            boolean someShorter = false;
            for (Map.Entry<String, JsonNode> entry : severe.entrySet()) {
                JsonNode n = normal.get(entry.getKey());
                if (n == null) {
                    continue;
                }
                for (String field : List.of("miles", "kilometres", "months")) {
                    Integer normalBound = bound(n, field);
                    Integer severeBound = bound(entry.getValue(), field);
                    if (normalBound != null && severeBound != null) {
                        softly.assertThat(severeBound)
                                .as("severe %s of %s for %s", field, entry.getKey(), key(c))
                                .isLessThanOrEqualTo(normalBound);
                        someShorter |= severeBound < normalBound;
                    }
                }
            }
            softly.assertThat(someShorter)
                    .as("some severe interval of %s is shorter than normal", key(c))
                    .isTrue();
        }));
    }

    @Test
    void partsAndLaborNameTheServicesTheyBelongTo() {
        assertSoftly(softly -> configurations.forEach(c -> {
            Set<String> scheduled = new HashSet<>();
            c.path("service_schedule")
                    .forEach(i -> scheduled.add(i.path("service").asText()));
            Set<String> operations = new HashSet<>();
            c.path("labor").forEach(l -> {
                String op = l.path("operation").asText();
                softly.assertThat(operations.add(op))
                        .as("labor operation %s of %s listed once", op, key(c))
                        .isTrue();
                softly.assertThat(l.path("hours").decimalValue())
                        .as("hours of %s for %s", op, key(c))
                        .isStrictlyBetween(BigDecimal.ZERO, BigDecimal.valueOf(20));
                softly.assertThat(scheduled.contains(op) || UNSCHEDULED_OPERATIONS.contains(op))
                        .as("labor operation %s of %s is a scheduled service or a wear item", op, key(c))
                        .isTrue();
            });
            c.path("parts").forEach(p -> {
                if (p.hasNonNull("service")) {
                    softly.assertThat(operations)
                            .as(
                                    "labor for the service of part %s of %s",
                                    p.path("part_number").asText(), key(c))
                            .contains(p.path("service").asText());
                }
            });
        }));
    }

    @Test
    void pricesAreDatedTwoPlaceDecimalsInAThreeLetterCurrency() {
        List<JsonNode> repriced = new ArrayList<>();
        assertSoftly(softly -> configurations.forEach(c -> {
            Set<String> numbers = new HashSet<>();
            c.path("parts").forEach(p -> {
                String what = p.path("part_number").asText() + " of " + key(c);
                softly.assertThat(numbers.add(p.path("part_number").asText()))
                        .as("part %s listed once", what)
                        .isTrue();
                softly.assertThat(p.path("name").asText())
                        .as("name of %s", what)
                        .isNotBlank();
                softly.assertThat(p.path("brand").asText())
                        .as("brand of %s", what)
                        .isNotBlank();
                softly.assertThat(p.path("quantity").asInt())
                        .as("quantity of %s", what)
                        .isPositive();
                List<JsonNode> prices = list(p.path("prices"));
                softly.assertThat(prices).as("prices of %s", what).isNotEmpty();
                Map<String, LocalDate> latest = new HashMap<>();
                for (JsonNode price : prices) {
                    softly.assertThat(price.path("amount").isTextual())
                            .as("amount of %s is a string", what)
                            .isTrue();
                    softly.assertThat(price.path("amount").asText())
                            .as("amount of %s", what)
                            .matches(AMOUNT);
                    String currency = price.path("currency").asText();
                    softly.assertThat(currency).as("currency of %s", what).matches(CURRENCY);
                    LocalDate asOf = LocalDate.parse(price.path("as_of").asText());
                    softly.assertThat(asOf.getYear()).as("as_of of %s", what).isBetween(2025, 2026);
                    LocalDate before = latest.put(currency, asOf);
                    if (before != null) {
                        softly.assertThat(asOf)
                                .as("prices of %s listed oldest first", what)
                                .isAfter(before);
                    }
                }
                if (prices.size() > 1) {
                    repriced.add(p);
                }
            });
        }));
        assertThat(repriced).as("parts with a price history").isNotEmpty();
    }

    @Test
    void imagesAreSmallSvgFilesNextToTheCatalog() {
        List<JsonNode> withImage =
                configurations.stream().filter(c -> c.hasNonNull("image")).toList();
        assertThat(withImage).as("configurations with a render").hasSizeGreaterThan(configurations.size() / 2);
        assertThat(withImage).as("some configurations have no render").hasSizeLessThan(configurations.size());
        assertSoftly(softly -> withImage.forEach(c -> {
            JsonNode image = c.path("image");
            String path = image.path("path").asText();
            softly.assertThat(image.path("content_type").asText())
                    .as("content type of %s", path)
                    .isEqualTo("image/svg+xml");
            softly.assertThat(path).as("image path of %s", key(c)).matches(IMAGE_PATH);
            byte[] bytes = bytes(path);
            softly.assertThat(bytes).as("%s%s exists", ROOT, path).isNotNull();
            if (bytes != null) {
                softly.assertThat(bytes.length).as("size of %s", path).isLessThan(MAX_IMAGE_BYTES);
                String svg = new String(bytes, StandardCharsets.UTF_8);
                softly.assertThat(svg)
                        .as("%s is an SVG document", path)
                        .startsWith("<svg")
                        .contains("</svg>");
                softly.assertThat(svg)
                        .as("%s names its model", path)
                        .contains(c.path("model").asText());
            }
        }));
    }

    @Test
    void includesElectricVehiclesWithoutEngineOil() {
        List<JsonNode> electric = configurations.stream()
                .filter(c -> types(c.path("fluids")).stream().noneMatch("engine_oil"::equals))
                .toList();
        assertThat(electric).as("EVs in the sample").isNotEmpty();
        assertSoftly(softly -> electric.forEach(c -> {
            softly.assertThat(types(c.path("fluids")))
                    .as("fluids of EV %s", key(c))
                    .contains("coolant", "brake_fluid", "reduction_gear_fluid");
            Set<String> services = new HashSet<>();
            c.path("service_schedule")
                    .forEach(i -> services.add(i.path("service").asText()));
            softly.assertThat(services)
                    .as("services of EV %s", key(c))
                    .doesNotContain("engine_oil_change", "spark_plugs");
        }));
    }

    @Test
    void specSheetsAgreeAcrossUnits() {
        assertSoftly(softly -> configurations.forEach(c -> {
            Map<String, BigDecimal> values = new HashMap<>();
            c.path("specs").forEach(s -> {
                softly.assertThat(s.path("value").isTextual())
                        .as(
                                "value of %s.%s is a string",
                                s.path("section").asText(), s.path("name").asText())
                        .isTrue();
                if (s.hasNonNull("unit") && s.path("value").asText().matches("\\d+(\\.\\d+)?")) {
                    values.put(
                            s.path("name").asText() + "|" + s.path("unit").asText(),
                            new BigDecimal(s.path("value").asText()));
                }
            });
            agree(softly, c, values, "power", "hp", "kW", 0.7457);
            agree(softly, c, values, "torque", "lb-ft", "N·m", 1.35582);
            agree(softly, c, values, "curb_weight", "lb", "kg", 0.453592);
            agree(softly, c, values, "wheelbase", "in", "mm", 25.4);
            softly.assertThat(values.keySet())
                    .as("spec sheet of %s", key(c))
                    .contains("power|hp", "power|kW", "curb_weight|lb", "wheelbase|in");
        }));
    }

    @Test
    void someVinsOfDifferentMakesCarryAServiceHistoryOfTwoToEightVisits() {
        List<JsonNode> withHistory = configurations.stream()
                .filter(c -> c.hasNonNull("service_history"))
                .toList();
        List<String> vins = new ArrayList<>();
        assertSoftly(softly ->
                withHistory.forEach(c -> c.path("service_history").properties().forEach(entry -> {
                    vins.add(entry.getKey());
                    softly.assertThat(list(c.path("vins")))
                            .as("vins of %s", key(c))
                            .extracting(JsonNode::asText)
                            .contains(entry.getKey());
                    softly.assertThat(list(entry.getValue()))
                            .as("visits of %s", entry.getKey())
                            .hasSizeBetween(2, 8);
                })));
        assertThat(vins).as("VINs with a service history").hasSizeBetween(5, 8);
        assertThat(withHistory.stream()
                        .map(c -> normalize(c.path("make").asText()))
                        .distinct())
                .as("makes with a service history, one VIN each")
                .hasSize(vins.size());
    }

    @Test
    void serviceVisitsFallBetweenTheModelYearAndNowInOrderAtEightToFifteenThousandMilesAYear() {
        assertSoftly(softly -> histories((c, vin, visits) -> {
            LocalDate modelYearStart = LocalDate.of(c.path("year").asInt(), 1, 1);
            LocalDate previousDate = modelYearStart;
            int previousMiles = 0;
            for (JsonNode visit : visits) {
                LocalDate on = LocalDate.parse(visit.path("performed_on").asText());
                String what = "visit of " + vin + " on " + on;
                softly.assertThat(on)
                        .as("date of %s", what)
                        .isAfterOrEqualTo(previousDate)
                        .isBefore(HISTORY_END);
                softly.assertThat(visit.path("performed_by").asText())
                        .as("performed_by of %s", what)
                        .isIn(PERFORMERS);
                softly.assertThat(visit.hasNonNull("odometer_miles"))
                        .as("%s gives miles", what)
                        .isTrue();
                int miles = visit.path("odometer_miles").asInt();
                softly.assertThat(miles).as("odometer of %s", what).isGreaterThanOrEqualTo(previousMiles);
                double years = ChronoUnit.DAYS.between(modelYearStart, on) / 365.25;
                softly.assertThat(miles / years)
                        .as("miles a year up to %s (%d miles)", what, miles)
                        .isBetween(8_000.0, 15_000.0);
                if (visit.hasNonNull("odometer_km")) {
                    softly.assertThat(visit.path("odometer_km").asInt())
                            .as("km of %s at %d miles", what, miles)
                            .isEqualTo((int) Math.round(miles * KM_PER_MILE_EXACT));
                }
                previousDate = on;
                previousMiles = miles;
            }
        }));
    }

    /**
     * Each visit does services of the configuration's own schedule, never sooner than half their
     * normal interval after the last time (or the model year's start) and, once done, again
     * within twice the interval if at all.
     */
    @Test
    void serviceVisitsDoScheduledServicesAtSensibleIntervals() {
        assertSoftly(softly -> histories((c, vin, visits) -> {
            Map<String, JsonNode> normal = new HashMap<>();
            c.path("service_schedule").forEach(i -> {
                if (i.path("schedule").asText().equals("normal")) {
                    normal.put(i.path("service").asText(), i);
                }
            });
            LocalDate modelYearStart = LocalDate.of(c.path("year").asInt(), 1, 1);
            Map<String, JsonNode> lastDone = new HashMap<>();
            for (JsonNode visit : visits) {
                LocalDate on = LocalDate.parse(visit.path("performed_on").asText());
                int miles = visit.path("odometer_miles").asInt();
                List<JsonNode> services = list(visit.path("services"));
                softly.assertThat(services).as("services of %s on %s", vin, on).isNotEmpty();
                for (JsonNode node : services) {
                    String service = node.asText();
                    String what = service + " of " + vin + " on " + on;
                    JsonNode interval = normal.get(service);
                    softly.assertThat(interval)
                            .as("%s is in the normal schedule of %s", what, key(c))
                            .isNotNull();
                    if (interval == null) {
                        continue;
                    }
                    JsonNode before = lastDone.put(service, visit);
                    LocalDate sinceDate = before == null
                            ? modelYearStart
                            : LocalDate.parse(before.path("performed_on").asText());
                    int sinceMiles =
                            before == null ? 0 : before.path("odometer_miles").asInt();
                    long months = ChronoUnit.MONTHS.between(sinceDate, on);
                    int driven = miles - sinceMiles;
                    Integer intervalMiles = bound(interval, "miles");
                    Integer intervalMonths = bound(interval, "months");
                    boolean halfDue = (intervalMiles != null && driven >= intervalMiles / 2)
                            || (intervalMonths != null && months >= intervalMonths / 2);
                    softly.assertThat(halfDue)
                            .as("%s: %d miles and %d months after the last time", what, driven, months)
                            .isTrue();
                    if (before != null) {
                        softly.assertThat(intervalMiles == null || driven <= 2 * intervalMiles)
                                .as("%s: %d miles after the last time", what, driven)
                                .isTrue();
                        softly.assertThat(intervalMonths == null || months <= 2 * intervalMonths)
                                .as("%s: %d months after the last time", what, months)
                                .isTrue();
                    }
                }
            }
        }));
    }

    @FunctionalInterface
    private interface HistoryCheck {
        void check(JsonNode configuration, String vin, List<JsonNode> visits);
    }

    private static void histories(HistoryCheck check) {
        configurations.forEach(c -> c.path("service_history")
                .properties()
                .forEach(entry -> check.check(c, entry.getKey(), list(entry.getValue()))));
    }

    private static void agree(
            SoftAssertions softly,
            JsonNode c,
            Map<String, BigDecimal> values,
            String name,
            String from,
            String to,
            double factor) {
        BigDecimal a = values.get(name + "|" + from);
        BigDecimal b = values.get(name + "|" + to);
        if (a != null && b != null) {
            softly.assertThat(b.doubleValue())
                    .as("%s of %s: %s %s vs %s %s", name, key(c), a, from, b, to)
                    .isCloseTo(a.doubleValue() * factor, withPercentage(1));
        }
    }

    private static String key(JsonNode c) {
        return ConfigKey.of(
                        c.path("year").asInt(),
                        c.path("make").asText(),
                        c.path("model").asText(),
                        c.path("trim").asText(),
                        c.path("engine_code").asText(),
                        c.hasNonNull("drivetrain") ? c.path("drivetrain").asText() : null)
                .value();
    }

    private static char yearCode(int year) {
        return YEAR_CODES.charAt(Math.floorMod(year - 1980, YEAR_CODES.length()));
    }

    private static Integer bound(JsonNode interval, String field) {
        return interval.hasNonNull(field) ? interval.path(field).asInt() : null;
    }

    /** The form YMMT matching uses: stripped, whitespace folded, lower-cased. */
    private static String normalize(String text) {
        return text.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    private static <T> Set<T> distinct(Function<JsonNode, T> attribute) {
        return configurations.stream().map(attribute).collect(Collectors.toSet());
    }

    private static List<String> types(JsonNode fluids) {
        return list(fluids).stream().map(f -> f.path("type").asText()).toList();
    }

    private static List<JsonNode> list(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).toList();
    }

    private static InputStream resource(String path) {
        return SampleCatalogTest.class.getClassLoader().getResourceAsStream(ROOT + path);
    }

    private static byte[] bytes(String path) {
        try (InputStream in = resource(path)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
