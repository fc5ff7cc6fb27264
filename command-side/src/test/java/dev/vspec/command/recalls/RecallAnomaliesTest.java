package dev.vspec.command.recalls;

import static dev.vspec.command.recalls.RecallSamples.CURRENT;
import static dev.vspec.command.recalls.RecallSamples.FIELDS_24;
import static dev.vspec.command.recalls.RecallSamples.fields;
import static dev.vspec.command.recalls.RecallSamples.join;
import static dev.vspec.command.recalls.RecallSamples.lines;
import static dev.vspec.command.recalls.RecallSamples.rows;
import static dev.vspec.command.recalls.RecallSamples.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.command.recalls.RecallAnomalies.Kind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a file holds beside the dictionary, counted with its first examples; none of it stops the reading. */
class RecallAnomaliesTest {

    private static final int RANGER = 53;

    @TempDir
    Path folder;

    @Test
    void theCurrentSampleHoldsOnlyUnknownModelYears() throws IOException {
        RecallAnomalies anomalies = RecallFile.check(CURRENT).anomalies();

        assertThat(anomalies.total()).isEqualTo(4);
        assertThat(anomalies.examples(Kind.MODEL_YEAR_UNKNOWN))
                .containsExactly(
                        "line 5: YEARTXT 9999 (model year unknown)",
                        "line 22: YEARTXT 9999 (model year unknown)",
                        "line 47: YEARTXT 9999 (model year unknown)",
                        "line 56: YEARTXT 9999 (model year unknown)");
    }

    @Test
    void blankLinesAreCountedWithTheFirst20AsExamples() throws IOException {
        List<String> lines = lines(CURRENT);
        lines.add(2, "");
        lines.addAll(Collections.nCopies(24, " "));

        RecallFile.Checked checked = RecallFile.check(write(folder, "FLAT_RCL.txt", lines));

        assertThat(checked.rows()).isEqualTo(56);
        assertThat(checked.anomalies().count(Kind.BLANK_LINE)).isEqualTo(25);
        assertThat(checked.anomalies().examples(Kind.BLANK_LINE))
                .hasSize(RecallAnomalies.EXAMPLES_PER_KIND)
                .startsWith("line 3: blank", "line 58: blank");
    }

    @Test
    void aWindows1252ByteIsReadAsItsCharacterAndCounted() throws IOException {
        List<String> lines = lines(CURRENT);
        lines.set(RANGER, lines.get(RANGER).replace("driver's side", "driver\u0092s side"));
        Path file = write(folder, "FLAT_RCL.txt", lines);

        RecallFile.Checked checked = RecallFile.check(file);

        assertThat(checked.anomalies().examples(Kind.NOT_UTF8))
                .containsExactly("line 54: byte 0x92 in field 20 (DESC_DEFECT) is not UTF-8; the line was read as"
                        + " windows-1252");
        assertThat(rows(checked).get(RANGER).defect()).contains("driver\u2019s side");
    }

    @Test
    void aRowCopiedWithAnotherRecordIdInItsCampaignsRunIsGivenMarkedRepeatedAndCountedOnce() throws IOException {
        List<String> lines = lines(CURRENT);
        String[] copy = fields(lines.get(RANGER));
        copy[0] = "999999";
        lines.add(RANGER + 1, join(copy));

        RecallFile.Checked checked = RecallFile.check(write(folder, "FLAT_RCL.txt", lines));
        List<RecallRow> rows = rows(checked);

        assertThat(checked.rows()).isEqualTo(57);
        assertThat(checked.anomalies().examples(Kind.REPEATED_ROW))
                .containsExactly("line 55: an earlier row's copy but for RECORD_ID");
        assertThat(rows)
                .filteredOn(RecallRow::repeated)
                .extracting(RecallRow::line)
                .containsExactly(55);
        assertThat(rows.get(RANGER + 1).naturalKey()).isEqualTo(rows.get(RANGER).naturalKey());
    }

