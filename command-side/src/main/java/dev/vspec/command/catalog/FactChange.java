package dev.vspec.command.catalog;

/**
 * What a catalog command did, as its aggregate judged it: recorded a fact its source had not given before,
 * recorded a new value of one it had, or nothing because the source said the same again. A command handler of
 * the catalog's aggregates answers one, so an import can tell what it stored without rules of its own.
 */
public enum FactChange {
    ADDED,
    CHANGED,
    UNCHANGED;

    /** An event was stored. */
    public boolean recorded() {
        return this != UNCHANGED;
    }
}
