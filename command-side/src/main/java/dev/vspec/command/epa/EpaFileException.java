package dev.vspec.command.epa;

/** A file that is not the EPA's {@code vehicles.csv}, or one damaged past reading: nothing of it is imported. */
public class EpaFileException extends RuntimeException {

    public EpaFileException(String message) {
        super(message);
    }
}
