package dev.vspec.query.encoding;

import java.io.ByteArrayOutputStream;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * Documents as the configuration cache holds them: raw deflate at its fastest level, which still shrinks a
 * stored JSON document several times. A segment starts with the document's length and CRC-32 and ends in a
 * sync flush rather than a final block, so that segments concatenate into one deflate stream: an answer to a
 * client that accepts gzip is spliced from them without inflating anything ({@link GzipJson}).
 *
 * <p>Deflaters and inflaters hold native memory, and making one per call costs more than the work, so a few
 * are kept and lent out; not one per thread, since requests run on virtual threads, one per request.
 */
final class Deflated {

    /** Kept beyond those in use are ended; more than this many are rarely busy at once. */
    private static final int KEPT = 16;

    private static final BlockingQueue<Deflater> DEFLATERS = new ArrayBlockingQueue<>(KEPT);
    private static final BlockingQueue<Inflater> INFLATERS = new ArrayBlockingQueue<>(KEPT);
    /** The uncompressed length (so that inflating sizes its buffer once) and CRC-32 (for gzip's trailer). */
    static final int HEADER = 8;

    private Deflated() {}

    static byte[] deflate(byte[] bytes) {
        Deflater deflater = DEFLATERS.poll();
        if (deflater == null) {
            deflater = new Deflater(Deflater.BEST_SPEED, true);
        }
        try {
            return deflate(deflater, bytes);
        } finally {
            deflater.reset();
            if (!DEFLATERS.offer(deflater)) {
                deflater.end();
            }
        }
    }

    private static byte[] deflate(Deflater deflater, byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        ByteArrayOutputStream out = new ByteArrayOutputStream(HEADER + bytes.length / 3 + 64);
        writeInt(out, bytes.length);
        writeInt(out, (int) crc.getValue());
        deflater.setInput(bytes);
        byte[] buffer = new byte[Math.max(256, bytes.length / 2)];
        int written;
        do {
            // A sync flush that fills the buffer may have more to write.
            written = deflater.deflate(buffer, 0, buffer.length, Deflater.SYNC_FLUSH);
            out.write(buffer, 0, written);
        } while (written == buffer.length);
        return out.toByteArray();
    }

    static byte[] inflate(byte[] deflated) {
        int length = length(deflated);
        Inflater inflater = INFLATERS.poll();
        if (inflater == null) {
            inflater = new Inflater(true);
        }
        try {
            return inflate(inflater, deflated, length);
        } finally {
            inflater.reset();
            if (!INFLATERS.offer(inflater)) {
                inflater.end();
            }
        }
    }

    private static byte[] inflate(Inflater inflater, byte[] deflated, int length) {
        inflater.setInput(deflated, HEADER, deflated.length - HEADER);
        byte[] bytes = new byte[length];
        byte[] beyond = new byte[1];
        try {
            int read = 0;
            while (true) {
                // Past the length, reading on consumes the closing sync flush, and finds any excess.
                int n = read < length ? inflater.inflate(bytes, read, length - read) : inflater.inflate(beyond);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary() || inflater.finished())) {
                    break;
                }
                if (read == length && n > 0) {
                    throw new IllegalStateException("a cached document inflated to more than its " + length + " bytes");
                }
                read += n;
            }
            if (read != length) {
                throw new IllegalStateException(
                        "a cached document inflated to " + read + " of its " + length + " bytes");
            }
        } catch (DataFormatException e) {
            throw new IllegalStateException("a cached document does not inflate: " + e.getMessage(), e);
        }
        return bytes;
    }

    /** The uncompressed length of a segment. */
    static int length(byte[] deflated) {
        return readInt(deflated, 0);
    }

    /** The CRC-32 of a segment's uncompressed bytes. */
    static int crc(byte[] deflated) {
        return readInt(deflated, 4);
    }

    private static void writeInt(ByteArrayOutputStream out, int value) {
        out.write(value >>> 24);
        out.write(value >>> 16);
        out.write(value >>> 8);
        out.write(value);
    }

    private static int readInt(byte[] bytes, int at) {
        return ((bytes[at] & 0xff) << 24)
                | ((bytes[at + 1] & 0xff) << 16)
                | ((bytes[at + 2] & 0xff) << 8)
                | (bytes[at + 3] & 0xff);
    }
}
