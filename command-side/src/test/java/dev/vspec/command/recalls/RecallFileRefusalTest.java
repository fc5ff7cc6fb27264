package dev.vspec.command.recalls;

import static dev.vspec.command.recalls.RecallSamples.CURRENT;
import static dev.vspec.command.recalls.RecallSamples.fields;
import static dev.vspec.command.recalls.RecallSamples.join;
import static dev.vspec.command.recalls.RecallSamples.lines;
import static dev.vspec.command.recalls.RecallSamples.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files that are not recalls flat files, refused by name, line and field before a row is given. */
class RecallFileRefusalTest {

    @TempDir
    Path folder;

    @Test
    void aCsvFileIsRefusedAsSuch() throws IOException {
        Path csv = write(folder, "recalls.csv", List.of("RECORD_ID,CAMPNO,MAKETXT", "1,66V008002,PLYMOUTH"));

        assertThatThrownBy(() -> RecallFile.check(csv))
                .isInstanceOf(RecallFileException.class)
                .hasMessage("recalls.csv: line 1: not an NHTSA recalls flat file: no TAB in the line but commas, as"
                        + " in a CSV file; the flat file's fields are TAB-separated (RCL.txt)");
    }

    @Test
    void aFileOfThreeTabSeparatedColumnsIsRefused() throws IOException {
        Path tsv = write(folder, "FLAT_RCL.txt", List.of("1\t66V008002\tPLYMOUTH", "2\t66V008001\tDODGE"));

        assertThatThrownBy(() -> RecallFile.check(tsv))
                .hasMessage("FLAT_RCL.txt: line 1: not an NHTSA recalls flat file: 3 TAB-separated fields, the flat"
                        + " file has 24, 27 or 29 (RCL.txt)");
    }

    @Test
    void anEmptyFileIsRefused() throws IOException {
        Path empty = Files.createFile(folder.resolve("FLAT_RCL.txt"));

        assertThatThrownBy(() -> RecallFile.check(empty))
                .hasMessage("FLAT_RCL.txt: not an NHTSA recalls flat file: the file is empty");
    }

    @Test
    void aFileOfBlankLinesIsRefused() throws IOException {
        Path blank = write(folder, "FLAT_RCL.txt", List.of("", "  "));

        assertThatThrownBy(() -> RecallFile.check(blank))
                .hasMessage("FLAT_RCL.txt: not an NHTSA recalls flat file: the file holds only blank lines");
    }

    @Test
    void aFirstCampaignNumberThatIsNoneIsRefusedWithItsField() throws IOException {
        Path nonsense =
                write(folder, "FLAT_RCL.txt", List.of(withField(lines(CURRENT).get(0), 2, "RECALL-1")));

        assertThatThrownBy(() -> RecallFile.check(nonsense))
                .hasMessage("FLAT_RCL.txt: line 1, field 2 (CAMPNO): not an NHTSA recalls flat file: 'RECALL-1' is"
                        + " not a campaign number (2 digits, V, E, T, C, I or X, then 6 characters, as in 23V283000)");
    }

    @Test
    void aFirstRecordIdThatIsNoNumberIsRefusedWithItsField() throws IOException {
        Path header =
                write(folder, "FLAT_RCL.txt", List.of(withField(lines(CURRENT).get(0), 1, "RECORD_ID")));

        assertThatThrownBy(() -> RecallFile.check(header))
                .hasMessageStartingWith("FLAT_RCL.txt: line 1, field 1 (RECORD_ID): not an NHTSA recalls flat file:"
                        + " 'RECORD_ID' is not a record number");
    }

    @Test
    void aCampaignNumberWithALetterInItsSequenceIsOne() throws IOException {
        Path lettered =
                write(folder, "FLAT_RCL.txt", List.of(withField(lines(CURRENT).get(0), 2, "21V00H000")));

        assertThat(RecallFile.check(lettered).rows()).isEqualTo(1);
    }

    @Test
    void aFileWithFewerThan99PercentOfItsLinesInTheLayoutIsRefused() throws IOException {
        List<String> lines = lines(CURRENT);
        lines.set(1, lines.get(1) + "\textra");

        assertThatThrownBy(() -> RecallFile.check(write(folder, "FLAT_RCL.txt", lines)))
                .hasMessage("FLAT_RCL.txt: line 2: not an NHTSA recalls flat file: wrong field count throughout:"
                        + " only 55 of 56 lines with text have the 29 fields of the first (99% must); this line is"
                        + " the first of the others");
    }

    private static String withField(String line, int number, String value) {
        String[] fields = fields(line);
        fields[number - 1] = value;
        return join(fields);
    }
}
