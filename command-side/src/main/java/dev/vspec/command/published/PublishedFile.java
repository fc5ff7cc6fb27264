package dev.vspec.command.published;

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
import java.util.function.Function;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * A data file as its publisher publishes it, plain or zipped (every member whose name ends in the file's extension,
 * in order), read once from its first byte to its last, which gives the SHA-256 of the file as it is on disk. A zip
 * is known by its first bytes, not by its name.
 */
public final class PublishedFile implements Closeable {

    private static final byte[][] ZIP_STARTS = {{'P', 'K', 3, 4}, {'P', 'K', 5, 6}};

    private final String fileName;
    private final String extension;
    private final String what;
    private final Function<String, RuntimeException> refusal;
    private final MessageDigest sha256;
    private final InputStream file;
    private final ZipInputStream zip;
    private String member;
    private int members;

    private PublishedFile(
            Path path,
            String extension,
            String what,
            Function<String, RuntimeException> refusal,
            MessageDigest sha256,
            InputStream file,
            boolean zipped) {
        this.fileName = path.getFileName().toString();
        this.extension = extension;
        this.what = what;
        this.refusal = refusal;
        this.sha256 = sha256;
        this.file = file;
        this.zip = zipped ? new ZipInputStream(file) : null;
    }

    /**
     * @param extension the members' extension, e.g. {@code .txt}
     * @param what      what the file is, for a refusal: {@code an NHTSA recalls flat file}
     * @param refusal   what a zip without such a member is refused with, given the message
     */
    public static PublishedFile open(
            Path path, String extension, String what, Function<String, RuntimeException> refusal) throws IOException {
        MessageDigest sha256 = newSha256();
        InputStream file = new BufferedInputStream(new DigestInputStream(Files.newInputStream(path), sha256));
        try {
            return new PublishedFile(path, extension, what, refusal, sha256, file, startsLikeAZip(file));
        } catch (IOException | RuntimeException e) {
            file.close();
            throw e;
        }
    }

    public boolean zipped() {
        return zip != null;
    }

    /**
     * The bytes of the next member (the plain file's, once), or {@code null} after the last; read it before asking
     * for the next, and do not close it.
     */
    public InputStream nextMember() throws IOException {
        if (zip == null) {
            return members++ == 0 ? file : null;
        }
        for (ZipEntry entry; (entry = zip.getNextEntry()) != null; ) {
            if (!entry.isDirectory() && entry.getName().toLowerCase(Locale.ROOT).endsWith(extension)) {
                member = entry.getName();
                members++;
                return zip;
            }
        }
        if (members == 0) {
            throw refusal.apply(fileName + ": not " + what + ": the zip holds no " + extension + " file");
        }
        return null;
    }

    /** The zip member being read, {@code null} for a plain file. */
    public String member() {
        return member;
    }

    public String fileName() {
        return fileName;
    }

    /** The SHA-256 of the whole file in lower-case hex, reading what the text did not need (a zip's directory). */
    public String sha256() throws IOException {
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
