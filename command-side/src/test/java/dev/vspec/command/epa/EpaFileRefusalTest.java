package dev.vspec.command.epa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.command.epa.EpaAnomalies.Kind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files that are not the EPA's, or damaged past reading, are refused naming the file, line and column; what the
 * EPA's conventions allow but do not describe (NA, a blank drive, a repeated id) is counted, not fatal.
 */
class EpaFileRefusalTest {

    @TempDir
    Path folder;

    @Test
    void anotherFileIsNotTheEpas() throws IOException {
        Path recalls = folder.resolve("vehicles.csv");
        Files.writeString(recalls, "make,model,year\nHonda,Accord,2018\n");

        assertThatThrownBy(() -> EpaFile.check(recalls))
                .isInstanceOf(EpaFileException.class)
                .hasMessage("vehicles.csv: not the EPA's vehicles.csv: line 1 has no column id (fueleconomy.gov's file"
                        + " starts barrels08,barrelsA08,charge120,...); nothing was imported");
    }

    @Test
    void aRowWithoutItsIdOrWithABrokenQuoteStopsTheFile() throws IOException {
        List<String> lines = lines();
        lines.set(3, withField(lines.get(3), 43, "10x0"));

        assertThatThrownBy(() -> EpaFile.check(write(lines)))
                .isInstanceOf(EpaFileException.class)
                .hasMessage("vehicles.csv: line 4, column 44 (id): '10x0' is not an id (a whole number); nothing was"
                        + " imported");

        List<String> cut = lines();
        cut.set(5, cut.get(5).substring(0, 200));
        assertThatThrownBy(() -> EpaFile.check(write(cut)))
                .isInstanceOf(EpaFileException.class)
                .hasMessageStartingWith("vehicles.csv: line 6: the row has ")
                .hasMessageEndingWith("; nothing was imported");
    }

    @Test
    void whatTheConventionsAllowIsCountedAndReadAsUnknown() throws IOException {
        List<String> lines = lines();
        String row = lines.get(1);
        lines.set(1, row.replace(",4,2.0,Rear-Wheel Drive,", ",NA,NA,,"));
        lines.add(lines.get(2));

        EpaFile.Checked checked = EpaFile.check(write(lines));

        EpaRow spider = checked.rows().get(0);
        assertThat(spider.vehicle().cylinders()).isNull();
        assertThat(spider.vehicle().displacementL()).isNull();
        assertThat(spider.driveClass()).isNull();
        assertThat(checked.anomalies().examples(Kind.NOT_AVAILABLE))
                .containsExactlyInAnyOrder("line 2, column 23 (cylinders): NA", "line 2, column 24 (displ): NA");
        assertThat(checked.anomalies().count(Kind.DRIVE_BLANK)).isEqualTo(1);
        assertThat(checked.anomalies().examples(Kind.ID_REPEATED)).containsExactly("line 50: id 10 is line 3's");
        assertThat(checked.rows()).hasSize(48);
    }

    /** The line with its field {@code index} (0-based) replaced; the sample's line holds no quoted field. */
    private static String withField(String line, int index, String value) {
        assertThat(line).doesNotContain("\"");
        String[] fields = line.split(",", -1);
        fields[index] = value;
        return String.join(",", fields);
    }

    private static List<String> lines() throws IOException {
        return new ArrayList<>(Files.readAllLines(EpaFileTest.ORIGINAL, StandardCharsets.US_ASCII));
    }

    private Path write(List<String> lines) throws IOException {
        return Files.write(folder.resolve("vehicles.csv"), lines, StandardCharsets.US_ASCII);
    }
}
