package dev.vspec.command.synthetic;

/** The event store holds an aggregate of the synthetic catalog with other content; the batch was not stored. */
public final class SyntheticCatalogConflict extends RuntimeException {

    SyntheticCatalogConflict(String message) {
        super(message);
    }
}
