package dev.vspec.command.recalls;

import static dev.vspec.command.recalls.RecallSamples.CURRENT;
import static dev.vspec.command.recalls.RecallSamples.lines;
import static dev.vspec.command.recalls.RecallSamples.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The zips NHTSA publishes: the text members read in order, the digest the zip's own. */
class RecallZipTest {

    @TempDir
    Path folder;

    @Test
    void aZipOfTheSampleGivesItsRowsAndTheZipsDigest() throws IOException, NoSuchAlgorithmException {
        Path zip = zip("FLAT_RCL_POST_2010.zip", Map.of("FLAT_RCL_POST_2010.txt", Files.readAllBytes(CURRENT)));

        RecallFile.Checked checked = RecallFile.check(zip);

        assertThat(checked.rows()).isEqualTo(56);
        assertThat(checked.layout()).isEqualTo(RecallLayout.FIELDS_29);
        assertThat(checked.sha256())
                .isEqualTo(HexFormat.of()
                        .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(zip))));
        assertThat(rows(checked)).isEqualTo(rows(CURRENT));
    }

    @Test
    void everyTxtMemberIsReadInOrderAndOtherMembersAreNot() throws IOException {
        List<String> lines = lines(CURRENT);
        Map<String, byte[]> members = new LinkedHashMap<>();
        members.put("Import_Instructions_Recalls.pdf", "%PDF-1.4".getBytes(StandardCharsets.US_ASCII));
        members.put("PART1.TXT", crlf(lines.subList(0, 20)));
        members.put("part2.txt", crlf(lines.subList(20, 56)));

        List<RecallRow> rows = rows(zip("two.zip", members));

        assertThat(rows)
                .extracting(RecallRow::campaignNumber)
                .containsExactlyElementsOf(
                        rows(CURRENT).stream().map(RecallRow::campaignNumber).toList());
        assertThat(rows.get(20).line()).as("lines are counted in their member").isEqualTo(1);
    }

    @Test
    void anAnomalyInAZipNamesItsMember() throws IOException {
        List<String> lines = lines(CURRENT);
        lines.add(1, "");

        RecallFile.Checked checked = RecallFile.check(zip("blank.zip", Map.of("FLAT_RCL.txt", crlf(lines))));

        assertThat(checked.anomalies().examples(RecallAnomalies.Kind.BLANK_LINE))
                .containsExactly("FLAT_RCL.txt: line 2: blank");
    }

    @Test
    void aZipWithoutATxtMemberIsNotARecallsFile() throws IOException {
        Path zip = zip("RCL.zip", Map.of("RCL.pdf", new byte[] {1, 2, 3}));

        assertThatThrownBy(() -> RecallFile.check(zip))
                .isInstanceOf(RecallFileException.class)
                .hasMessage("RCL.zip: not an NHTSA recalls flat file: the zip holds no .txt file");
    }

    @Test
    void aTruncatedZipIsRefused() throws IOException {
        Path whole = zip("whole.zip", Map.of("FLAT_RCL.txt", Files.readAllBytes(CURRENT)));
        byte[] bytes = Files.readAllBytes(whole);
        Path truncated = Files.write(folder.resolve("FLAT_RCL.zip"), Arrays.copyOf(bytes, bytes.length / 2));

        assertThatThrownBy(() -> RecallFile.check(truncated))
                .isInstanceOf(RecallFileException.class)
                .hasMessageStartingWith("FLAT_RCL.zip: not a readable zip: ");
    }

    private Path zip(String name, Map<String, byte[]> members) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> member : members.entrySet()) {
                zip.putNextEntry(new ZipEntry(member.getKey()));
                zip.write(member.getValue());
                zip.closeEntry();
            }
        }
        return Files.write(folder.resolve(name), bytes.toByteArray());
    }

    private static byte[] crlf(List<String> lines) {
        return (String.join("\r\n", lines) + "\r\n").getBytes(StandardCharsets.ISO_8859_1);
    }
}
