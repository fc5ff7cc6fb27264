package dev.vspec.command.catalog;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A CSV file as spreadsheets write it (RFC 4180): UTF-8 with or without a byte-order mark, a header row, fields
 * separated by commas, a field that holds a comma, a quote or a line break quoted with {@code "} (a quote inside
 * doubled), lines ending in CRLF, LF or CR. Lines without any value are skipped. Anything else is refused with the
 * line and column (the field's number, as a spreadsheet counts columns) and what was found instead: a semicolon or
 * tab separator, bytes of another encoding, a stray quote, a row of another length.
 */
public final class CsvTable {

    private static final byte[] UTF8_BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

    /** A row of the file: the line it starts on and its fields, as many as the header's. */
    public record Row(int line, List<String> fields) {}

    private final List<String> header;
    private final List<Row> rows;

    private CsvTable(List<String> header, List<Row> rows) {
        this.header = header;
        this.rows = rows;
    }

    /** The column names, stripped of surrounding spaces. */
    public List<String> header() {
        return header;
    }

    public List<Row> rows() {
        return rows;
    }

    /**
     * Reads the table from the file's bytes.
     *
     * @throws CatalogImportException {@code line L, column C: what is wrong}
     */
    public static CsvTable parse(byte[] bytes) {
        Text text = decode(bytes);
        List<Row> records = new Parser(text).records();
        if (records.isEmpty()) {
            throw new CatalogImportException("line 1: the file is empty; a CSV file starts with its header row");
        }
        Row first = records.get(0);
        List<String> header = first.fields().stream().map(String::strip).toList();
        checkSeparator(header);
        List<Row> rows = records.subList(1, records.size());
        for (Row row : rows) {
            if (row.fields().size() != header.size()) {
                throw new CatalogImportException(lengthProblem(row, header.size()));
            }
        }
        return new CsvTable(header, List.copyOf(rows));
    }

    /** A header of one field that holds a semicolon or a tab: the file is separated by it, not by commas. */
    private static void checkSeparator(List<String> header) {
        if (header.size() != 1) {
            return;
        }
        String only = header.get(0);
        String found = only.contains(";") ? "semicolons (;)" : only.contains("\t") ? "tabs" : null;
        if (found != null) {
            throw new CatalogImportException("line 1: the columns are separated by " + found
                    + "; vspec reads comma-separated files (save the sheet as \"CSV UTF-8 (comma delimited)\")");
        }
    }

    private static String lengthProblem(Row row, int expected) {
        String problem =
                "line " + row.line() + ": the row has " + row.fields().size() + " fields, the header " + expected;
        if (row.fields().size() > expected && splitsADecimal(row.fields())) {
            problem +=
                    "; a number written with a decimal comma (4,2) splits into two fields: write it with a dot (4.2)";
        }
        return problem;
    }

    private static boolean splitsADecimal(List<String> fields) {
        for (int i = 1; i < fields.size(); i++) {
            if (fields.get(i - 1).matches("-?\\d+") && fields.get(i).matches("\\d+")) {
                return true;
            }
        }
        return false;
    }

    /**
     * The characters of a UTF-8 file; the first byte that is not UTF-8 is kept as a position, so that the parser
     * can name the line and column it stands in.
     */
    private record Text(String chars, int badAt, String badBytes) {}

    private static Text decode(byte[] bytes) {
        if (bytes.length >= 2
                && ((bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE)
                        || (bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF))) {
            throw new CatalogImportException("line 1: the file is UTF-16 (it starts with a UTF-16 byte-order mark);"
                    + " save it as \"CSV UTF-8 (comma delimited)\"");
        }
        int start = startsWithBom(bytes) ? UTF8_BOM.length : 0;
        ByteBuffer in = ByteBuffer.wrap(bytes, start, bytes.length - start);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            int badAt = out.position();
            byte[] bad = new byte[result.length()];
            in.get(bad);
            // the rest only needs to be text for the parser to reach the bad position
            out.put('\uFFFD');
            decoder.reset().onMalformedInput(CodingErrorAction.REPLACE).decode(in, out, true);
            return new Text(out.flip().toString(), badAt, describe(bad));
        }
        decoder.flush(out);
        return new Text(out.flip().toString(), -1, null);
    }

    private static boolean startsWithBom(byte[] bytes) {
        return bytes.length >= 3 && bytes[0] == UTF8_BOM[0] && bytes[1] == UTF8_BOM[1] && bytes[2] == UTF8_BOM[2];
    }

    /** {@code byte 0xE9 (é in Windows-1252)}. */
    private static String describe(byte[] bad) {
        StringBuilder hex = new StringBuilder();
        for (byte b : bad) {
            hex.append(hex.isEmpty() ? "" : " ").append(String.format(Locale.ROOT, "0x%02X", b & 0xFF));
        }
        String asWindows = new String(bad, WINDOWS_1252);
        return (bad.length == 1 ? "byte " : "bytes ")
                + hex
                + (asWindows.isBlank() ? "" : " (" + asWindows + " in Windows-1252)");
    }

    /** RFC 4180 over the decoded text, counting lines and fields as it goes. */
    private static final class Parser {

        private final String text;
        private final int badAt;
        private final String badBytes;
        private int pos;
        private int line = 1;

        Parser(Text text) {
            this.text = text.chars();
            this.badAt = text.badAt();
            this.badBytes = text.badBytes();
        }

        List<Row> records() {
            List<Row> records = new ArrayList<>();
            while (pos < text.length()) {
                int startLine = line;
                List<String> fields = record();
                if (fields.stream().anyMatch(field -> !field.isBlank())) {
                    records.add(new Row(startLine, List.copyOf(fields)));
                }
            }
            return records;
        }

        /** One record: fields up to the end of its line (or of the file), the line break consumed. */
        private List<String> record() {
            List<String> fields = new ArrayList<>();
            while (true) {
                int column = fields.size() + 1;
                fields.add(pos < text.length() && text.charAt(pos) == '"' ? quoted(column) : unquoted(column));
                if (pos >= text.length()) {
                    return fields;
                }
                char separator = next(column);
                if (separator != ',') {
                    endOfLine(separator);
                    return fields;
                }
            }
        }

        private String unquoted(int column) {
            StringBuilder field = new StringBuilder();
            while (pos < text.length()) {
                char c = text.charAt(pos);
                if (c == ',' || c == '\n' || c == '\r') {
                    break;
                }
                if (c == '"') {
                    throw problem(
                            column,
                            "a quote inside a field that does not start with one; quote the whole"
                                    + " field and write the quote twice (\"\")");
                }
                field.append(next(column));
            }
            return field.toString();
        }

        private String quoted(int column) {
            int openedOn = line;
            pos++;
            StringBuilder field = new StringBuilder();
            while (true) {
                if (pos >= text.length()) {
                    throw new CatalogImportException("line " + openedOn + ", column " + column
                            + ": the quoted field that starts here is never closed");
                }
                char c = next(column);
                if (c == '"') {
                    if (pos < text.length() && text.charAt(pos) == '"') {
                        pos++;
                        field.append('"');
                        continue;
                    }
                    break;
                }
                if (c == '\r' || c == '\n') {
                    endOfLine(c);
                    field.append('\n');
                    continue;
                }
                field.append(c);
            }
            if (pos < text.length() && ",\r\n".indexOf(text.charAt(pos)) < 0) {
                throw problem(
                        column,
                        "after a quoted field comes a comma or the end of the line, not '" + text.charAt(pos)
                                + "'; a quote inside a field is written twice (\"\")");
            }
            return field.toString();
        }

        /** The character at the position, refused where the file was not UTF-8. */
        private char next(int column) {
            if (pos == badAt) {
                throw problem(
                        column, "the file is not UTF-8: " + badBytes + "; save it as \"CSV UTF-8 (comma delimited)\"");
            }
            return text.charAt(pos++);
        }

        /** A line break just read: CRLF counts once. */
        private void endOfLine(char c) {
            if (c == '\r' && pos < text.length() && text.charAt(pos) == '\n') {
                pos++;
            }
            line++;
        }

        private CatalogImportException problem(int column, String problem) {
            return new CatalogImportException("line " + line + ", column " + column + ": " + problem);
        }
    }
}
