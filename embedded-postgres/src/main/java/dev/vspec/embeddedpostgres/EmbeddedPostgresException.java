package dev.vspec.embeddedpostgres;

/** The embedded server could not be unpacked, made, started or stopped; the message says why and what to do. */
public final class EmbeddedPostgresException extends RuntimeException {

    public EmbeddedPostgresException(String message) {
        super(message);
    }

    public EmbeddedPostgresException(String message, Throwable cause) {
        super(message, cause);
    }
}
