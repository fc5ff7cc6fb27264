package dev.vspec.vpic;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Finds one file in a tar stream (an npm package is a gzip-compressed tar of ustar entries; long names
 * come as PAX {@code path} records or GNU {@code L} entries). Only what an npm tarball uses: no sparse
 * files, no links.
 */
final class TarArchive {

    private static final int BLOCK = 512;

    private TarArchive() {}

    /**
     * The content of the regular file at {@code path}, as a stream that ends with the entry (closing it
     * closes {@code tar}); empty when the archive has no such file.
     */
    static Optional<InputStream> entry(InputStream tar, String path) throws IOException {
        byte[] header = new byte[BLOCK];
        String longName = null;
        while (true) {
            if (!readBlock(tar, header) || isZero(header)) {
                return Optional.empty();
            }
            long size = size(header);
            char type = (char) header[156];
            String name = longName != null ? longName : name(header);
            longName = null;
            if (type == 'x' || type == 'L') {
                String data = new String(tar.readNBytes(Math.toIntExact(size)), StandardCharsets.UTF_8);
                skipPadding(tar, size);
                longName = type == 'L' ? data.replace("\0", "") : paxPath(data);
                continue;
            }
            if ((type == '0' || type == '\0') && name.equals(path)) {
                return Optional.of(bounded(tar, size));
            }
            tar.skipNBytes(size);
            skipPadding(tar, size);
        }
    }

    private static boolean readBlock(InputStream in, byte[] block) throws IOException {
        int read = in.readNBytes(block, 0, BLOCK);
        if (read == 0) {
            return false;
        }
        if (read < BLOCK) {
            throw new EOFException("the tar archive ends inside a header");
        }
        return true;
    }

    private static boolean isZero(byte[] block) {
        for (byte b : block) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    private static String name(byte[] header) {
        String name = field(header, 0, 100);
        String prefix = field(header, 345, 155);
        return prefix.isEmpty() ? name : prefix + "/" + name;
    }

    private static String field(byte[] header, int offset, int length) {
        int end = offset;
        while (end < offset + length && header[end] != 0) {
            end++;
        }
        return new String(header, offset, end - offset, StandardCharsets.UTF_8);
    }

    /** Octal, or big-endian base-256 when the first byte's high bit is set (GNU, for sizes of 8 GiB and more). */
    private static long size(byte[] header) throws IOException {
        if ((header[124] & 0x80) != 0) {
            long size = 0;
            for (int i = 125; i < 136; i++) {
                size = (size << 8) | (header[i] & 0xff);
            }
            return size;
        }
        String octal = field(header, 124, 12).trim();
        try {
            return octal.isEmpty() ? 0 : Long.parseLong(octal, 8);
        } catch (NumberFormatException e) {
            throw new IOException("not a tar archive (entry size '" + octal + "')");
        }
    }

    /** A PAX header's {@code path}, if it has one: records of {@code "<length> <key>=<value>\n"}. */
    private static String paxPath(String records) {
        for (String record : records.split("\n")) {
            int space = record.indexOf(' ');
            if (space > 0 && record.startsWith("path=", space + 1)) {
                return record.substring(space + 1 + "path=".length());
            }
        }
        return null;
    }

    private static void skipPadding(InputStream in, long size) throws IOException {
        long padding = (BLOCK - size % BLOCK) % BLOCK;
        in.skipNBytes(padding);
    }

    private static InputStream bounded(InputStream in, long size) {
        return new FilterInputStream(in) {
            private long left = size;

            @Override
            public int read() throws IOException {
                if (left <= 0) {
                    return -1;
                }
                int b = super.read();
                if (b < 0) {
                    throw new EOFException("the tar archive ends inside an entry");
                }
                left--;
                return b;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                if (left <= 0) {
                    return -1;
                }
                int read = super.read(buffer, offset, (int) Math.min(length, left));
                if (read < 0) {
                    throw new EOFException("the tar archive ends inside an entry");
                }
                left -= read;
                return read;
            }

            @Override
            public long skip(long n) throws IOException {
                long skipped = super.skip(Math.min(n, left));
                left -= skipped;
                return skipped;
            }

            @Override
            public int available() throws IOException {
                return (int) Math.min(super.available(), left);
            }
        };
    }
}
