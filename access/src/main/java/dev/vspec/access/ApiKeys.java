package dev.vspec.access;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.zip.CRC32;

/**
 * The key format: {@code vsk_live_} + 32 random base62 characters + a 6-character base62 checksum
 * of what precedes it. The checksum lets a mistyped or made-up key be refused without a database
 * lookup; only the key's SHA-256 is ever stored, and only its first 17 characters (its prefix) are
 * ever shown again.
 */
public final class ApiKeys {

    public static final String PREFIX = "vsk_live_";
    static final int RANDOM_LENGTH = 32;
    static final int CHECKSUM_LENGTH = 6;
    public static final int LENGTH = PREFIX.length() + RANDOM_LENGTH + CHECKSUM_LENGTH;
    /** Random characters kept in the prefix: enough to tell keys apart, too few to matter (143 bits stay secret). */
    private static final int SHOWN_RANDOM = 8;

    public static final int DISPLAY_PREFIX_LENGTH = PREFIX.length() + SHOWN_RANDOM;
    private static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final SecureRandom RANDOM = new SecureRandom();

    private ApiKeys() {}

    public static String generate() {
        StringBuilder key = new StringBuilder(LENGTH).append(PREFIX);
        for (int i = 0; i < RANDOM_LENGTH; i++) {
            key.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return key.append(checksum(key)).toString();
    }

    /** True for a key of the right shape whose checksum matches; says nothing about whether it was issued. */
    public static boolean wellFormed(String key) {
        if (key == null || key.length() != LENGTH || !key.startsWith(PREFIX)) {
            return false;
        }
        for (int i = PREFIX.length(); i < LENGTH; i++) {
            if (ALPHABET.indexOf(key.charAt(i)) < 0) {
                return false;
            }
        }
        return checksum(key.subSequence(0, LENGTH - CHECKSUM_LENGTH))
                .contentEquals(key.subSequence(LENGTH - CHECKSUM_LENGTH, LENGTH));
    }

    /** The stored form: the SHA-256 of the whole key, lowercase hex. */
    public static String hash(String key) {
        return Sha256.hex(key.getBytes(StandardCharsets.US_ASCII));
    }

    /** What operators see of a key: {@code vsk_live_} and its first 8 random characters. */
    public static String displayPrefix(String key) {
        return key.substring(0, DISPLAY_PREFIX_LENGTH);
    }

    /** CRC-32 of the text, as 6 base62 digits (62^6 > 2^32). */
    static String checksum(CharSequence text) {
        CRC32 crc = new CRC32();
        crc.update(text.toString().getBytes(StandardCharsets.US_ASCII));
        long value = crc.getValue();
        char[] digits = new char[CHECKSUM_LENGTH];
        for (int i = CHECKSUM_LENGTH - 1; i >= 0; i--) {
            digits[i] = ALPHABET.charAt((int) (value % ALPHABET.length()));
            value /= ALPHABET.length();
        }
        return new String(digits);
    }
}
