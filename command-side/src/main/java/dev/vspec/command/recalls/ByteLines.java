package dev.vspec.command.recalls;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The lines of a stream as bytes, one at a time through fixed buffers: a line ends with LF, a CR before it is
 * dropped, a last line without LF counts. Reading stops at a line longer than {@value #MAX_LINE_BYTES} bytes (it is
 * flagged {@link #tooLong()}), so that a file without line breaks cannot fill the memory.
 */
final class ByteLines {

    /** NHTSA's longest record is 17,108 characters; a line far longer than that is not a record. */
    static final int MAX_LINE_BYTES = 1 << 20;

    private static final byte LF = '\n';
    private static final byte CR = '\r';

    private final InputStream in;
    private final byte[] buffer = new byte[1 << 16];
    private int position;
    private int limit;
    private byte[] line = new byte[1 << 15];
    private int length;
    private boolean tooLong;

    ByteLines(InputStream in) {
        this.in = in;
    }

    /** Reads the next line into {@link #bytes()}; false at the end of the stream. */
    boolean next() throws IOException {
        length = 0;
        tooLong = false;
        boolean started = false;
        while (!tooLong && fill()) {
            started = true;
            append(indexOfLf());
            if (!tooLong && position < limit) {
                position++; // past the LF
                break;
            }
        }
        dropCr();
        return started;
    }

    /** The line's bytes, valid up to {@link #length()} until the next call of {@link #next()}. */
    byte[] bytes() {
        return line;
    }

    int length() {
        return length;
    }

    boolean tooLong() {
        return tooLong;
    }

    private boolean fill() throws IOException {
        if (position < limit) {
            return true;
        }
        int read = in.read(buffer);
        position = 0;
        limit = Math.max(read, 0);
        return read > 0;
    }

    private int indexOfLf() {
        int at = position;
        while (at < limit && buffer[at] != LF) {
            at++;
        }
        return at;
    }

    /** Appends the buffer up to {@code end}, or what fits under the maximum, and moves past what it took. */
    private void append(int end) {
        int count = Math.min(end - position, MAX_LINE_BYTES - length);
        tooLong = count < end - position;
        if (length + count > line.length) {
            line = Arrays.copyOf(line, Math.min(Math.max(line.length * 2, length + count), MAX_LINE_BYTES));
        }
        System.arraycopy(buffer, position, line, length, count);
        length += count;
        position += count;
    }

    private void dropCr() {
        if (length > 0 && line[length - 1] == CR) {
            length--;
        }
    }
}
