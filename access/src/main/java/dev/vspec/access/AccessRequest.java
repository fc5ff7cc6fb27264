package dev.vspec.access;

import dev.vspec.contracts.access.Plan;
import java.time.OffsetDateTime;

/**
 * A stored submission of the request-access form.
 *
 * @param declinedAt    when an operator declined it, or null
 * @param declineReason why, as the operator wrote it, or null
 */
public record AccessRequest(
        long id,
        String name,
        String email,
        String company,
        String intendedUse,
        Plan plan,
        String clientAddress,
        OffsetDateTime submittedAt,
        OffsetDateTime declinedAt,
        String declineReason) {

    public boolean declined() {
        return declinedAt != null;
    }
}
