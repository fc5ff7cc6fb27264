package dev.vspec.command.recalls;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The layouts the flat file has had (NHTSA's {@code RCL.txt} change log). A file is in one layout throughout: NHTSA
 * never mixes field counts. Fields 1 to 24 mean the same in all three.
 */
public enum RecallLayout {
    /** Through {@code RCL_CMPT_ID} (field 24, added March 2008): downloads until March 2020. */
    FIELDS_24(24),
    /** Adds the manufacturer's component name, description and part number (fields 25-27, March 2020). */
    FIELDS_27(27),
    /** Adds the consumer advisories {@code DO_NOT_DRIVE} and {@code PARK_OUTSIDE} (fields 28-29, May 2025). */
    FIELDS_29(29);

    private final int fieldCount;

    RecallLayout(int fieldCount) {
        this.fieldCount = fieldCount;
    }

    public int fieldCount() {
        return fieldCount;
    }

    public List<RecallField> fields() {
        return List.of(RecallField.values()).subList(0, fieldCount);
    }

    public boolean has(RecallField field) {
        return field.number() <= fieldCount;
    }

    static Optional<RecallLayout> withFieldCount(int count) {
        return Arrays.stream(values())
                .filter(layout -> layout.fieldCount == count)
                .findFirst();
    }
}
