package dev.vspec.command.catalog;

/**
 * A catalog that cannot be imported. The message names the entry and the problem, e.g.
 * {@code configurations[3].vins[1]: A VIN is exactly 17 characters; got 16}.
 */
public class CatalogImportException extends RuntimeException {

    public CatalogImportException(String message) {
        super(message);
    }

    public CatalogImportException(String message, Throwable cause) {
        super(message, cause);
    }
}
