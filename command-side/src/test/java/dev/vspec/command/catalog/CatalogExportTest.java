package dev.vspec.command.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.vspec.command.catalog.HeldConfiguration.HeldVin;
import dev.vspec.contracts.catalog.AliasConfigKey;
import dev.vspec.contracts.catalog.CacheExteriorImage;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.ConfigKeyAliased;
import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.ExteriorImageCached;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.contracts.catalog.LaborTime;
import dev.vspec.contracts.catalog.LaborTimesRecorded;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.PartsRecorded;
import dev.vspec.contracts.catalog.PricePart;
import dev.vspec.contracts.catalog.RecordFluids;
import dev.vspec.contracts.catalog.RecordLaborTimes;
import dev.vspec.contracts.catalog.RecordParts;
import dev.vspec.contracts.catalog.RecordServiceHistory;
import dev.vspec.contracts.catalog.RecordServiceSchedule;
import dev.vspec.contracts.catalog.RecordSpecs;
import dev.vspec.contracts.catalog.RecordTires;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.ServiceHistoryRecorded;
import dev.vspec.contracts.catalog.ServiceInterval;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.catalog.ServiceScheduleRecorded;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.contracts.catalog.TireFitment;
import dev.vspec.contracts.catalog.TiresRecorded;
import dev.vspec.contracts.catalog.VinLinked;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.io.FileSystemResource;

/**
 * What an export holds of a configuration (the fact of the source of highest precedence, between equals the later)
 * and how the JSON format writes it: read back, it is exactly the commands that record those facts again.
 */
class CatalogExportTest {

