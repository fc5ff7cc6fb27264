package dev.vspec.access;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 as lowercase hex: stored key hashes, image digests, request fingerprints. */
public final class Sha256 {

    /** Keys are hashed on every request; looking up the provider each time costs more than hashing 47 bytes. */
    private static final ThreadLocal<MessageDigest> DIGEST = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    });

    private Sha256() {}

    public static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(DIGEST.get().digest(bytes));
    }
}
