package dev.vspec.command.recalls;

/**
 * A file that is not an NHTSA recalls flat file, or a zip that cannot be read. The message names the file, the line
 * and, where one is at fault, the field, e.g. {@code FLAT_RCL.txt: line 1, field 2 (CAMPNO): not an NHTSA recalls
 * flat file: ...}.
 */
public class RecallFileException extends RuntimeException {

    public RecallFileException(String message) {
        super(message);
    }

    public RecallFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
