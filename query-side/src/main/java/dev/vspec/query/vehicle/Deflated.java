package dev.vspec.query.vehicle;

import java.io.ByteArrayOutputStream;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * Documents as the configuration cache holds them: zlib at its fastest level, which still shrinks a
 * stored JSON document several times. Deflaters and inflaters hold native memory, and making one
 * per call costs more than the work, so a few are kept and lent out; not one per thread, since
 * requests run on virtual threads, one per request.
 */
final class Deflated {

    /** Kept beyond those in use are ended; more than this many are rarely busy at once. */
    private static final int KEPT = 16;
    private static final BlockingQueue<Deflater> DEFLATERS = new ArrayBlockingQueue<>(KEPT);
    private static final BlockingQueue<Inflater> INFLATERS = new ArrayBlockingQueue<>(KEPT);
    /** Holds the uncompressed length, so that inflating sizes its buffer once. */
    private static final int HEADER = 4;

    private Deflated() {
    }

    static byte[] deflate(byte[] bytes) {
        Deflater deflater = DEFLATERS.poll();
        if (deflater == null) {
            deflater = new Deflater(Deflater.BEST_SPEED);
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
        deflater.setInput(bytes);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream(HEADER + bytes.length / 3 + 64);
        out.write(bytes.length >>> 24);
        out.write(bytes.length >>> 16);
        out.write(bytes.length >>> 8);
        out.write(bytes.length);
        byte[] buffer = new byte[Math.max(256, bytes.length / 2)];
        while (!deflater.finished()) {
            out.write(buffer, 0, deflater.deflate(buffer));
        }
        return out.toByteArray();
    }

    static byte[] inflate(byte[] deflated) {
        int length = ((deflated[0] & 0xff) << 24) | ((deflated[1] & 0xff) << 16) | ((deflated[2] & 0xff) << 8)
                | (deflated[3] & 0xff);
        Inflater inflater = INFLATERS.poll();
        if (inflater == null) {
            inflater = new Inflater();
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
            while (!inflater.finished()) {
                int n = read < length ? inflater.inflate(bytes, read, length - read) : inflater.inflate(beyond);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                if (read == length && n > 0) {
                    throw new IllegalStateException("a cached document inflated to more than its " + length + " bytes");
                }
                read += n;
            }
            if (read != length || !inflater.finished()) {
                throw new IllegalStateException("a cached document inflated to " + read + " of its " + length + " bytes");
            }
        } catch (DataFormatException e) {
            throw new IllegalStateException("a cached document does not inflate: " + e.getMessage(), e);
        }
        return bytes;
    }
}
