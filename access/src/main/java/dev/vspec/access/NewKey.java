package dev.vspec.access;

import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.access.Scope;
import java.util.EnumSet;
import java.util.Set;

/**
 * What an operator asks for when issuing a key. Scopes default to the plan's and may only narrow
 * them; limits are set for enterprise keys only (the other plans' limits are the specification's).
 */
public record NewKey(
        String owner, Plan plan, Set<Scope> scopes, Long requestsPerMinute, Long readsPerMonth, Long accessRequestId) {

    public NewKey {
        if (owner == null || owner.isBlank()) {
            throw new IllegalArgumentException(
                    "A key needs an owner (who it is for, e.g. an email address or a company)");
        }
        owner = owner.strip();
        if (owner.length() > 200) {
            throw new IllegalArgumentException("The owner is at most 200 characters");
        }
        if (plan == null) {
            throw new IllegalArgumentException("A key needs a plan: " + Plan.codes());
        }
        scopes = scopes == null || scopes.isEmpty() ? plan.scopes() : Set.copyOf(scopes);
        Set<Scope> beyond = EnumSet.copyOf(scopes);
        beyond.removeAll(plan.scopes());
        if (!beyond.isEmpty()) {
            throw new IllegalArgumentException("The " + plan + " plan does not include " + listed(beyond)
                    + "; its scopes are " + listed(plan.scopes()));
        }
        if (plan == Plan.ENTERPRISE) {
            if (requestsPerMinute == null || readsPerMonth == null) {
                throw new IllegalArgumentException(
                        "An enterprise key needs its negotiated limits: requests per minute and reads per month");
            }
            if (requestsPerMinute < 1 || readsPerMonth < 1) {
                throw new IllegalArgumentException("Limits are at least 1");
            }
        } else if (requestsPerMinute != null || readsPerMonth != null) {
            throw new IllegalArgumentException(
                    "Only enterprise keys take their own limits; the " + plan + " plan allows "
                            + plan.requestsPerMinute().getAsLong() + " requests per minute and "
                            + plan.readsPerMonth().getAsLong() + " reads per month");
        }
    }

    private static String listed(Set<Scope> scopes) {
        return scopes.stream().sorted().map(Scope::code).collect(java.util.stream.Collectors.joining(", "));
    }

    public static NewKey of(String owner, Plan plan) {
        return new NewKey(owner, plan, null, null, null, null);
    }
}
