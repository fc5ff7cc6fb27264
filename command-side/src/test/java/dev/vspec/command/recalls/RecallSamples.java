package dev.vspec.command.recalls;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The real samples under {@code src/test/resources/recalls/} and files written from their lines. */
final class RecallSamples {

    /** 56 lines of today's files, 29 fields. */
    static final Path CURRENT = resource("nhtsa-recalls-sample.txt");
    /** The first 100 lines of the 2014 file, 24 fields. */
    static final Path FIELDS_24 = resource("nhtsa-recalls-sample-2014-24field.txt");

    private static final String CRLF = "\r\n";

    private RecallSamples() {}

    /** The sample's lines without their CRLF, to change before writing them again. */
    static List<String> lines(Path sample) {
        try {
            String text = Files.readString(sample, StandardCharsets.ISO_8859_1);
            return new ArrayList<>(Arrays.asList(
                    text.substring(0, text.length() - CRLF.length()).split(CRLF, -1)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes the lines, each ending in CRLF, one byte a character (ISO-8859-1), so that {@code "\u0092"} writes
     * the byte 0x92, which is not UTF-8.
     */
    static Path write(Path folder, String name, List<String> lines) throws IOException {
        return Files.writeString(folder.resolve(name), String.join(CRLF, lines) + CRLF, StandardCharsets.ISO_8859_1);
    }

    /** The line's fields, to change one; {@link #join} writes them back. */
    static String[] fields(String line) {
        return line.split("\t", -1);
    }

    static String join(String[] fields) {
        return String.join("\t", fields);
    }

    static List<RecallRow> rows(RecallFile.Checked checked) throws IOException {
        List<RecallRow> rows = new ArrayList<>();
        checked.forEachRow(rows::add);
        return rows;
    }

    static List<RecallRow> rows(Path file) throws IOException {
        return rows(RecallFile.check(file));
    }

    private static Path resource(String name) {
        try {
            return Path.of(RecallSamples.class.getResource("/recalls/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
