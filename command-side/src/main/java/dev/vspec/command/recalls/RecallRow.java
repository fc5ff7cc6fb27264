package dev.vspec.command.recalls;

import dev.vspec.contracts.recalls.Recall;
import java.time.LocalDate;

/**
 * One row of the recalls flat file: one campaign for one make, model, model year and component. Blank cells are
 * {@code null}; names and codes are stripped of surrounding spaces, the four texts (fields 20-23) of trailing ones.
 * A field the file's layout lacks is {@code null} too, so {@code doNotDrive == null} means "unknown", not "no".
 *
 * @param line the line in the file (in its zip member, for a zip), from 1
 * @param modelYear {@code null} when {@code YEARTXT} is 9999 (NHTSA's "unknown or not applicable"), blank or not a
 *     year
 * @param ownersNotified {@code null} also for {@code 19010101}, NHTSA's "unknown"
 * @param repeated the file holds an earlier line equal to this one but for {@code RECORD_ID}; NHTSA's files hold
 *     such copies (about 0.7% of rows), so an importer that counts or stores rows by {@link #naturalKey()} should
 *     count this one as a copy rather than as a second row
 */
public record RecallRow(
        int line,
        String campaignNumber,
        String make,
        String model,
        Integer modelYear,
        String manufacturerCampaignNumber,
        String component,
        String manufacturer,
        LocalDate manufacturedFrom,
        LocalDate manufacturedTo,
        RecordType recordType,
        Long potentiallyAffected,
        LocalDate ownersNotified,
        String initiatedBy,
        String recalledManufacturer,
        LocalDate reportReceived,
        LocalDate recordCreated,
        String regulationPart,
        String fmvss,
        String defect,
        String consequence,
        String remedy,
        String notes,
        String componentId,
        String manufacturerComponentName,
        String manufacturerComponentDescription,
        String manufacturerComponentPartNumber,
        Boolean doNotDrive,
        Boolean parkOutside,
        boolean repeated) {

    /** What {@code YEARTXT} says when the model year is unknown or does not apply. */
    public static final int UNKNOWN_MODEL_YEAR = 9999;

    private static final String SEPARATOR = "\t";

    /**
     * Campaign, make, model, model year (9999 when unknown) and component, TAB-separated: a TAB cannot occur in a
     * field. NHTSA's {@code RECORD_ID} is a running number that changes when the files are regenerated, so it cannot
     * key a row. Rows that differ only in the manufacturer's component fields (25-27) share a key.
     */
    public String naturalKey() {
        return String.join(
                SEPARATOR,
                orEmpty(campaignNumber),
                orEmpty(make),
                orEmpty(model),
                String.valueOf(modelYear == null ? UNKNOWN_MODEL_YEAR : modelYear),
                orEmpty(component));
    }

    /** Whether the row names what a recall record needs: its campaign, make, model and component. */
    public boolean isComplete() {
        return campaignNumber != null && make != null && model != null && component != null;
    }

    /** The row as the events carry it; {@link #isComplete()} first. */
    public Recall toRecall() {
        return new Recall(
                make,
                model,
                modelYear,
                component,
                recordType == null ? "unknown" : recordType.apiName(),
                manufacturer,
                manufacturerCampaignNumber,
                manufacturedFrom,
                manufacturedTo,
                potentiallyAffected,
                reportReceived,
                ownersNotified,
                initiatedBy,
                defect,
                consequence,
                remedy,
                notes,
                componentId,
                manufacturerComponentName,
                manufacturerComponentPartNumber,
                doNotDrive,
                parkOutside);
    }

    private static String orEmpty(String field) {
        return field == null ? "" : field;
    }
}
