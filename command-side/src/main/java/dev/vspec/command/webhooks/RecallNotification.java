package dev.vspec.command.webhooks;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.contracts.recalls.Recall;
import dev.vspec.contracts.recalls.RecallRecorded;
import dev.vspec.contracts.recalls.RecallSource;
import dev.vspec.contracts.recalls.RecallsRoute;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a webhook is sent when NHTSA publishes a campaign that is news ({@code recall.recorded}): the campaign's facts
 * as its first record states them (the summary, consequence, remedy, dates and advisories a campaign shares) and every
 * vehicle its records name, each with the route that lists its recalls.
 */
record RecallNotification(
        @JsonProperty("event_id") String eventId,
        String type,
        @JsonProperty("campaign_number") String campaignNumber,
        @Nullable String manufacturer,
        @JsonProperty("report_received") @Nullable String reportReceived,
        @Nullable String summary,
        @Nullable String consequence,
        @Nullable String remedy,
        @JsonProperty("do_not_drive") @Nullable Boolean doNotDrive,
        @JsonProperty("park_outside") @Nullable Boolean parkOutside,
        @JsonProperty("potentially_affected") @Nullable Long potentiallyAffected,
        List<Vehicle> vehicles,
        Source source) {

    static final String TYPE = "recall.recorded";

    /** The NHTSA file the campaign's first record was read from, and the newest report date in it. */
    record Source(
            String publisher,
            String file,
            String sha256,
            @JsonProperty("data_date") @Nullable String dataDate) {

        static Source of(RecallSource source) {
            return new Source(source.publisher(), source.file(), source.sha256(), date(source.dataDate()));
        }
    }

    /** One record's vehicle and component, and where its recalls are listed (null without a model year). */
    record Vehicle(
            String make,
            String model,
            @JsonProperty("model_year") @Nullable Integer modelYear,
            String component,
            @Nullable String recalls) {

        static Vehicle of(Recall recall) {
            return new Vehicle(
                    recall.make(),
                    recall.model(),
                    recall.modelYear(),
                    recall.component(),
                    recall.modelYear() == null
                            ? null
                            : RecallsRoute.of(recall.modelYear(), recall.make(), recall.model()));
        }
    }

    /** The delivery's event id: one per campaign, so each webhook is told of a campaign once. */
    static String eventIdOf(String campaignNumber) {
        return "rcl_" + campaignNumber;
    }

    static RecallNotification of(RecallRecorded recorded) {
        Recall recall = recorded.recall();
        return new RecallNotification(
                eventIdOf(recorded.campaignNumber()),
                TYPE,
                recorded.campaignNumber(),
                recall.manufacturer(),
                date(recall.reportReceived()),
                recall.summaryOrNotes(),
                recall.consequence(),
                recall.remedy(),
                recall.doNotDrive(),
                recall.parkOutside(),
                recall.potentiallyAffected(),
                List.of(Vehicle.of(recall)),
                Source.of(recorded.source()));
    }

    private static @Nullable String date(@Nullable LocalDate date) {
        return date == null ? null : date.toString();
    }

    /** The same notice naming one more vehicle, unless it names it already. */
    RecallNotification with(Vehicle vehicle) {
        if (vehicles.contains(vehicle)) {
            return this;
        }
        List<Vehicle> more = new ArrayList<>(vehicles);
        more.add(vehicle);
        return new RecallNotification(
                eventId,
                type,
                campaignNumber,
                manufacturer,
                reportReceived,
                summary,
                consequence,
                remedy,
                doNotDrive,
                parkOutside,
                potentiallyAffected,
                List.copyOf(more),
                source);
    }
}
