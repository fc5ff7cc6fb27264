package dev.vspec.harness.synthetic;

/** The event store holds an aggregate of the synthetic catalog with other content; the batch was not stored. */
final class SyntheticCatalogConflict extends RuntimeException {

    SyntheticCatalogConflict(String message) {
        super(message);
    }
}
