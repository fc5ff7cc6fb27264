package dev.vspec.harness.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.command.recalls.RecallFile;
import dev.vspec.command.recalls.RecallRow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmark's files: the real sample's rows repeated, each repetition a new set of campaigns and records. */
class RepeatedRecallFileTest {

    private static final Path SAMPLE =
            Path.of("..", "command-side", "src", "test", "resources", "recalls", "nhtsa-recalls-sample.txt");

    @TempDir
    Path folder;

    @Test
    void eachRepetitionIsARecallsFileOfNewCampaignsAndRecords() throws IOException {
        Path file = folder.resolve("FLAT_RCL.txt");
        RepeatedRecallFile.write(SAMPLE, 3 * 56 + 10, file);

        RecallFile.Checked checked = RecallFile.check(file);
        List<RecallRow> rows = new ArrayList<>();
        checked.forEachRow(rows::add);
        RecallFile.Checked sample = RecallFile.check(SAMPLE);
        Set<String> sampleCampaigns = new HashSet<>();
        sample.forEachRow(row -> sampleCampaigns.add(row.campaignNumber()));

        assertThat(checked.rows()).isEqualTo(3 * 56 + 10);
        assertThat(checked.layout()).isEqualTo(sample.layout());
        assertThat(rows).noneMatch(RecallRow::repeated);
        assertThat(rows.stream().map(RecallRow::naturalKey).distinct()).hasSize(rows.size());
        assertThat(rows.stream().map(RecallRow::campaignNumber).distinct().count())
                .isGreaterThan(3L * sampleCampaigns.size());
        assertThat(rows.get(56).make()).isEqualTo(rows.get(0).make());
        assertThat(rows.get(56).campaignNumber()).isNotEqualTo(rows.get(0).campaignNumber());
    }
}