    /** Memory stays bounded by a campaign's run: a copy after other campaigns' rows is left to the campaign's aggregate. */
    @Test
    void aCopyAfterOtherCampaignsRowsIsGivenAgain() throws IOException {
        List<String> lines = lines(CURRENT);
        String[] copy = fields(lines.get(RANGER));
        copy[0] = "999999";
        lines.add(join(copy));

        RecallFile.Checked checked = RecallFile.check(write(folder, "FLAT_RCL.txt", lines));

        assertThat(checked.anomalies().examples(Kind.REPEATED_ROW)).isEmpty();
        assertThat(rows(checked)).noneMatch(RecallRow::repeated);
    }

    @Test
    void aLineOfAnotherFieldCountIsSkippedAndNamed() throws IOException {
        List<String> lines = lines(FIELDS_24);
        String[] fields = fields(lines.get(49));
        lines.add(49, join(Arrays.copyOf(fields, 23)));

        RecallFile.Checked checked = RecallFile.check(write(folder, "FLAT_RCL.txt", lines));

        assertThat(checked.rows()).isEqualTo(100);
        assertThat(checked.anomalies().examples(Kind.WRONG_FIELD_COUNT))
                .containsExactly("line 50: 23 fields, the layout has 24; skipped");
        assertThat(rows(checked)).extracting(RecallRow::line).doesNotContain(50).contains(49, 51);
    }

    @Test
    void cellsThatDoNotReadAsTheirFieldAreNullAndNamed() throws IOException {
        List<String> lines = lines(CURRENT);
        String[] ranger = fields(lines.get(RANGER));
        ranger[4] = "23";
        ranger[10] = "Q";
        ranger[11] = "1,434";
        ranger[15] = "2023-04-20";
        ranger[27] = "Y";
        lines.set(RANGER, join(ranger));

        RecallFile.Checked checked = RecallFile.check(write(folder, "FLAT_RCL.txt", lines));
        RecallRow row = rows(checked).get(RANGER);

        assertThat(row.modelYear()).isNull();
        assertThat(row.recordType()).isNull();
        assertThat(row.potentiallyAffected()).isNull();
        assertThat(row.reportReceived()).isNull();
        assertThat(row.doNotDrive()).isNull();
        RecallAnomalies anomalies = checked.anomalies();
        assertThat(anomalies.examples(Kind.MODEL_YEAR_INVALID)).containsExactly("line 54: YEARTXT '23' is not a year");
        assertThat(anomalies.examples(Kind.RECORD_TYPE_UNKNOWN)).containsExactly("line 54: RCLTYPECD 'Q'");
        assertThat(anomalies.examples(Kind.NUMBER_INVALID)).containsExactly("line 54: POTAFF '1,434' is not a number");
        assertThat(anomalies.examples(Kind.DATE_INVALID))
                .containsExactly("line 54: RCDATE '2023-04-20' is not a date (YYYYMMDD)");
        assertThat(anomalies.examples(Kind.ADVISORY_INVALID))
                .containsExactly("line 54: DO_NOT_DRIVE 'Y' is not Yes or No");
    }

    @Test
    void theUnknownNotificationDateIsNullWithoutAnAnomaly() throws IOException {
        List<String> lines = lines(CURRENT);
        String[] ranger = fields(lines.get(RANGER));
        ranger[12] = "19010101";
        lines.set(RANGER, join(ranger));

        RecallFile.Checked checked = RecallFile.check(write(folder, "FLAT_RCL.txt", lines));

        assertThat(rows(checked).get(RANGER).ownersNotified()).isNull();
        assertThat(checked.anomalies().total()).isEqualTo(4);
    }

    @Test
    void theReportListsEachKindFoundWithItsExamples() throws IOException {
        List<String> lines = lines(CURRENT);
        lines.add(1, "");

        String report = RecallFile.check(write(folder, "FLAT_RCL.txt", lines))
                .anomalies()
                .report();

        assertThat(report).isEqualTo("""
                        blank lines: 1
                          line 2: blank
                        YEARTXT 9999, model year unknown: 4
                          line 6: YEARTXT 9999 (model year unknown)
                          line 23: YEARTXT 9999 (model year unknown)
                          line 48: YEARTXT 9999 (model year unknown)
                          line 57: YEARTXT 9999 (model year unknown)
                        """);
    }
}
