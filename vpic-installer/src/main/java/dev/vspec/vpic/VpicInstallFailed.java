package dev.vspec.vpic;

/**
 * A vPIC release could not be installed: the file is not a vPIC SQLite file or lacks tables or columns,
 * a row does not fit, the decoder cannot index the result, or the database has no event store. The
 * release installed before, if any, is untouched. The message is one line.
 */
public final class VpicInstallFailed extends RuntimeException {

    VpicInstallFailed(String message) {
        super(message);
    }

    VpicInstallFailed(String message, Throwable cause) {
        super(message, cause);
    }
}
