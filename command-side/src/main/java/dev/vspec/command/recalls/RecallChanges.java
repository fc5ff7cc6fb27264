package dev.vspec.command.recalls;

/** What a campaign did with one command's records: stored as new, stored as changed, or held already. */
public final class RecallChanges {

    int added;
    int changed;
    int unchanged;

    public int added() {
        return added;
    }

    public int changed() {
        return changed;
    }

    public int unchanged() {
        return unchanged;
    }
}
