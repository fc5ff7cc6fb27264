package dev.vspec.command.recalls;

import static dev.vspec.command.recalls.RecallField.BGMAN;
import static dev.vspec.command.recalls.RecallField.CAMPNO;
import static dev.vspec.command.recalls.RecallField.COMPNAME;
import static dev.vspec.command.recalls.RecallField.CONEQUENCE_DEFECT;
import static dev.vspec.command.recalls.RecallField.CORRECTIVE_ACTION;
import static dev.vspec.command.recalls.RecallField.DATEA;
import static dev.vspec.command.recalls.RecallField.DESC_DEFECT;
import static dev.vspec.command.recalls.RecallField.DO_NOT_DRIVE;
import static dev.vspec.command.recalls.RecallField.ENDMAN;
import static dev.vspec.command.recalls.RecallField.FMVSS;
import static dev.vspec.command.recalls.RecallField.INFLUENCED_BY;
import static dev.vspec.command.recalls.RecallField.MAKETXT;
import static dev.vspec.command.recalls.RecallField.MFGCAMPNO;
import static dev.vspec.command.recalls.RecallField.MFGNAME;
import static dev.vspec.command.recalls.RecallField.MFGTXT;
import static dev.vspec.command.recalls.RecallField.MFR_COMP_DESC;
import static dev.vspec.command.recalls.RecallField.MFR_COMP_NAME;
import static dev.vspec.command.recalls.RecallField.MFR_COMP_PTNO;
import static dev.vspec.command.recalls.RecallField.MODELTXT;
import static dev.vspec.command.recalls.RecallField.NOTES;
import static dev.vspec.command.recalls.RecallField.ODATE;
import static dev.vspec.command.recalls.RecallField.PARK_OUTSIDE;
import static dev.vspec.command.recalls.RecallField.POTAFF;
import static dev.vspec.command.recalls.RecallField.RCDATE;
import static dev.vspec.command.recalls.RecallField.RCLTYPECD;
import static dev.vspec.command.recalls.RecallField.RCL_CMPT_ID;
import static dev.vspec.command.recalls.RecallField.RPNO;
import static dev.vspec.command.recalls.RecallField.YEARTXT;

import dev.vspec.command.recalls.RecallAnomalies.Kind;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;

/**
 * The cells of one line in the file's layout, read as a {@link RecallRow}. A cell that does not read as its field
 * should is {@code null} in the row and noted in the anomalies with its line, never fatal.
 */
final class RowFields {

    private static final DateTimeFormatter YYYYMMDD =
            DateTimeFormatter.ofPattern("uuuuMMdd").withResolverStyle(ResolverStyle.STRICT);
    private static final int YYYYMMDD_LENGTH = 8;
    /** NHTSA's "unknown" for the date owners were notified (found by other importers, not in the dictionary). */
    private static final LocalDate UNKNOWN_NOTIFICATION = LocalDate.of(1901, 1, 1);
    /** Lower, four digits are no model year: campaigns start in 1966; set low so as not to drop an old vehicle. */
    private static final int FIRST_MODEL_YEAR = 1900;
    /** Every number of this many digits fits a long; POTAFF is NUMBER(9). */
    private static final int MAX_LONG_DIGITS = 18;

    private final String[] cells;
    private final RecallLayout layout;
    private final String place;
    private final RecallAnomalies anomalies;

    RowFields(String[] cells, RecallLayout layout, String place, RecallAnomalies anomalies) {
        this.cells = cells;
        this.layout = layout;
        this.place = place;
        this.anomalies = anomalies;
    }

