package dev.vspec.readmodel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.LaborTime;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.ServiceInterval;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.TireFitment;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class GroupDocumentTest {

    private static final String KEY = "2019-honda-civic-lx-k20c2-fwd";

    @Test
    void fluidsRenderAsTheApiAnswersThemWithTwoDecimalCapacities() {
        String body = GroupDocument.FLUIDS.render(FluidView.of(List.of(
                new Fluid("engine_oil", "SAE 0W-20", new BigDecimal("4.4"), new BigDecimal("4.655"), "with filter"),
                new Fluid("transmission", "CVT fluid", null, null, null))));

        assertThat(body)
                .isEqualTo("[{\"type\":\"engine_oil\",\"specification\":\"SAE 0W-20\","
                        + "\"capacity\":{\"litres\":4.40,\"us_quarts\":4.66},\"notes\":\"with filter\"},"
                        + "{\"type\":\"transmission\",\"specification\":\"CVT fluid\","
                        + "\"capacity\":{\"litres\":null,\"us_quarts\":null},\"notes\":null}]");
    }

    @Test
    void specsAndTiresKeepTheirRecordedOrder() {
        Provenance.SourceView source = Provenance.view(FactSource.importFile("specs.csv", "5e0c3d9a"));
        assertThat(GroupDocument.SPECS.render(SpecView.of(
                        List.of(new SpecItem("engine", "power", "158", "hp"), new SpecItem("body", "doors", "4", null)),
                        source)))
                .isEqualTo("[{\"section\":\"engine\",\"name\":\"power\",\"value\":\"158\",\"unit\":\"hp\","
                        + "\"source\":{\"kind\":\"import\",\"name\":\"specs.csv\",\"sha256\":\"5e0c3d9a\"}},"
                        + "{\"section\":\"body\",\"name\":\"doors\",\"value\":\"4\",\"unit\":null,"
                        + "\"source\":{\"kind\":\"import\",\"name\":\"specs.csv\",\"sha256\":\"5e0c3d9a\"}}]");
        assertThat(GroupDocument.TIRES.render(
                        TireView.of(List.of(new TireFitment("rear", "275/65R18", 116, "T", 241, 35)))))
                .isEqualTo("[{\"axle\":\"rear\",\"size\":\"275/65R18\",\"load_index\":116,\"speed_rating\":\"T\","
                        + "\"pressure\":{\"kpa\":241,\"psi\":35}}]");
    }

    @Test
    void aScheduleIsSplitIntoNormalAndSevereAndUnknownSchedulesAreLeftOut() {
        Schedules schedules = Schedules.of(List.of(
                new ServiceInterval("severe", "engine_oil_change", "Oil", 3750, 6000, 6),
                new ServiceInterval("normal", "engine_oil_change", "Oil", 7500, 12000, 12),
                new ServiceInterval("arctic", "engine_oil_change", "Oil", 1000, 1600, 1),
                new ServiceInterval("normal", "brake_fluid_replacement", "Brake fluid", null, null, 36)));

        assertThat(GroupDocument.MAINTENANCE_SCHEDULE.render(schedules))
                .isEqualTo(
                        "{\"normal\":["
                                + "{\"service\":\"engine_oil_change\",\"description\":\"Oil\",\"interval\":{\"miles\":7500,\"kilometres\":12000,\"months\":12}},"
                                + "{\"service\":\"brake_fluid_replacement\",\"description\":\"Brake fluid\",\"interval\":{\"miles\":null,\"kilometres\":null,\"months\":36}}],"
                                + "\"severe\":[{\"service\":\"engine_oil_change\",\"description\":\"Oil\",\"interval\":{\"miles\":3750,\"kilometres\":6000,\"months\":6}}]}");
    }

    @Test
    void partsCarryTheirPricesNewestFirstAndTheNewestAsPrice() {
        List<PartView> parts = PartView.of(
                List.of(
                        new Part("A-1", "Oil filter", "filter", "Honda", 1, "engine_oil_change"),
                        new Part("B-2", "Wiper", "wiper", "Honda", 2, null),
                        new Part("A-1", "Oil filter, revised", "filter", "Honda", 1, "engine_oil_change")),
                List.of(
                        price("A-1", "12.99", "USD", "2025-06-01"),
                        price("A-1", "10.49", "USD", "2024-01-15"),
                        price("A-1", "11.5", "EUR", "2025-06-01"),
                        price("A-1", "13", "USD", "2025-06-01"),
                        price("C-3", "1.00", "USD", "2025-06-01")));

        assertThat(GroupDocument.PARTS.render(parts))
                .isEqualTo("["
                        + "{\"part_number\":\"B-2\",\"name\":\"Wiper\",\"category\":\"wiper\",\"brand\":\"Honda\",\"quantity\":2,"
                        + "\"service\":null,\"price\":null,\"price_history\":[]},"
                        + "{\"part_number\":\"A-1\",\"name\":\"Oil filter, revised\",\"category\":\"filter\",\"brand\":\"Honda\","
                        + "\"quantity\":1,\"service\":\"engine_oil_change\","
                        + "\"price\":{\"amount\":\"11.50\",\"currency\":\"EUR\",\"as_of\":\"2025-06-01\"},"
                        + "\"price_history\":[{\"amount\":\"11.50\",\"currency\":\"EUR\",\"as_of\":\"2025-06-01\"},"
                        + "{\"amount\":\"13.00\",\"currency\":\"USD\",\"as_of\":\"2025-06-01\"},"
                        + "{\"amount\":\"10.49\",\"currency\":\"USD\",\"as_of\":\"2024-01-15\"}]}]");
    }

    @Test
    void anOperationListedTwiceKeepsItsLastEntryAtThatPlace() {
        List<LaborView> labor = LaborView.of(List.of(
                new LaborTime("engine_oil_change", "Oil", new BigDecimal("0.5")),
                new LaborTime("front_brake_pads", "Pads", new BigDecimal("1.2")),
                new LaborTime("engine_oil_change", "Oil and filter", new BigDecimal("0.6"))));

        assertThat(GroupDocument.LABOR.render(labor))
                .isEqualTo("[{\"operation\":\"front_brake_pads\",\"description\":\"Pads\",\"hours\":1.20},"
                        + "{\"operation\":\"engine_oil_change\",\"description\":\"Oil and filter\",\"hours\":0.60}]");
    }

    @Test
    void amountsRoundHalfAwayFromZeroAndRefuseWhatTheirColumnsRefused() {
        assertThat(FluidView.of(List.of(
                                new Fluid("oil", "spec", new BigDecimal("4.405"), new BigDecimal("4.404"), null)))
                        .get(0)
                        .capacity())
                .isEqualTo(new FluidView.Capacity(new BigDecimal("4.41"), new BigDecimal("4.40")));
        assertThatIllegalArgumentException()
                .isThrownBy(
                        () -> FluidView.of(List.of(new Fluid("oil", "spec", new BigDecimal("1000000"), null, null))))
                .withMessageContaining("capacity in litres");
        assertThatIllegalArgumentException()
                .isThrownBy(() ->
                        LaborView.of(List.of(new LaborTime("overhaul", "Engine overhaul", new BigDecimal("10000")))))
                .withMessageContaining("labor hours");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SpecView.of(List.of(new SpecItem("engine", "power", null, "hp")), null))
                .withMessageContaining("spec value");
    }

    @Test
    void aMissingDocumentIsTheGroupsEmptyValue() {
        assertThat(GroupDocument.FLUIDS.orEmpty(null)).isEqualTo("[]");
        assertThat(GroupDocument.MAINTENANCE_SCHEDULE.empty()).isEqualTo("{\"normal\":[],\"severe\":[]}");
        assertThat(GroupDocument.PARTS.parse(null)).isEmpty();
    }

    @Test
    void everyStoredGroupHasItsDocumentAndAllListsThemInTheGroupsOrder() {
        assertThat(GroupDocument.all())
                .extracting(document -> document.group().key())
                .containsExactly("fluids", "specs", "tires", "maintenance_schedule", "parts", "labor");
        assertThat(GroupDocument.all())
                .containsExactlyElementsOf(Stream.of(Group.values())
                        .map(Group::document)
                        .filter(Objects::nonNull)
                        .toList());
        GroupDocument.all()
                .forEach(document -> assertThat(document.group().document()).isSameAs(document));
    }

    @Test
    void aStoredBodyParsesBackIntoTheRecordsItWasRenderedFromAndRendersToTheSameBytes() {
        List<PartView> parts = PartView.of(
                List.of(new Part("A-1", "Oil filter", "filter", "Honda", 1, null)),
                List.of(price("A-1", "9.86", "USD", "2026-09-01")));
        List<FluidView> fluids = FluidView.of(List.of(new Fluid("oil", "spec", new BigDecimal("4.40"), null, null)));

        String partsBody = GroupDocument.PARTS.render(parts);
        String fluidsBody = GroupDocument.FLUIDS.render(fluids);

        assertThat(GroupDocument.PARTS.parse(partsBody)).isEqualTo(parts);
        assertThat(GroupDocument.FLUIDS.parse(fluidsBody)).isEqualTo(fluids);
        assertThat(GroupDocument.FLUIDS.render(GroupDocument.FLUIDS.parse(fluidsBody)))
                .isEqualTo(fluidsBody);
    }

    private static PartPriced price(String partNumber, String amount, String currency, String asOf) {
        return new PartPriced(KEY, partNumber, new BigDecimal(amount), currency, LocalDate.parse(asOf), null);
    }
}
