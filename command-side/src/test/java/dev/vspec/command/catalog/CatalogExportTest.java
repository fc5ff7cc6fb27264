package dev.vspec.command.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.vspec.command.catalog.HeldConfiguration.HeldVin;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.PartPriced;
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

    private static final String KEY = ExportFixture.KEY;
    private static final String VIN = ExportFixture.VIN;
    private static final FactSource IMPORT = ExportFixture.IMPORT;
    private static final FactSource DEALER = ExportFixture.DEALER;
    private static final FactSource ACME = ExportFixture.ACME;
    private static final FactSource ZENITH = ExportFixture.ZENITH;
    /** What the export's own file would give a fact that states no source. */
    private static final FactSource EXPORT_FILE = FactSource.importFile("catalog.json", "e".repeat(64));

    @TempDir
    Path folder;

    @Test
    void eachFactHeldIsTheOneOfHighestPrecedenceBetweenEqualsTheLater() {
        HeldConfiguration held = ExportFixture.civic();

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
        export(folder, ExportFixture.civic());
        List<CatalogCommand> commands = readBack(folder);

        assertThat(commands)
                .usingRecursiveFieldByFieldElementComparator()
                .containsExactlyElementsOf(ExportFixture.civicCommands());
        assertThat(folder.resolve("images/" + KEY + ".png")).exists();
    }

    @Test
    void numbersStayAsRecordedAndWhatWasNotGivenIsLeftOut() throws IOException {
        export(folder, ExportFixture.civic());

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

        export(first, ExportFixture.civic());
        export(second, ExportFixture.civic());

        assertThat(Files.readAllBytes(second.resolve("catalog.json")))
                .isEqualTo(Files.readAllBytes(first.resolve("catalog.json")));
        assertThat(Files.readAllBytes(second.resolve("images/" + KEY + ".png")))
                .isEqualTo(Files.readAllBytes(first.resolve("images/" + KEY + ".png")));
    }

    @Test
    void anExportThatDoesNotFinishLeavesTheFolderEmpty() throws IOException {
        try (JsonCatalogWriter writer = new JsonCatalogWriter(folder)) {
            writer.write(ExportFixture.civic());
        }

        try (Stream<Path> left = Files.list(folder)) {
            assertThat(left).isEmpty();
        }
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
