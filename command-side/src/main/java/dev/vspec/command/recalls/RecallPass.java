package dev.vspec.command.recalls;

import static dev.vspec.command.recalls.RecallField.CAMPNO;
import static dev.vspec.command.recalls.RecallField.RECORD_ID;

import dev.vspec.command.published.PublishedFile;
import dev.vspec.command.recalls.RecallAnomalies.Kind;
import dev.vspec.contracts.recalls.RecordRecalls;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.zip.ZipException;

/**
 * One reading of a recalls file from its first byte to its last, giving each row as it is read. The first line with
 * text decides whether the file is a recalls flat file and in which layout; after it, a line is only an anomaly,
 * unless so many lines have another field count that the file is not one.
 */
final class RecallPass {

    /** What a whole reading found. */
    record Result(
            String sha256, RecallLayout layout, int rows, LocalDate newestReportReceived, RecallAnomalies anomalies) {}

    private static final Pattern RECORD_NUMBER = Pattern.compile("\\d{1,9}");
    /** Year, report type, then 6 characters, letters included: {@code 21V00H000} is real. */
    /** A few lines of another length are damage; more mean another file. */
    private static final int MIN_PERCENT_IN_LAYOUT = 99;

    private final Consumer<RecallRow> each;
    private final RecallAnomalies anomalies = new RecallAnomalies();
    private final RepeatedRows seen = new RepeatedRows();
    /** The campaign whose run of rows {@link #seen} holds. */
    private String runCampaign;

    private final LineDecoder decoder = new LineDecoder();
    private String fileName;
    private RecallLayout layout;
    private int linesWithText;
    private int rows;
    private Place firstOutOfLayout;
    private LocalDate newestReportReceived;

    private RecallPass(Consumer<RecallRow> each) {
        this.each = each;
    }

    /** Where a line is: its number, and its zip member when there is one. */
    private record Place(String member, int line) {
        @Override
        public String toString() {
            return (member == null ? "" : member + ": ") + "line " + line;
        }
    }

    static Result read(Path file, Consumer<RecallRow> each) throws IOException {
        return new RecallPass(each).read(file);
    }

    private Result read(Path file) throws IOException {
        try (PublishedFile source =
                PublishedFile.open(file, ".txt", "an NHTSA recalls flat file", RecallFileException::new)) {
            fileName = source.fileName();
            readMembers(source);
            requireLinesInLayout();
            return new Result(source.sha256(), layout, rows, newestReportReceived, anomalies);
        }
    }

    private void readMembers(PublishedFile source) throws IOException {
        try {
            for (InputStream member; (member = source.nextMember()) != null; ) {
                readLines(source.member(), new ByteLines(member));
            }
        } catch (ZipException | EOFException e) {
            if (!source.zipped()) {
                throw e;
            }
            throw new RecallFileException(fileName + ": not a readable zip: " + e.getMessage(), e);
        }
    }

    private void readLines(String member, ByteLines lines) throws IOException {
        for (int number = 1; lines.next(); number++) {
            Place place = new Place(member, number);
            if (lines.tooLong()) {
                throw refusal(
                        place,
                        "a line longer than " + ByteLines.MAX_LINE_BYTES + " bytes; NHTSA's longest"
                                + " record is 17,108 characters (RCL.txt)");
            }
            readLine(place, lines.bytes(), lines.length());
        }
    }

    private void readLine(Place place, byte[] bytes, int length) {
        LineDecoder.Text text = decoder.decode(bytes, length);
        if (text.text().isBlank()) {
            note(Kind.BLANK_LINE, place, "blank");
            return;
        }
        linesWithText++;
        String[] cells = text.text().split("\t", -1);
        if (layout == null) {
            layout = layoutOfFirst(place, cells);
        }
        if (text.notUtf8At() >= 0) {
            noteNotUtf8(place, bytes, text.notUtf8At());
        }
        if (cells.length == layout.fieldCount()) {
            readRow(place, cells, isRepeated(place, cells[1], bytes, length));
        } else {
            noteOutOfLayout(place, cells.length);
        }
    }