    private static final String KEY = "2019-honda-civic-lx-k20c2-fwd";
    private static final String VIN = "19XFC2F59KE900101";
    private static final FactSource IMPORT = FactSource.importFile("catalog.json", "a".repeat(64));
    private static final FactSource DEALER = FactSource.importFile("dealer.json", "c".repeat(64));
    private static final FactSource VPIC = FactSource.vpic("2026-02-17", "b".repeat(64));
    private static final FactSource ACME = FactSource.vendor("Acme Parts", 120);
    private static final FactSource ZENITH = FactSource.vendor("Zenith Data", 80);
    /** What the export's own file would give a fact that states no source. */
    private static final FactSource EXPORT_FILE = FactSource.importFile("catalog.json", "e".repeat(64));

    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, 0, 0, 13};

    @TempDir
    Path folder;

    @Test
    void eachFactHeldIsTheOneOfHighestPrecedenceBetweenEqualsTheLater() {
        HeldConfiguration held = folded();

        assertThat(held.registration().label()).isEqualTo("2019 Honda Civic LX 2.0L");
        assertThat(held.registration().source()).isEqualTo(IMPORT);
        assertThat(held.specs().source())
                .as("vPIC's later spec sheet does not replace the file's")
                .isEqualTo(IMPORT);
        assertThat(held.fluids().source()).as("the later of two vendors").isEqualTo(ZENITH);
        assertThat(held.prices())
                .extracting(PartPriced::asOf, PartPriced::amount, PartPriced::source)
                .containsExactly(
                        tuple(LocalDate.of(2026, 9, 1), new BigDecimal("9.86"), DEALER),
                        tuple(LocalDate.of(2026, 10, 1), new BigDecimal("10.20"), ACME));
        assertThat(held.vins()).extracting(HeldVin::vin).containsExactly(VIN);
    }

    @Test
    void anExportReadsBackAsTheCommandsThatRecordWhatTheCatalogHolds() throws IOException {
        HeldConfiguration held = folded();

        export(folder, held);
        List<CatalogCommand> commands = readBack(folder);

        assertThat(commands.stream().filter(command -> !(command instanceof CacheExteriorImage)))
                .containsExactly(
                        new RegisterConfiguration(
                                KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "2019 Honda Civic LX 2.0L", IMPORT),
                        new AliasConfigKey(KEY, "2019-honda-civic-lx-k20c2", VPIC),
                        new RecordFluids(KEY, held.fluids().fluids(), ZENITH),
                        new RecordSpecs(KEY, held.specs().specs(), IMPORT),
                        new RecordTires(KEY, held.tires().tires(), IMPORT),
                        new RecordServiceSchedule(KEY, held.serviceSchedule().intervals(), ACME),
                        new RecordLaborTimes(KEY, held.labor().laborTimes(), IMPORT),
                        new RecordParts(KEY, held.parts().parts(), IMPORT),
                        new PricePart(
                                KEY, "15400-PLM-A02", new BigDecimal("9.86"), "USD", LocalDate.of(2026, 9, 1), DEALER),
                        new PricePart(
                                KEY, "15400-PLM-A02", new BigDecimal("10.20"), "USD", LocalDate.of(2026, 10, 1), ACME),
                        new LinkVin(VIN, KEY, DEALER),
                        new RecordServiceHistory(
                                VIN, held.vins().get(0).serviceHistory().records(), ACME));
        CacheExteriorImage image = (CacheExteriorImage) commands.stream()
                .filter(command -> command instanceof CacheExteriorImage)
                .findFirst()
                .orElseThrow();
        assertThat(image.contentType()).isEqualTo("image/png");
        assertThat(image.image()).isEqualTo(PNG);
        assertThat(image.source()).isEqualTo(VPIC);
        assertThat(folder.resolve("images/" + KEY + ".png")).exists();
    }

    @Test
    void numbersStayAsRecordedAndWhatWasNotGivenIsLeftOut() throws IOException {
        export(folder, folded());

        String json = Files.readString(folder.resolve("catalog.json"));
        assertThat(json)
                .contains("\"capacity_litres\": 4.20")
                .contains("\"hours\": 0.50")
                .contains("\"amount\": \"10.20\"")
                .contains("\"performed_on\": \"2020-08-30\"")
                .doesNotContain("null")
                .endsWith("}\n");
    }

    @Test
    void theSameCatalogGivesTheSameBytes() throws IOException {
        Path first = folder.resolve("first");
        Path second = folder.resolve("second");

        export(first, folded());
        export(second, folded());

        assertThat(Files.readAllBytes(second.resolve("catalog.json")))
                .isEqualTo(Files.readAllBytes(first.resolve("catalog.json")));
        assertThat(Files.readAllBytes(second.resolve("images/" + KEY + ".png")))
                .isEqualTo(Files.readAllBytes(first.resolve("images/" + KEY + ".png")));
    }

    @Test
    void anExportThatDoesNotFinishLeavesTheFolderEmpty() throws IOException {
        try (JsonCatalogWriter writer = new JsonCatalogWriter(folder)) {
            writer.write(folded());
        }

        try (Stream<Path> left = Files.list(folder)) {
            assertThat(left).isEmpty();
        }
    }

    /** A configuration several sources recorded, in the order they recorded it. */
    private static HeldConfiguration folded() {
        HeldConfiguration.Folding folding = new HeldConfiguration.Folding();
        Stream.of(
                        new ConfigurationRegistered(
                                KEY, 2019, "HONDA", "Civic", "LX", "K20C2", "FWD", "2019 HONDA Civic", VPIC),
                        new ConfigurationRegistered(
                                KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "2019 Honda Civic LX 2.0L", IMPORT),
                        new ConfigKeyAliased(KEY, "2019-honda-civic-lx-k20c2", VPIC),
                        new SpecsRecorded(KEY, List.of(new SpecItem("engine", "displacement", "2.0", "L")), IMPORT),
                        new SpecsRecorded(KEY, List.of(new SpecItem("engine", "displacement", "1.996", "L")), VPIC),
                        new FluidsRecorded(KEY, List.of(fluid("4.4")), ACME),
                        new FluidsRecorded(KEY, List.of(fluid("4.20")), ZENITH),
                        new TiresRecorded(KEY, List.of(new TireFitment("both", "215/55R16", 93, "H", 220, 32)), IMPORT),
                        new ServiceScheduleRecorded(
                                KEY,
                                List.of(new ServiceInterval(
                                        "normal", "engine_oil_change", "Replace oil", 7500, null, 12)),
                                ACME),
                        new LaborTimesRecorded(
                                KEY,
                                List.of(new LaborTime("engine_oil_change", "Replace oil", new BigDecimal("0.50"))),
                                IMPORT),
                        new PartsRecorded(
                                KEY,
                                List.of(new Part("15400-PLM-A02", "Oil filter", "filter", "Honda", 1, null)),
                                IMPORT),
                        new PartPriced(
                                KEY, "15400-PLM-A02", new BigDecimal("10.20"), "USD", LocalDate.of(2026, 10, 1), ACME),
                        new PartPriced(
                                KEY, "15400-PLM-A02", new BigDecimal("9.86"), "USD", LocalDate.of(2026, 9, 1), DEALER),
                        new PartPriced(
                                KEY, "15400-PLM-A02", new BigDecimal("9.50"), "USD", LocalDate.of(2026, 9, 1), VPIC),
                        new ExteriorImageCached(KEY, "image/png", PNG, "d".repeat(64), VPIC))
                .forEach(folding::apply);
        HeldConfiguration.VinFolding vin = new HeldConfiguration.VinFolding();
        vin.apply(new VinLinked(VIN, KEY, DEALER));
        vin.apply(new ServiceHistoryRecorded(
                VIN,
                List.of(new ServiceRecord(
                        LocalDate.of(2020, 8, 30), 15020, null, "dealer", List.of("engine_oil_change"))),
                ACME));
        return folding.held(List.of(vin.held()));
    }

    private static Fluid fluid(String litres) {
        return new Fluid("engine_oil", "API SP 0W-20", new BigDecimal(litres), new BigDecimal("4.4"), null);
    }

    private static void export(Path into, HeldConfiguration held) throws IOException {
        Files.createDirectories(into);
        try (JsonCatalogWriter writer = new JsonCatalogWriter(into)) {
            writer.write(held);
            writer.finish();
        }
    }

    private static List<CatalogCommand> readBack(Path from) {
        List<CatalogCommand> commands = new ArrayList<>();
        new CatalogReader()
                .read(
                        new FileSystemResource(from.resolve("catalog.json")),
                        entry -> entry.steps().forEach(step -> commands.add(step.commandFrom(EXPORT_FILE))));
        return commands;
    }
}
