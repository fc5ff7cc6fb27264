package dev.vspec.query.encoding;

import java.io.ByteArrayOutputStream;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * A gzip answer spliced from parts without inflating any: a cached document's deflate segment is copied as it
 * is ({@link Deflated}), and the JSON between documents goes in as stored (uncompressed) blocks, or deflated
 * when long. The trailer's CRC-32 is combined from the parts' own, as zlib's {@code crc32_combine} does.
 */
public final class GzipJson {

    /** Literal runs longer than this are deflated rather than stored. */
    private static final int STORED_AT_MOST = 256;

    private static final byte[] HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};
    /** An empty final block with fixed codes: ends the deflate stream. */
    private static final byte[] LAST_BLOCK = {3, 0};

    private static final Pattern ZERO = Pattern.compile("0(\\.0{0,3})?");

    private final ByteArrayOutputStream out;
    private final ByteArrayOutputStream literal = new ByteArrayOutputStream(STORED_AT_MOST);
    private int crc;
    private long length;

    public GzipJson(int expectedBytes) {
        out = new ByteArrayOutputStream(Math.max(64, expectedBytes));
        out.writeBytes(HEADER);
    }

    /**
     * Whether an {@code Accept-Encoding} header accepts gzip: {@code gzip} (or {@code x-gzip}), else {@code *},
     * with a q-value above 0 (RFC 9110, 12.5.3).
     */
    public static boolean accepted(String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        Boolean wildcard = null;
        for (String element : acceptEncoding.split(",")) {
            String[] parts = element.split(";");
            String coding = parts[0].strip().toLowerCase(Locale.ROOT);
            boolean acceptable = true;
            for (int i = 1; i < parts.length; i++) {
                String parameter = parts[i].strip().toLowerCase(Locale.ROOT);
                if (parameter.startsWith("q=")) {
                    acceptable = !ZERO.matcher(parameter.substring(2).strip()).matches();
                }
            }
            if (coding.equals("gzip") || coding.equals("x-gzip")) {
                return acceptable;
            }
            if (coding.equals("*")) {
                wildcard = acceptable;
            }
        }
        return wildcard != null && wildcard;
    }

    /** JSON text between documents. */
    public GzipJson literal(byte[] utf8) {
        literal.writeBytes(utf8);
        return this;
    }

    /** A stored document: its cached segment, or deflated now when it came straight from the database. */
    public GzipJson json(StoredJson json) {
        flushLiteral();
        segment(json.deflated());
        return this;
    }

    /** The gzip bytes; nothing may be added after. */
    public byte[] finish() {
        flushLiteral();
        out.writeBytes(LAST_BLOCK);
        writeIntLittleEndian(crc);
        writeIntLittleEndian((int) length);
        return out.toByteArray();
    }

    private void flushLiteral() {
        if (literal.size() == 0) {
            return;
        }
        byte[] bytes = literal.toByteArray();
        literal.reset();
        if (bytes.length > STORED_AT_MOST) {
            segment(Deflated.deflate(bytes));
            return;
        }
        // A stored block: BFINAL 0 and BTYPE 00 padded to a byte (every segment ends byte-aligned), LEN, NLEN.
        out.write(0);
        out.write(bytes.length);
        out.write(bytes.length >>> 8);
        out.write(~bytes.length);
        out.write(~bytes.length >>> 8);
        out.writeBytes(bytes);
        CRC32 checksum = new CRC32();
        checksum.update(bytes);
        append((int) checksum.getValue(), bytes.length);
    }

    private void segment(byte[] deflated) {
        out.write(deflated, Deflated.HEADER, deflated.length - Deflated.HEADER);
        append(Deflated.crc(deflated), Deflated.length(deflated));
    }

    private void append(int partCrc, int partLength) {
        crc = Crc32.combine(crc, partCrc, partLength);
        length += partLength;
    }

    private void writeIntLittleEndian(int value) {
        out.write(value);
        out.write(value >>> 8);
        out.write(value >>> 16);
        out.write(value >>> 24);
    }

    /** CRC-32 arithmetic modulo its polynomial (reflected), after zlib's crc32.c. */
    static final class Crc32 {

        private static final int POLY = 0xedb88320;
        /** x^(2^n) modulo the polynomial, n = 0..31. */
        private static final int[] X2N = new int[32];

        static {
            int p = 1 << 30; // x^1
            X2N[0] = p;
            for (int n = 1; n < 32; n++) {
                X2N[n] = p = multiply(p, p);
            }
        }

        private Crc32() {}

        /** The CRC-32 of A followed by B, from A's CRC, B's CRC and B's length. */
        static int combine(int crcA, int crcB, long lengthB) {
            return multiply(x8nModP(lengthB), crcA) ^ crcB;
        }

        /** a times b modulo the polynomial. */
        private static int multiply(int a, int b) {
            int m = 1 << 31;
            int p = 0;
            while (m != 0) {
                if ((a & m) != 0) {
                    p ^= b;
                    if ((a & (m - 1)) == 0) {
                        return p;
                    }
                }
                m >>>= 1;
                b = (b & 1) != 0 ? (b >>> 1) ^ POLY : b >>> 1;
            }
            return p;
        }

        /** x^(8n) modulo the polynomial: n zero bytes appended. */
        private static int x8nModP(long n) {
            int p = 1 << 31; // x^0
            int k = 3;
            while (n != 0) {
                if ((n & 1) != 0) {
                    p = multiply(X2N[k & 31], p);
                }
                n >>>= 1;
                k++;
            }
            return p;
        }
    }
}
