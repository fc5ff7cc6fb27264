package dev.vspec.cli.stack;

/** The local stack could not start; the message tells the operator what to do. */
public final class StackException extends RuntimeException {
    public StackException(String message) {
        super(message);
    }

    public StackException(String message, Throwable cause) {
        super(message, cause);
    }
}
