package dev.vspec.contracts.recalls;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.LocalDate;
import org.jspecify.annotations.Nullable;

/**
 * One safety recall campaign's record for one make, model, model year and component, as NHTSA's recalls flat file
 * states it (one row of {@code FLAT_RCL}); null where the file leaves the field blank or its layout lacks it.
 *
 * @param recordType     {@code vehicle}, {@code equipment}, {@code tire}, {@code child_restraint}, or NHTSA's own
 *                       code for the older kinds ({@code I}, {@code X})
 * @param modelYear      null where NHTSA writes 9999: unknown or not applicable
 * @param summary        the defect summary ({@code DESC_DEFECT})
 * @param notes          NHTSA's notes; campaigns before about 2007 keep their whole text here
 * @param doNotDrive     the do-not-drive advisory; null (unknown, not "no") where the file's layout predates it
 * @param parkOutside    the park-outside advisory; null as {@code doNotDrive}
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record Recall(
        String make,
        String model,
        @Nullable Integer modelYear,
        String component,
        String recordType,
        @Nullable String manufacturer,
        @Nullable String manufacturerCampaignNumber,
        @Nullable LocalDate manufacturedFrom,
        @Nullable LocalDate manufacturedTo,
        @Nullable Long potentiallyAffected,
        @Nullable LocalDate reportReceived,
        @Nullable LocalDate ownersNotified,
        @Nullable String initiatedBy,
        @Nullable String summary,
        @Nullable String consequence,
        @Nullable String remedy,
        @Nullable String notes,
        @Nullable String componentId,
        @Nullable String manufacturerComponentName,
        @Nullable String manufacturerComponentPartNumber,
        @Nullable Boolean doNotDrive,
        @Nullable Boolean parkOutside) {

    /** The record type of a vehicle's recall, the kind {@code GET /v1/recalls} answers. */
    public static final String VEHICLE = "vehicle";

    private static final String SEPARATOR = "\t";

    public Recall {
        if (make == null || model == null || component == null || recordType == null) {
            throw new IllegalArgumentException("a recall names its make, model, component and record type");
        }
    }

    /** The defect summary, or NHTSA's notes where a campaign from before about 2007 has none: what answers show as its summary. */
    @JsonIgnore
    public @Nullable String summaryOrNotes() {
        return summary != null ? summary : notes;
    }

    /**
     * What tells this record from the campaign's others: make, model, model year, component and, where the
     * manufacturer names one, its part (name and number). NHTSA's {@code RECORD_ID} is a running number that changes
     * when the files are made again, so it is no key; its rows repeat a campaign per vehicle and component.
     */
    public String key() {
        return String.join(
                SEPARATOR,
                make,
                model,
                modelYear == null ? "" : modelYear.toString(),
                component,
                manufacturerComponentName == null ? "" : manufacturerComponentName,
                manufacturerComponentPartNumber == null ? "" : manufacturerComponentPartNumber);
    }
}
