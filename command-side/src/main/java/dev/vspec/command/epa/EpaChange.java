package dev.vspec.command.epa;

/** What recording an EPA entry did. */
public enum EpaChange {
    ADDED,
    CHANGED,
    UNCHANGED
}
