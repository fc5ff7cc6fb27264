package dev.vspec.command.epa;

import dev.vspec.command.published.Anomalies;

/** What the EPA's {@code vehicles.csv} holds that its data description does not lead to expect, none of it fatal. */
public final class EpaAnomalies extends Anomalies<EpaAnomalies.Kind> {

    public enum Kind implements Anomalies.Described {
        NOT_AVAILABLE("NA in displ or cylinders (read as unknown)"),
        NUMBER_INVALID("numbers that are not numbers (read as unknown)"),
        DRIVE_BLANK("drive blank (unknown)"),
        DRIVE_UNKNOWN("drive other than the EPA's seven (kept as written, matched by nothing)"),
        TRANSMISSION_BLANK("trany blank (unknown)"),
        FLAG_INVALID("tCharger, sCharger or startStop other than T, S, Y, N or blank (read as unknown)"),
        DATE_INVALID("modifiedOn not written as 'Tue Jan 01 00:00:00 EST 2013' (read as unknown)"),
        ID_REPEATED("ids an earlier row has (the later row is skipped)");

        private final String description;

        Kind(String description) {
            this.description = description;
        }

        @Override
        public String description() {
            return description;
        }
    }

    EpaAnomalies() {
        super(Kind.class);
    }
}
