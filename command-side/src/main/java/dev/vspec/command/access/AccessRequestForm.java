package dev.vspec.command.access;

import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The request-access form's rules, checked all at once so that a refusal names every field that is
 * wrong, whichever encoding the form came in. Text is trimmed first; lengths count characters as
 * PostgreSQL does (code points), so nothing that passes here is too long for its column.
 */
final class AccessRequestForm {

    static final String NAME = "name";
    static final String EMAIL = "email";
    static final String COMPANY = "company";
    static final String INTENDED_USE = "intended_use";
    static final String PLAN = "plan";
    static final List<String> FIELDS = List.of(NAME, EMAIL, COMPANY, INTENDED_USE, PLAN);

    static final int NAME_MAX = 200;
    static final int EMAIL_MAX = 254;
    static final int COMPANY_MAX = 200;
    static final int INTENDED_USE_MIN = 10;
    static final int INTENDED_USE_MAX = 2000;

    private AccessRequestForm() {}

    /** A submission that passed every rule: trimmed, {@code company} null when not given. */
    record Submission(String name, String email, String company, String intendedUse, Plan plan) {}

    /**
     * Checks the submitted fields. {@code values} holds each field's text as sent (absent when not
     * sent); {@code unreadable} holds what is wrong with a field that could not be read as text
     * (a JSON number, a form field given twice), which is reported instead of checking its value.
     *
     * @throws ApiException {@code invalid_param} naming every field that is wrong
     */
    static Submission check(Map<String, String> values, Map<String, String> unreadable) {
        // by field, in the form's order: the first is the error's param
        Map<String, String> problems = new LinkedHashMap<>();
        String name = text(NAME, values, unreadable, true, 1, NAME_MAX, false, problems);
        String email = text(EMAIL, values, unreadable, true, 1, EMAIL_MAX, false, problems);
        if (email != null && !plausibleEmail(email)) {
            problems.put(
                    EMAIL,
                    "'email' is not a plausible e-mail address (it needs exactly one @, a dot in the domain and no spaces)");
            email = null;
        }
        String company = text(COMPANY, values, unreadable, false, 0, COMPANY_MAX, false, problems);
        String intendedUse =
                text(INTENDED_USE, values, unreadable, true, INTENDED_USE_MIN, INTENDED_USE_MAX, true, problems);
        Plan plan = null;
        String planCode = text(PLAN, values, unreadable, true, 1, Integer.MAX_VALUE, false, problems);
        if (planCode != null) {
            Optional<Plan> parsed = Plan.parse(planCode);
            if (parsed.isEmpty()) {
                problems.put(PLAN, "'plan' must be one of " + Plan.codes());
            } else {
                plan = parsed.get();
            }
        }
        if (!problems.isEmpty()) {
            throw ApiException.about(
                    problems.keySet().iterator().next(),
                    ErrorCode.INVALID_PARAM,
                    "The request cannot be accepted: " + String.join("; ", problems.values()));
        }
        return new Submission(name, email, company, intendedUse, plan);
    }

    /** The field's trimmed text, or null (after adding a problem, or when an optional field is not given). */
    private static String text(
            String field,
            Map<String, String> values,
            Map<String, String> unreadable,
            boolean required,
            int min,
            int max,
            boolean multiline,
            Map<String, String> problems) {
        String problem = unreadable.get(field);
        if (problem != null) {
            problems.put(field, "'" + field + "' " + problem);
            return null;
        }
        String raw = values.get(field);
        String value = raw == null ? "" : raw.strip();
        if (value.isEmpty()) {
            if (required) {
                problems.put(field, "'" + field + "' is required");
            }
            return null;
        }
        if (value.codePoints()
                .anyMatch(c -> Character.isISOControl(c) && !(multiline && (c == '\n' || c == '\r' || c == '\t')))) {
            problems.put(
                    field,
                    "'" + field + "' contains control characters"
                            + (multiline ? " (only line breaks and tabs are allowed)" : ""));
            return null;
        }
        int length = value.codePointCount(0, value.length());
        if (length < min || length > max) {
            problems.put(
                    field,
                    "'" + field + "' "
                            + (min > 1
                                    ? "must be " + min + " to " + max + " characters long"
                                    : "must be at most " + max + " characters long")
                            + " (it is " + length + ")");
            return null;
        }
        return value;
    }

    /** One @ with text before it, a domain of at least two non-empty labels after it, no whitespace. */
    static boolean plausibleEmail(String email) {
        if (email.codePoints()
                .anyMatch(c -> Character.isWhitespace(c) || Character.isSpaceChar(c) || Character.isISOControl(c))) {
            return false;
        }
        int at = email.indexOf('@');
        if (at <= 0 || at != email.lastIndexOf('@')) {
            return false;
        }
        String domain = email.substring(at + 1);
        if (!domain.contains(".")) {
            return false;
        }
        for (String label : domain.split("\\.", -1)) {
            if (label.isEmpty()) {
                return false;
            }
        }
        return true;
    }
}
