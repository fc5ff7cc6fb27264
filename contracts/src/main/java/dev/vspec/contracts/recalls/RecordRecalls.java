package dev.vspec.contracts.recalls;

import dev.vspec.contracts.AddressedCommand;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Records what one recalls file says of one campaign, addressed by its NHTSA campaign number: each record is
 * stored when the campaign did not hold it, or held it with other content; the same again stores nothing.
 */
public record RecordRecalls(String campaignNumber, List<Recall> recalls, RecallSource source)
        implements AddressedCommand {

    /** NHTSA's campaign number: the year's two digits, the kind (V, E, T, C; I or X before 2010), six more. */
    public static final Pattern CAMPAIGN_NUMBER = Pattern.compile("\\d{2}[VETCIX][0-9A-Z]{6}");

    public RecordRecalls {
        if (campaignNumber == null || !CAMPAIGN_NUMBER.matcher(campaignNumber).matches()) {
            throw new IllegalArgumentException(
                    "'" + campaignNumber + "' is not an NHTSA campaign number (as 23V283000)");
        }
        if (source == null) {
            throw new IllegalArgumentException("RecordRecalls needs the recalls file it read as its source");
        }
        recalls = List.copyOf(recalls);
    }

    @Override
    public String targetAggregateId() {
        return campaignNumber;
    }
}
