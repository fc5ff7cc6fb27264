package dev.vspec.vpic;

/**
 * The pinned vPIC release could not be obtained: the npm registry cannot be reached, fails or is misconfigured,
 * or what it served (or the tarball given) does not match the pinned digests (then nothing of it is kept). The
 * message is one line and says what to do.
 */
public final class VpicUnavailable extends RuntimeException {

    VpicUnavailable(String message) {
        super(message);
    }

    VpicUnavailable(String message, Throwable cause) {
        super(message, cause);
    }
}
