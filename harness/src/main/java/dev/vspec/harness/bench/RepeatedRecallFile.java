package dev.vspec.harness.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A recalls flat file of any size made from a real one: its lines repeated, each repetition under campaign numbers of
 * its own (the year digits and serial replaced, the record type kept) and every line under a RECORD_ID of its own, so
 * that an import records each repetition's campaigns anew rather than finding them held.
 */
final class RepeatedRecallFile {

    private static final char TAB = '\t';

    private RepeatedRecallFile() {}

    /** Writes {@code rows} lines made from the sample's to {@code target}. */
    static void write(Path sample, long rows, Path target) throws IOException {
        List<String> lines = Files.readAllLines(sample, StandardCharsets.ISO_8859_1);
        Map<String, Integer> campaigns = new HashMap<>();
        try (BufferedWriter out = Files.newBufferedWriter(target, StandardCharsets.ISO_8859_1)) {
            for (long row = 0; row < rows; row++) {
                long repetition = row / lines.size();
                String line = lines.get((int) (row % lines.size()));
                out.write(renumbered(line, row + 1, repetition, campaigns));
                out.write("\r\n");
            }
        }
    }

    /** The line with RECORD_ID {@code recordId} and its campaign number moved to the repetition's own; other lines as they are. */
    private static String renumbered(String line, long recordId, long repetition, Map<String, Integer> campaigns) {
        int first = line.indexOf(TAB);
        int second = first < 0 ? -1 : line.indexOf(TAB, first + 1);
        if (second < 0 || second - first != 10) {
            return line; // a blank or malformed line of the sample: repeated as the anomaly it is
        }
        String campaign = line.substring(first + 1, second);
        int index = campaigns.computeIfAbsent(campaign, key -> campaigns.size());
        long serial = repetition * 1_000 + index;
        String renumbered = String.format(
                Locale.ROOT, "%02d%c%06d", serial / 1_000_000 % 100, campaign.charAt(2), serial % 1_000_000);
        return recordId + line.substring(first, first + 1) + renumbered + line.substring(second);
    }
}
