package dev.vspec.harness.bench;

import dev.vspec.decoder.VinDecoding;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * The decode benchmark's files, shared with {@code tools/vpic}: the VINs of {@code generate-vins.py} read in, the
 * decodes written out as the JSON lines {@code compare.py} reads.
 */
final class ComparisonFiles {

    private ComparisonFiles() {}

    /** The first tab-separated column of each line that is neither blank nor a '#' comment, stripped. */
    static List<String> readVins(Path file) throws IOException {
        List<String> vins = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int tab = line.indexOf('\t');
            vins.add((tab < 0 ? line : line.substring(0, tab)).strip());
        }
        return vins;
    }

    /** A line per text in order: its decode, or {vin, error, message} for the lines {@code refused} by index. */
    static void writeDecodings(Path out, List<String> texts, Map<Integer, String> refused, VinDecoding[] decodings)
            throws IOException {
        JsonMapper json = JsonMapper.builder().build();
        try (BufferedWriter writer = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            int decoded = 0;
            for (int i = 0; i < texts.size(); i++) {
                String message = refused.get(i);
                Object line;
                if (message != null) {
                    Map<String, String> error = new LinkedHashMap<>();
                    error.put("vin", texts.get(i));
                    error.put("error", "invalid_vin");
                    error.put("message", message);
                    line = error;
                } else {
                    line = decodings[decoded++];
                }
                writer.write(json.writeValueAsString(line));
                writer.newLine();
            }
        }
    }
}
