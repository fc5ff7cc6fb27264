package dev.vspec.vpic;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/** npm-like packages for tests: gzip-compressed ustar archives, written here byte by byte. */
final class TinyPackages {

    private TinyPackages() {}

    static byte[] gzip(byte[] content) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
            gzip.write(content);
        }
        return bytes.toByteArray();
    }

    /** Writes a .tgz of the files, in order; names longer than 100 characters get a PAX header. */
    static Path tgz(Path file, Map<String, byte[]> files) throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            for (Map.Entry<String, byte[]> entry : files.entrySet()) {
                String name = entry.getKey();
                if (name.length() > 100) {
                    String record = " path=" + name + "\n";
                    int length = record.length() + 3;
                    byte[] pax = (length + record).getBytes(StandardCharsets.UTF_8);
                    writeEntry(out, "PaxHeader", 'x', pax);
                    name = name.substring(name.length() - 100);
                }
                writeEntry(out, name, '0', entry.getValue());
            }
            out.write(new byte[1024]);
        }
        return file;
    }

    static Map<String, byte[]> files(Object... nameThenContent) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (int i = 0; i < nameThenContent.length; i += 2) {
            files.put((String) nameThenContent[i], (byte[]) nameThenContent[i + 1]);
        }
        return files;
    }

    private static void writeEntry(OutputStream out, String name, char type, byte[] content) throws IOException {
        byte[] header = new byte[512];
        put(header, 0, name);
        put(header, 100, "0000644");
        put(header, 108, "0000000");
        put(header, 116, "0000000");
        put(header, 124, String.format("%011o", content.length));
        put(header, 136, "00000000000");
        header[156] = (byte) type;
        put(header, 257, "ustar");
        put(header, 263, "00");
        for (int i = 148; i < 156; i++) {
            header[i] = ' ';
        }
        int sum = 0;
        for (byte b : header) {
            sum += b & 0xff;
        }
        put(header, 148, String.format("%06o", sum));
        header[154] = 0;
        out.write(header);
        out.write(content);
        out.write(new byte[(512 - content.length % 512) % 512]);
    }

    private static void put(byte[] header, int offset, String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(bytes, 0, header, offset, bytes.length);
    }
}
