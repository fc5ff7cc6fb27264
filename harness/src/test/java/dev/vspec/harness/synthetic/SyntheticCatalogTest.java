package dev.vspec.harness.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.contracts.catalog.LaborTime;
import dev.vspec.contracts.catalog.LaborTimesRecorded;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.PartsRecorded;
import dev.vspec.contracts.catalog.PublishedEvents;
import dev.vspec.contracts.catalog.ServiceInterval;
import dev.vspec.contracts.catalog.ServiceScheduleRecorded;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.contracts.catalog.TireFitment;
import dev.vspec.contracts.catalog.TiresRecorded;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.identity.ConfigKey;
import dev.vspec.contracts.identity.Vin;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SyntheticCatalogTest {

    private static final int CONFIGURATIONS = 2_000;
    private static final SyntheticCatalog CATALOG = new SyntheticCatalog(42, CONFIGURATIONS, 10_000);

    @Test
    void theSameArgumentsGiveTheSameEventsInTheSameOrder() {
        List<Record> first = new SyntheticCatalog(42, 400, 1_000).events().toList();
        List<Record> second = new SyntheticCatalog(42, 400, 1_000).events().toList();

        assertThat(first).hasSizeGreaterThan(400 * 12 + 1_000).isEqualTo(second);
    }

    @Test
    void anotherSeedGivesOtherEvents() {
        List<String> labels42 = labels(new SyntheticCatalog(42, 400, 0));
        List<String> labels43 = labels(new SyntheticCatalog(43, 400, 0));

        assertThat(new SyntheticCatalog(43, 400, 1_000).events().toList())
                .isNotEqualTo(new SyntheticCatalog(42, 400, 1_000).events().toList());
        assertThat(labels43).doesNotContainAnyElementsOf(labels42);
        assertThat(new SyntheticCatalog(43, 400, 0).configKeys().toList())
                .isNotEqualTo(new SyntheticCatalog(42, 400, 0).configKeys().toList());
    }

    @Test
    void aConfigurationIsTheSameInEveryCatalogOfTheSeedThatHoldsIt() {
        SyntheticCatalog small = new SyntheticCatalog(42, 10, 0);
        SyntheticCatalog large = new SyntheticCatalog(42, 100_000, 1_000_000);

        for (int i = 0; i < 10; i++) {
            assertThat(large.configurationAggregate(i)).isEqualTo(small.configurationAggregate(i));
        }
        assertThat(large.configKey(99_999))
                .isEqualTo(large.configurationAggregate(99_999).id());
    }

    @Test
    void aggregatesAreMadeOnlyWhenTheStreamReachesThem() {
        SyntheticCatalog huge = new SyntheticCatalog(42, 100_000, 1_000_000);

        assertThat(huge.aggregates().limit(2).map(SyntheticAggregate::id))
                .containsExactly(huge.configKey(0), huge.configKey(1));
        assertThat(huge.aggregateCount()).isEqualTo(1_100_000);
        assertThat(huge.vehicleAggregate(999_999).events())
                .containsExactly(
                        new VinLinked(huge.vin(999_999), huge.configKey(99_999), SyntheticConfiguration.sourceOf(42)));
    }

    @Test
    void configKeysAreUniqueAndDerivedFromTheIdentity() {
        Set<String> keys = new LinkedHashSet<>();
        CATALOG.aggregates().limit(CONFIGURATIONS).forEach(aggregate -> {
            ConfigurationRegistered identity =
                    (ConfigurationRegistered) aggregate.events().get(0);
            assertThat(aggregate.type()).isEqualTo(SyntheticAggregate.CONFIGURATION);
            assertThat(identity.configKey())
                    .isEqualTo(aggregate.id())
                    .isEqualTo(ConfigKey.of(
                                    identity.year(),
                                    identity.make(),
                                    identity.model(),
                                    identity.trim(),
                                    identity.engineCode(),
                                    identity.drivetrain())
                            .value());
            assertThat(identity.make()).isEqualTo("Synthetic");
            assertThat(identity.model()).matches("Model \\d{5}");
            assertThat(identity.label())
                    .startsWith(identity.year() + " Synthetic " + identity.model() + " " + identity.trim())
                    .endsWith("(synthetic data, seed 42)");
            assertThat(keys.add(identity.configKey()))
                    .as("%s is unique", identity.configKey())
                    .isTrue();
        });
        assertThat(keys)
                .hasSize(CONFIGURATIONS)
                .containsExactlyElementsOf(CATALOG.configKeys().toList());
    }

    @Test
    void aModelComesInSeveralTrimsOfOneYear() {
        Map<String, List<ConfigurationRegistered>> byModel = CATALOG.aggregates()
                .limit(400)
                .map(aggregate -> (ConfigurationRegistered) aggregate.events().get(0))
                .collect(Collectors.groupingBy(ConfigurationRegistered::model));

        assertThat(byModel).hasSize(100).allSatisfy((model, configurations) -> {
            assertThat(configurations)
                    .extracting(ConfigurationRegistered::trim)
                    .containsExactly("Base", "Sport", "Touring", "Limited");
            assertThat(configurations)
                    .extracting(ConfigurationRegistered::year)
                    .containsOnly(configurations.get(0).year());
        });
    }

    @Test
    void vinsAreValidUniqueSyntheticAndCarryTheirConfigurationsModelYear() {
        Map<String, Integer> yearOfKey = CATALOG.configKeys()
                .collect(Collectors.toMap(key -> key, key -> Integer.parseInt(key.substring(0, 4))));
        Set<String> vins = new HashSet<>();
        Map<String, Integer> vinsPerKey = new HashMap<>();
        CATALOG.aggregates().skip(CONFIGURATIONS).forEach(aggregate -> {
            VinLinked linked = (VinLinked) aggregate.events().get(0);
            Vin vin = Vin.parse(linked.vin());
            assertThat(aggregate.type()).isEqualTo(SyntheticAggregate.VEHICLE);
            assertThat(aggregate.id()).isEqualTo(vin.value());
            assertThat(vin.hasValidCheckDigit()).as("check digit of %s", vin).isTrue();
            assertThat(vin.wmi()).isEqualTo("SYN");
            assertThat(Character.isLetter(vin.value().charAt(6)))
                    .as("position 7 of %s: a letter for 2010-2039", vin)
                    .isTrue();
            assertThat(yearOfKey).containsKey(linked.configKey());
            assertThat(vin.modelYearCode()).isEqualTo(SyntheticVins.yearCode(yearOfKey.get(linked.configKey())));
            assertThat(vins.add(vin.value())).as("%s is unique", vin).isTrue();
            vinsPerKey.merge(linked.configKey(), 1, Integer::sum);
        });
        assertThat(vins).hasSize(10_000);
        assertThat(vinsPerKey)
                .as("spread over every configuration")
                .hasSize(2_000)
                .allSatisfy((key, count) -> assertThat(count).isEqualTo(5));
    }

    @Test
    void vinsStayUniqueAndValidPastOneMillion() {
        SyntheticCatalog catalog = new SyntheticCatalog(42, 7, 3_000_000);
        Set<String> vins = new HashSet<>();
        for (long i : new long[] {0, 1, 999_999, 1_000_000, 1_000_001, 2_000_000, 2_999_999}) {
            Vin vin = Vin.parse(catalog.vin(i));
            assertThat(vin.hasValidCheckDigit()).isTrue();
            assertThat(vins.add(vin.value())).isTrue();
        }
        assertThatThrownBy(() -> new SyntheticCatalog(42, 7, SyntheticCatalog.MAX_VINS + 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyConfigurationIsRecordedInTheCommandSidesOrderWithPublishedEventsOnly() {
        CATALOG.aggregates().limit(500).forEach(aggregate -> {
            List<Class<?>> types =
                    aggregate.events().stream().<Class<?>>map(Object::getClass).toList();
            assertThat(types.subList(0, 6))
                    .containsExactly(
                            ConfigurationRegistered.class,
                            FluidsRecorded.class,
                            SpecsRecorded.class,
                            TiresRecorded.class,
                            ServiceScheduleRecorded.class,
                            PartsRecorded.class);
            assertThat(types.subList(6, types.size() - 1)).isNotEmpty().containsOnly(PartPriced.class);
            assertThat(types.get(types.size() - 1)).isEqualTo(LaborTimesRecorded.class);
        });
        CATALOG.events()
                .limit(20_000)
                .forEach(event -> assertThat(PublishedEvents.typeNamed(PublishedEvents.nameOf(event.getClass())))
                        .isEqualTo(event.getClass()));
    }

    @Test
    void valuesAreInternallyConsistent() {
        CATALOG.aggregates().limit(CONFIGURATIONS).forEach(aggregate -> {
            Map<Class<?>, List<Record>> byType =
                    aggregate.events().stream().collect(Collectors.groupingBy(Object::getClass));
            String key = aggregate.id();
            assertThat(aggregate.events())
                    .allSatisfy(event -> assertThat(event.toString()).contains(key));

            for (Fluid fluid : only(byType, FluidsRecorded.class).fluids()) {
                assertThat(fluid.capacityUsQuarts())
                        .as("%s %s", key, fluid.type())
                        .isEqualTo(fluid.capacityLitres()
                                .multiply(new BigDecimal("1.05669"))
                                .setScale(1, RoundingMode.HALF_UP));
                assertThat(fluid.capacityLitres()).isPositive();
            }
            for (TireFitment tire : only(byType, TiresRecorded.class).tires()) {
                assertThat(tire.pressureKpa()).isEqualTo(Math.round(tire.pressurePsi() * 6.89476));
                assertThat(tire.axle()).isIn("front", "rear", "both");
            }
            assertSpecPairsAgree(key, only(byType, SpecsRecorded.class).specs());

            List<ServiceInterval> schedule =
                    only(byType, ServiceScheduleRecorded.class).intervals();
            for (ServiceInterval interval : schedule) {
                assertThat(interval.miles() == null ? null : interval.miles() * 16 / 10)
                        .isEqualTo(interval.kilometres());
                assertThat(interval.miles() != null || interval.months() != null)
                        .isTrue();
            }
            Set<String> normal = services(schedule, "normal");
            assertThat(normal).isNotEmpty().isEqualTo(services(schedule, "severe"));

            List<Part> parts = only(byType, PartsRecorded.class).parts();
            Set<String> partNumbers = parts.stream().map(Part::partNumber).collect(Collectors.toSet());
            List<PartPriced> prices = byType.get(PartPriced.class).stream()
                    .map(PartPriced.class::cast)
                    .toList();
            assertThat(prices)
                    .extracting(PartPriced::partNumber)
                    .containsAll(partNumbers)
                    .allMatch(partNumbers::contains);
            assertThat(prices).allSatisfy(price -> {
                assertThat(price.amount()).isPositive();
                assertThat(price.amount().scale()).isEqualTo(2);
                assertThat(price.currency()).isEqualTo("USD");
            });
            Set<String> operations = only(byType, LaborTimesRecorded.class).laborTimes().stream()
                    .map(LaborTime::operation)
                    .collect(Collectors.toSet());
            assertThat(operations).containsAll(normal);
            assertThat(parts).allSatisfy(part -> {
                assertThat(part.partNumber()).startsWith("SYN-");
                if (part.service() != null) {
                    assertThat(operations).contains(part.service());
                }
            });
        });
    }

    private static void assertSpecPairsAgree(String key, List<SpecItem> specs) {
        Map<String, BigDecimal> value = new HashMap<>();
        for (SpecItem spec : specs) {
            if (spec.unit() != null) {
                value.put(spec.name() + " " + spec.unit(), new BigDecimal(spec.value()));
            }
        }
        assertThat(value)
                .as(key)
                .containsKeys(
                        "power hp",
                        "power kW",
                        "torque lb-ft",
                        "torque N·m",
                        "wheelbase in",
                        "wheelbase mm",
                        "curb_weight lb",
                        "curb_weight kg",
                        "tank_capacity gal",
                        "tank_capacity L",
                        "displacement L");
        assertClose(value.get("power kW"), value.get("power hp").multiply(new BigDecimal("0.7457")), 1);
        assertClose(value.get("torque N·m"), value.get("torque lb-ft").multiply(new BigDecimal("1.3558")), 1);
        assertClose(value.get("wheelbase mm"), value.get("wheelbase in").multiply(new BigDecimal("25.4")), 1);
        assertClose(value.get("curb_weight kg"), value.get("curb_weight lb").multiply(new BigDecimal("0.45359")), 1);
        assertClose(
                value.get("tank_capacity L"), value.get("tank_capacity gal").multiply(new BigDecimal("3.78541")), 0.1);
    }

    private static void assertClose(BigDecimal actual, BigDecimal expected, double within) {
        assertThat(actual.subtract(expected).abs().doubleValue())
                .as("%s vs %s", actual, expected)
                .isLessThanOrEqualTo(within);
    }

    private static Set<String> services(List<ServiceInterval> schedule, String which) {
        return schedule.stream()
                .filter(i -> i.schedule().equals(which))
                .map(ServiceInterval::service)
                .collect(Collectors.toSet());
    }

    private static <T> T only(Map<Class<?>, List<Record>> byType, Class<T> type) {
        assertThat(byType.get(type)).hasSize(1);
        return type.cast(byType.get(type).get(0));
    }

    private static List<String> labels(SyntheticCatalog catalog) {
        return catalog.aggregates()
                .map(a -> ((ConfigurationRegistered) a.events().get(0)).label())
                .toList();
    }
}