    RecallRow row(int line, boolean repeated) {
        return new RecallRow(
                line,
                name(CAMPNO),
                name(MAKETXT),
                name(MODELTXT),
                modelYear(),
                name(MFGCAMPNO),
                name(COMPNAME),
                name(MFGNAME),
                date(BGMAN),
                date(ENDMAN),
                recordType(),
                number(POTAFF),
                ownersNotified(),
                name(INFLUENCED_BY),
                name(MFGTXT),
                date(RCDATE),
                date(DATEA),
                name(RPNO),
                name(FMVSS),
                text(DESC_DEFECT),
                text(CONEQUENCE_DEFECT),
                text(CORRECTIVE_ACTION),
                text(NOTES),
                name(RCL_CMPT_ID),
                name(MFR_COMP_NAME),
                name(MFR_COMP_DESC),
                name(MFR_COMP_PTNO),
                advisory(DO_NOT_DRIVE),
                advisory(PARK_OUTSIDE),
                repeated);
    }

    /** A name or code: without surrounding spaces. */
    private String name(RecallField field) {
        String cell = cell(field);
        return cell == null ? null : cell.strip();
    }

    /** A summary: its leading spaces kept, as NHTSA wrote them, its trailing ones dropped. */
    private String text(RecallField field) {
        String cell = cell(field);
        return cell == null ? null : cell.stripTrailing();
    }

    /** The cell, {@code null} when blank or when the layout lacks the field. */
    private String cell(RecallField field) {
        if (!layout.has(field)) {
            return null;
        }
        String cell = cells[field.ordinal()];
        return cell.isBlank() ? null : cell;
    }

    private Integer modelYear() {
        String year = name(YEARTXT);
        if (year == null) {
            note(Kind.MODEL_YEAR_INVALID, "YEARTXT blank");
        } else if (year.equals(String.valueOf(RecallRow.UNKNOWN_MODEL_YEAR))) {
            note(Kind.MODEL_YEAR_UNKNOWN, "YEARTXT 9999 (model year unknown)");
        } else if (year.length() == 4 && digits(year) && Integer.parseInt(year) >= FIRST_MODEL_YEAR) {
            return Integer.valueOf(year);
        } else {
            note(Kind.MODEL_YEAR_INVALID, "YEARTXT '" + year + "' is not a year");
        }
        return null;
    }

    private LocalDate ownersNotified() {
        LocalDate notified = date(ODATE);
        return UNKNOWN_NOTIFICATION.equals(notified) ? null : notified;
    }

    private LocalDate date(RecallField field) {
        String date = name(field);
        LocalDate read = date == null ? null : yyyymmdd(date);
        if (date != null && read == null) {
            note(Kind.DATE_INVALID, field + " '" + date + "' is not a date (YYYYMMDD)");
        }
        return read;
    }

    private static LocalDate yyyymmdd(String date) {
        if (date.length() != YYYYMMDD_LENGTH || !digits(date)) {
            return null;
        }
        try {
            return LocalDate.parse(date, YYYYMMDD);
        } catch (DateTimeParseException dayNoMonthHas) {
            return null;
        }
    }

    private Long number(RecallField field) {
        String number = name(field);
        if (number == null) {
            return null;
        }
        if (digits(number) && number.length() <= MAX_LONG_DIGITS) {
            return Long.valueOf(number);
        }
        note(Kind.NUMBER_INVALID, field + " '" + number + "' is not a number");
        return null;
    }

    private RecordType recordType() {
        String code = name(RCLTYPECD);
        RecordType type = code == null ? null : RecordType.ofCode(code).orElse(null);
        if (type == null) {
            note(Kind.RECORD_TYPE_UNKNOWN, "RCLTYPECD " + (code == null ? "blank" : "'" + code + "'"));
        }
        return type;
    }

    /** {@code Yes} or {@code No}; {@code null}, unknown, when blank, another word or not in the layout. */
    private Boolean advisory(RecallField field) {
        String value = name(field);
        if (value == null) {
            return null;
        }
        return switch (value) {
            case "Yes" -> Boolean.TRUE;
            case "No" -> Boolean.FALSE;
            default -> {
                note(Kind.ADVISORY_INVALID, field + " '" + value + "' is not Yes or No");
                yield null;
            }
        };
    }

    private void note(Kind kind, String found) {
        anomalies.add(kind, place, found);
    }

    private static boolean digits(String text) {
        return !text.isEmpty() && text.chars().allMatch(c -> c >= '0' && c <= '9');
    }
}
