package dev.vspec.command.recalls;

/**
 * The fields of NHTSA's recalls flat file in their order, named as NHTSA's dictionary {@code RCL.txt} names them
 * (its spelling {@code CONEQUENCE_DEFECT} included), so that a message can name a column as the dictionary does.
 */
public enum RecallField {
    RECORD_ID,
    CAMPNO,
    MAKETXT,
    MODELTXT,
    YEARTXT,
    MFGCAMPNO,
    COMPNAME,
    MFGNAME,
    BGMAN,
    ENDMAN,
    RCLTYPECD,
    POTAFF,
    ODATE,
    INFLUENCED_BY,
    MFGTXT,
    RCDATE,
    DATEA,
    RPNO,
    FMVSS,
    DESC_DEFECT,
    CONEQUENCE_DEFECT,
    CORRECTIVE_ACTION,
    NOTES,
    RCL_CMPT_ID,
    MFR_COMP_NAME,
    MFR_COMP_DESC,
    MFR_COMP_PTNO,
    DO_NOT_DRIVE,
    PARK_OUTSIDE;

    /** The field's number in the dictionary, from 1. */
    public int number() {
        return ordinal() + 1;
    }

    /** {@code field 2 (CAMPNO)}, or {@code field 31} beyond the dictionary's 29. */
    static String describe(int number) {
        RecallField[] all = values();
        return "field " + number + (number <= all.length ? " (" + all[number - 1] + ")" : "");
    }
}
