package dev.vspec.command.catalog;

/** An export cannot start, said in the operator's terms. */
public class CatalogExportException extends RuntimeException {

    public CatalogExportException(String message) {
        super(message);
    }
}
