package dev.vspec.infra.access;

import java.time.OffsetDateTime;

/** A stored submission of the request-access form. */
public record AccessRequest(long id, String name, String email, String company, String intendedUse, Plan plan,
        String clientAddress, OffsetDateTime submittedAt) {
}
