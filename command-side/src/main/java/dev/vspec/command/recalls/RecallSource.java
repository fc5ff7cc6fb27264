package dev.vspec.command.recalls;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * The text of a recalls file, plain or zipped as NHTSA publishes it (every member whose name ends in {@code .txt},
 * in order), read once from its first byte to its last, which gives the SHA-256 of the file as it is on disk. A zip
 * is known by its first bytes, not by its name.
 */
final class RecallSource implements Closeable {

    private static final byte[][] ZIP_STARTS = {{'P', 'K', 3, 4}, {'P', 'K', 5, 6}};

    private final String fileName;
    private final MessageDigest sha256;
    private final InputStream file;
    private final ZipInputStream zip;
    private String member;
    private int members;

    private RecallSource(Path path, MessageDigest sha256, InputStream file, boolean zipped) {
        this.fileName = path.getFileName().toString();
        this.sha256 = sha256;
        this.file = file;
        this.zip = zipped ? new ZipInputStream(file) : null;
    }

    static RecallSource open(Path path) throws IOException {
        MessageDigest sha256 = newSha256();
        InputStream file = new BufferedInputStream(new DigestInputStream(Files.newInputStream(path), sha256));
        try {
            return new RecallSource(path, sha256, file, startsLikeAZip(file));
        } catch (IOException | RuntimeException e) {
            file.close();
            throw e;
        }
    }

    boolean zipped() {
        return zip != null;
    }

    /** The lines of the next text member (the plain file's, once), or {@code null} after the last. */
    ByteLines nextMember() throws IOException {
        if (zip == null) {
            return members++ == 0 ? new ByteLines(file) : null;
        }
        for (ZipEntry entry; (entry = zip.getNextEntry()) != null; ) {
            if (!entry.isDirectory() && entry.getName().toLowerCase(Locale.ROOT).endsWith(".txt")) {
                member = entry.getName();
                members++;
                return new ByteLines(zip);
            }
        }
        if (members == 0) {
            throw new RecallFileException(fileName + ": not an NHTSA recalls flat file: the zip holds no .txt file");
        }
        return null;
    }

    /** The zip member being read, {@code null} for a plain file. */
    String member() {
        return member;
    }

    String fileName() {
        return fileName;
    }

    /** The SHA-256 of the whole file in lower-case hex, reading what the text did not need (a zip's directory). */
    String sha256() throws IOException {
        file.transferTo(OutputStream.nullOutputStream());
        return HexFormat.of().formatHex(sha256.digest());
    }

    @Override
    public void close() throws IOException {
        (zip == null ? file : zip).close();
    }

    private static boolean startsLikeAZip(InputStream file) throws IOException {
        file.mark(4);
        byte[] start = file.readNBytes(4);
        file.reset();
        return Arrays.stream(ZIP_STARTS).anyMatch(zipStart -> Arrays.equals(zipStart, start));
    }

    private static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