    private void readRow(Place place, String[] cells, boolean repeated) {
        rows++;
        RecallRow row = new RowFields(cells, layout, place.toString(), anomalies).row(place.line(), repeated);
        LocalDate received = row.reportReceived();
        if (received != null && (newestReportReceived == null || received.isAfter(newestReportReceived))) {
            newestReportReceived = received;
        }
        each.accept(row);
    }

    /**
     * Compares the bytes after RECORD_ID, NHTSA's running number, which copies do not share, with the rows of the same
     * campaign's run so far: a copy further away is given again, and its campaign's aggregate stores nothing for it.
     */
    private boolean isRepeated(Place place, String campaign, byte[] bytes, int length) {
        if (!campaign.equals(runCampaign)) {
            seen.forgetAll();
            runCampaign = campaign;
        }
        boolean repeated = seen.seenBefore(bytes, indexOfTab(bytes) + 1, length);
        if (repeated) {
            note(Kind.REPEATED_ROW, place, "an earlier row's copy but for RECORD_ID");
        }
        return repeated;
    }

    private RecallLayout layoutOfFirst(Place place, String[] cells) {
        if (cells.length == 1) {
            throw refusal(
                    place,
                    "no TAB in the line" + (cells[0].contains(",") ? " but commas, as in a CSV file" : "")
                            + "; the flat file's fields are TAB-separated (RCL.txt)");
        }
        RecallLayout first = RecallLayout.withFieldCount(cells.length)
                .orElseThrow(() -> refusal(
                        place, cells.length + " TAB-separated fields, the flat file has 24, 27 or 29 (RCL.txt)"));
        requireCell(place, cells, RECORD_ID, RECORD_NUMBER, "is not a record number");
        requireCell(
                place,
                cells,
                CAMPNO,
                RecordRecalls.CAMPAIGN_NUMBER,
                "is not a campaign number (2 digits, V, E, T, C, I or X, then 6 characters, as in 23V283000)");
        return first;
    }

    private void requireCell(Place place, String[] cells, RecallField field, Pattern pattern, String otherwise) {
        String cell = cells[field.ordinal()].strip();
        if (!pattern.matcher(cell).matches()) {
            throw refusal(place, field, "'" + cell + "' " + otherwise);
        }
    }

    private void requireLinesInLayout() {
        if (linesWithText == 0) {
            throw new RecallFileException(fileName + ": not an NHTSA recalls flat file: the file "
                    + (anomalies.count(Kind.BLANK_LINE) == 0 ? "is empty" : "holds only blank lines"));
        }
        if (rows * 100L < linesWithText * (long) MIN_PERCENT_IN_LAYOUT) {
            throw refusal(
                    firstOutOfLayout,
                    "wrong field count throughout: only " + rows + " of " + linesWithText
                            + " lines with text have the " + layout.fieldCount() + " fields of the first ("
                            + MIN_PERCENT_IN_LAYOUT
                            + "% must); this line is the first of the others");
        }
    }

    private static int indexOfTab(byte[] bytes) {
        int at = 0;
        while (bytes[at] != '\t') {
            at++;
        }
        return at;
    }

    private void noteNotUtf8(Place place, byte[] bytes, int at) {
        int field = 1;
        for (int i = 0; i < at; i++) {
            field += bytes[i] == '\t' ? 1 : 0;
        }
        note(
                Kind.NOT_UTF8,
                place,
                String.format(
                        "byte 0x%02X in %s is not UTF-8; the line was read as windows-1252",
                        bytes[at] & 0xff, RecallField.describe(field)));
    }

    private void noteOutOfLayout(Place place, int fieldCount) {
        if (firstOutOfLayout == null) {
            firstOutOfLayout = place;
        }
        note(
                Kind.WRONG_FIELD_COUNT,
                place,
                fieldCount + " fields, the layout has " + layout.fieldCount() + "; skipped");
    }

    private void note(Kind kind, Place place, String found) {
        anomalies.add(kind, place.toString(), found);
    }

    private RecallFileException refusal(Place place, String why) {
        return new RecallFileException(fileName + ": " + place + ": not an NHTSA recalls flat file: " + why);
    }

    private RecallFileException refusal(Place place, RecallField field, String why) {
        return new RecallFileException(fileName + ": " + place + ", " + RecallField.describe(field.number())
                + ": not an NHTSA recalls flat file: " + why);
    }
}
