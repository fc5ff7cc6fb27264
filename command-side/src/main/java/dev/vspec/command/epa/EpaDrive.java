package dev.vspec.command.epa;

import java.util.Optional;

/**
 * The drive axle types the EPA's {@code drive} column names, with the short form a configuration's drivetrain uses.
 * Before model year 2010 the EPA did not tell all-wheel from four-wheel drive ({@link #FOUR_OR_ALL}).
 */
public enum EpaDrive {
    FRONT("Front-Wheel Drive", "FWD"),
    REAR("Rear-Wheel Drive", "RWD"),
    ALL("All-Wheel Drive", "AWD"),
    FOUR("4-Wheel Drive", "4WD"),
    FOUR_OR_ALL("4-Wheel or All-Wheel Drive", "4WD/AWD"),
    PART_TIME_FOUR("Part-time 4-Wheel Drive", "4WD"),
    TWO("2-Wheel Drive", "2WD");

    private final String published;
    private final String code;

    EpaDrive(String published, String code) {
        this.published = published;
        this.code = code;
    }

    /** The drive as the EPA writes it, e.g. {@code Front-Wheel Drive}. */
    public String published() {
        return published;
    }

    /** The short form, e.g. {@code FWD}; {@code 4WD/AWD} where the EPA did not tell them apart. */
    public String code() {
        return code;
    }

    /** The drive the EPA's text names; empty for a text it does not publish. */
    public static Optional<EpaDrive> of(String text) {
        for (EpaDrive drive : values()) {
            if (drive.published.equalsIgnoreCase(text.strip())) {
                return Optional.of(drive);
            }
        }
        return Optional.empty();
    }
}
