package dev.vspec.readmodel;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.contracts.recalls.Recall;
import dev.vspec.contracts.recalls.RecallSource;
import java.time.LocalDate;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/**
 * One recall as {@code GET /v1/recalls} answers it: one campaign for one component of the vehicle asked about, in
 * NHTSA's words, with the file it was read from. {@code summary} is NHTSA's defect summary, or its notes where a
 * campaign from before about 2007 has none; the two advisories are null (unknown) where the file predates them.
 */
public record RecallView(
        @JsonProperty("campaign_number") String campaignNumber,
        String component,
        @Nullable String summary,
        @Nullable String consequence,
        @Nullable String remedy,
        @Nullable String notes,
        @JsonProperty("do_not_drive") @Nullable Boolean doNotDrive,
        @JsonProperty("park_outside") @Nullable Boolean parkOutside,
        @Nullable String manufacturer,

        @JsonProperty("manufacturer_campaign_number") @Nullable
        String manufacturerCampaignNumber,

        @JsonProperty("report_received") @Nullable String reportReceived,
        @JsonProperty("owners_notified") @Nullable String ownersNotified,
        @JsonProperty("manufactured_from") @Nullable String manufacturedFrom,
        @JsonProperty("manufactured_to") @Nullable String manufacturedTo,
        @JsonProperty("potentially_affected") @Nullable Long potentiallyAffected,
        @JsonProperty("initiated_by") @Nullable String initiatedBy,
        @JsonProperty("listed_as") ListedAs listedAs,
        Source source) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The make, model and model year as NHTSA's file wrote them, which {@code RecallMatching} met. */
    public record ListedAs(
            String make,
            String model,
            @JsonProperty("model_year") @Nullable Integer modelYear) {}

    /** The NHTSA file the recall was read from, and the newest report date in it. */
    public record Source(
            String publisher,
            String file,
            String sha256,
            @JsonProperty("data_date") @Nullable String dataDate) {

        public static Source of(RecallSource source) {
            return new Source(source.publisher(), source.file(), source.sha256(), date(source.dataDate()));
        }
    }

    public static RecallView of(String campaignNumber, Recall recall, RecallSource source) {
        return new RecallView(
                campaignNumber,
                recall.component(),
                recall.summaryOrNotes(),
                recall.consequence(),
                recall.remedy(),
                recall.notes(),
                recall.doNotDrive(),
                recall.parkOutside(),
                recall.manufacturer(),
                recall.manufacturerCampaignNumber(),
                date(recall.reportReceived()),
                date(recall.ownersNotified()),
                date(recall.manufacturedFrom()),
                date(recall.manufacturedTo()),
                recall.potentiallyAffected(),
                recall.initiatedBy(),
                new ListedAs(recall.make(), recall.model(), recall.modelYear()),
                Source.of(source));
    }

    /** The JSON text stored in {@code read.recall.body} and answered as it is. */
    public String render() {
        return JSON.writeValueAsString(this);
    }

    private static @Nullable String date(@Nullable LocalDate date) {
        return date == null ? null : date.toString();
    }
}
