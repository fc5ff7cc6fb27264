package dev.vspec.vpic;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;

/** The digests a vPIC release is pinned and identified by. */
final class Digests {

    private Digests() {}

    /** SHA-256 of a file, lowercase hex: a release's identity. */
    static String sha256(Path file) {
        return HexFormat.of().formatHex(digest(file, "SHA-256"));
    }

    /** npm's integrity of a file: {@code sha512-} and the base64 SHA-512 (Subresource Integrity form). */
    static String integrity(Path file) {
        return "sha512-" + Base64.getEncoder().encodeToString(digest(file, "SHA-512"));
    }

    static MessageDigest newDigest(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has " + algorithm, e);
        }
    }

    static String hex(MessageDigest digest) {
        return HexFormat.of().formatHex(digest.digest());
    }

    private static byte[] digest(Path file, String algorithm) {
        MessageDigest digest = newDigest(algorithm);
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int read; (read = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, read);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return digest.digest();
    }
}
