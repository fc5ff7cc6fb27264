package dev.vspec.command.recalls;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * NHTSA's recalls flat file ({@code FLAT_RCL_PRE_2010.txt}, {@code FLAT_RCL_POST_2010.txt}, or the zip NHTSA
 * publishes either in), read in two passes that each stream it: {@link #check(Path)} reads it whole once to decide
 * whether it is a recalls file and to count what it holds, {@link Checked#forEachRow} reads it again to give its
 * rows. Neither holds the file or its rows; the memory taken is a few buffers and the hashes of the rows met
 * (8 bytes a row, to find repeated rows).
 *
 * <p>The format (NHTSA's {@code RCL.txt}): no header, fields separated by TAB and never quoted, so a {@code "} is
 * text; lines ending in CRLF (LF alone is read too); UTF-8, except lines pasted from Windows, read here as
 * windows-1252.
 */
public final class RecallFile {

    private RecallFile() {}

    /**
     * Reads the whole file once: its SHA-256, layout, rows, newest report date and anomalies.
     *
     * @throws RecallFileException when the file is not a recalls flat file (empty, not TAB-separated, a first line
     *     that is not a record of 24, 27 or 29 fields, fewer than 99% of the lines in its layout) or is a zip that
     *     cannot be read or holds no {@code .txt} file
     */
    public static Checked check(Path file) throws IOException {
        return new Checked(file, RecallPass.read(file, row -> {}));
    }

    /** A file found to be a recalls flat file, and what it holds. */
    public static final class Checked {

        private final Path file;
        private final RecallPass.Result checked;

        private Checked(Path file, RecallPass.Result checked) {
            this.file = file;
            this.checked = checked;
        }

        public Path file() {
            return file;
        }

        /** SHA-256 of the file's bytes as they are on disk (the zip's, for a zip), in lower-case hex. */
        public String sha256() {
            return checked.sha256();
        }

        public RecallLayout layout() {
            return checked.layout();
        }

        /** The rows {@link #forEachRow} gives, repeated ones included. */
        public int rows() {
            return checked.rows();
        }

        /**
         * The newest {@code RCDATE} (report received) in the file: how recent its data is. NHTSA regenerates the
         * files daily, so this, not the download's date, says what the file knows.
         */
        public Optional<LocalDate> dataDate() {
            return Optional.ofNullable(checked.newestReportReceived());
        }

        public RecallAnomalies anomalies() {
            return checked.anomalies();
        }

        /**
         * Reads the file again and gives each row, in file order. Lines of another field count than the layout's
         * are not rows and are skipped; a row repeating an earlier one but for {@code RECORD_ID} is given, with
         * {@link RecallRow#repeated()} true, so that the caller decides what a copy counts for.
         *
         * @throws RecallFileException after the last row when the file's bytes are no longer those checked: the
         *     rows given were read from another file than the one checked
         */
        public void forEachRow(Consumer<RecallRow> each) throws IOException {
            RecallPass.Result read = RecallPass.read(file, each);
            if (!read.sha256().equals(sha256())) {
                throw new RecallFileException(file.getFileName() + ": changed since it was checked (SHA-256 " + sha256()
                        + ", now " + read.sha256() + "); check it again");
            }
        }
    }
}
