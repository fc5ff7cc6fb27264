package dev.vspec.query.vehicle;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

/**
 * When the facts an answer shows last changed, which its {@code Last-Modified} says: the latest of the
 * times they were recorded, or unknown once one of them has none (an answer then says no time rather
 * than one that might not move when the answer does). A fact the catalog does not hold (a group not
 * recorded) adds nothing: recording it later gives the answer a later time.
 */
public final class LastChange {

    /** No fact yet: what an answer's facts are added to. */
    public static final LastChange NOTHING = new LastChange(null, true);
    /** A fact of the answer has no recorded time, e.g. the configuration a VIN's decode matched. */
    public static final LastChange UNKNOWN = new LastChange(null, false);

    private final Instant latest;
    private final boolean known;

    private LastChange(Instant latest, boolean known) {
        this.latest = latest;
        this.known = known;
    }

    /** A fact recorded at {@code recordedAt}; null for a fact not recorded. */
    public static LastChange at(OffsetDateTime recordedAt) {
        return NOTHING.and(recordedAt);
    }

    /** This and a fact recorded at {@code recordedAt}; null for a fact not recorded, which adds nothing. */
    public LastChange and(OffsetDateTime recordedAt) {
        return recordedAt == null ? this : and(new LastChange(recordedAt.toInstant(), true));
    }

    /** This and the facts of {@code other}. */
    public LastChange and(LastChange other) {
        if (!known || !other.known) {
            return UNKNOWN;
        }
        if (latest == null || (other.latest != null && other.latest.isAfter(latest))) {
            return other;
        }
        return this;
    }

    /** The time to answer: empty when a fact's time is unknown, or when no fact was recorded. */
    public Optional<Instant> time() {
        return Optional.ofNullable(latest);
    }

    @Override
    public String toString() {
        return known ? String.valueOf(latest) : "unknown";
    }
}
