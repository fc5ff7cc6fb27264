package dev.vspec.command.recalls;

import dev.vspec.command.published.Anomalies;

/** What a recalls file holds that is not as NHTSA's dictionary (RCL.txt) describes, none of it fatal. */
public final class RecallAnomalies extends Anomalies<RecallAnomalies.Kind> {

    public enum Kind implements Anomalies.Described {
        BLANK_LINE("blank lines"),
        WRONG_FIELD_COUNT("lines with another field count than the layout's (skipped, not given as rows)"),
        MODEL_YEAR_UNKNOWN("YEARTXT 9999, model year unknown"),
        MODEL_YEAR_INVALID("YEARTXT blank or not a year"),
        DATE_INVALID("dates not written YYYYMMDD (read as unknown)"),
        NUMBER_INVALID("POTAFF not a number (read as unknown)"),
        RECORD_TYPE_UNKNOWN("RCLTYPECD blank or not V, E, T, C, I or X"),
        ADVISORY_INVALID("DO_NOT_DRIVE or PARK_OUTSIDE other than Yes, No or blank (read as unknown)"),
        NOT_UTF8("lines not in UTF-8 (read as windows-1252)"),
        REPEATED_ROW("rows repeating an earlier row but for RECORD_ID (given as rows, marked repeated)");

        private final String description;

        Kind(String description) {
            this.description = description;
        }

        @Override
        public String description() {
            return description;
        }
    }

    RecallAnomalies() {
        super(Kind.class);
    }
}
