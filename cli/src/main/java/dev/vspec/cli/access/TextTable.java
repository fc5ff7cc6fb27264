package dev.vspec.cli.access;

import dev.vspec.cli.console.Messages;
import java.io.PrintWriter;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Plain text columns, aligned with spaces and separated by two of them: no colours and no box
 * drawing, so that the output reads the same in a terminal, a log and a grep.
 */
final class TextTable {

    private static final DateTimeFormatter MINUTES = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT);

    private final List<String> headers;
    private final boolean[] rightAligned;
    private final List<List<String>> rows = new ArrayList<>();

    /** A header ending in {@code >} names a right-aligned (numeric) column; the {@code >} is not shown. */
    TextTable(String... headers) {
        this.headers = new ArrayList<>();
        this.rightAligned = new boolean[headers.length];
        for (int i = 0; i < headers.length; i++) {
            rightAligned[i] = headers[i].endsWith(">");
            this.headers.add(rightAligned[i] ? headers[i].substring(0, headers[i].length() - 1) : headers[i]);
        }
    }

    TextTable row(String... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException(cells.length + " cells for " + headers.size() + " columns");
        }
        rows.add(List.of(cells));
        return this;
    }

    void print(PrintWriter out) {
        int[] widths = new int[headers.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = headers.get(i).length();
            for (List<String> row : rows) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        out.println(line(headers, widths));
        rows.forEach(row -> out.println(line(row, widths)));
    }

    private String line(List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                line.append("  ");
            }
            String padding = " ".repeat(widths[i] - cells.get(i).length());
            line.append(rightAligned[i] ? padding + cells.get(i) : cells.get(i) + padding);
        }
        return line.toString().stripTrailing();
    }

    /** Free text as one cell: on one line, at most {@code max} characters, an ellipsis where it was cut. */
    static String text(String value, int max) {
        String cell = Messages.oneLine(value);
        return cell.length() <= max ? cell : cell.substring(0, max - 1).stripTrailing() + "…";
    }

    /** A moment to the minute, in UTC, e.g. {@code 2025-11-21 14:05}. */
    static String utcMinutes(OffsetDateTime time) {
        return MINUTES.format(time.atZoneSameInstant(ZoneOffset.UTC));
    }

    static String number(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }
}
