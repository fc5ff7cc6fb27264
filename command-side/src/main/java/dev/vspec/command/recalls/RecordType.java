package dev.vspec.command.recalls;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** {@code RCLTYPECD}: what the Part 573 report is about. */
public enum RecordType {
    VEHICLE("V"),
    EQUIPMENT("E"),
    TIRE("T"),
    CHILD_RESTRAINT("C"),
    /**
     * A code found only in campaigns before 2010. Neither NHTSA's dictionary nor the notes on the published files
     * say what {@code I} and {@code X} stand for, so they are kept by their letter rather than given a meaning.
     */
    LEGACY_I("I"),
    /** See {@link #LEGACY_I}. */
    LEGACY_X("X");

    private final String code;

    RecordType(String code) {
        this.code = code;
    }

    /** What the API and the events call it: {@code vehicle}, {@code child_restraint}, or the letter of a legacy kind. */
    public String apiName() {
        return name().startsWith("LEGACY_") ? code : name().toLowerCase(Locale.ROOT);
    }

    /** The letter as the file writes it. */
    public String code() {
        return code;
    }

    static Optional<RecordType> ofCode(String code) {
        return Arrays.stream(values()).filter(type -> type.code.equals(code)).findFirst();
    }
}
