package dev.vspec.command.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AccessRequestFormTest {

    private static Map<String, String> valid() {
        Map<String, String> fields = new HashMap<>();
        fields.put("name", "Ada Lovelace");
        fields.put("email", "ada@example.com");
        fields.put("company", "Analytical Engines Ltd");
        fields.put("intended_use", "Service reminders for a fleet of 40 vans");
        fields.put("plan", "pro");
        return fields;
    }

    private static String refusal(Map<String, String> values, Map<String, String> unreadable) {
        try {
            AccessRequestForm.check(values, unreadable);
        } catch (ApiException e) {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_PARAM);
            return e.getMessage();
        }
        throw new AssertionError("accepted " + values);
    }

    private static String refusal(Map<String, String> values) {
        return refusal(values, Map.of());
    }

    @Test
    void aValidSubmissionIsTrimmedAndItsPlanParsed() {
        Map<String, String> fields = valid();
        fields.put("name", "  Ada Lovelace\t");
        fields.put("plan", " SCALE ");
        fields.put("intended_use", "  line one\nline two\ttabbed  ");

        AccessRequestForm.Submission submission = AccessRequestForm.check(fields, Map.of());

        assertThat(submission)
                .isEqualTo(new AccessRequestForm.Submission(
                        "Ada Lovelace",
                        "ada@example.com",
                        "Analytical Engines Ltd",
                        "line one\nline two\ttabbed",
                        Plan.SCALE));
    }

    @Test
    void aBlankCompanyIsNotGiven() {
        Map<String, String> fields = valid();
        fields.put("company", "   ");

        assertThat(AccessRequestForm.check(fields, Map.of()).company()).isNull();
        fields.remove("company");
        assertThat(AccessRequestForm.check(fields, Map.of()).company()).isNull();
    }

    @Test
    void lengthsCountCharactersNotUtf16Units() {
        Map<String, String> fields = valid();
        fields.put("name", "😀".repeat(200));

        assertThat(AccessRequestForm.check(fields, Map.of()).name()).hasSize(400);
        fields.put("name", "😀".repeat(201));
        assertThat(refusal(fields)).contains("'name' must be at most 200 characters long (it is 201)");
    }

    @Test
    void theBoundsThemselvesAreAccepted() {
        Map<String, String> fields = valid();
        fields.put("name", "n".repeat(200));
        fields.put("company", "c".repeat(200));
        fields.put("email", "a".repeat(242) + "@example.com");
        fields.put("intended_use", "u".repeat(10));
        assertThat(AccessRequestForm.check(fields, Map.of()).email()).hasSize(254);

        fields.put("intended_use", "u".repeat(2000));
        assertThat(AccessRequestForm.check(fields, Map.of()).intendedUse()).hasSize(2000);
    }

    @Test
    void everyProblemIsNamedAtOnce() {
        String message =
                refusal(Map.of("email", "nobody", "intended_use", "short", "plan", "gold", "company", "x".repeat(201)));

        assertThat(message)
                .contains(
                        "'name' is required",
                        "'email' is not a plausible e-mail address",
                        "'company' must be at most 200 characters long (it is 201)",
                        "'intended_use' must be 10 to 2000 characters long (it is 5)",
                        "'plan' must be one of free, pro, scale, enterprise");
    }

    /** The error's param is the first wrong field in the form's order, where a client puts the cursor. */
    @Test
    void theFirstWrongFieldInTheFormsOrderIsTheParam() {
        Map<String, String> fields = valid();
        fields.put("plan", "gold");
        fields.put("email", "nobody");

        assertThatThrownBy(() -> AccessRequestForm.check(fields, Map.of()))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.toError().param()).isEqualTo("email"));
        fields.put("email", "ada@example.com");
        assertThatThrownBy(() -> AccessRequestForm.check(fields, Map.of()))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.toError().param()).isEqualTo("plan"));
    }

    @Test
    void anUnreadableFieldIsReportedInsteadOfItsValue() {
        Map<String, String> fields = valid();
        fields.remove("plan");

        assertThat(refusal(fields, Map.of("plan", "must be a JSON string, not a number")))
                .isEqualTo("The request cannot be accepted: 'plan' must be a JSON string, not a number");
    }

    @Test
    void controlCharactersAreRefusedButTheIntendedUseMayHaveLineBreaks() {
        Map<String, String> fields = valid();
        fields.put("name", "Ada\u0000Lovelace");
        fields.put("intended_use", "fleet\u0007 reminders");

        assertThat(refusal(fields))
                .contains(
                        "'name' contains control characters",
                        "'intended_use' contains control characters (only line breaks and tabs are allowed)");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "ada",
                "ada@example",
                "@example.com",
                "ada@@example.com",
                "a@b@example.com",
                "ada lovelace@example.com",
                "ada@example..com",
                "ada@.example.com",
                "ada@example.com.",
                "ada@exa\u00a0mple.com"
            })
    void implausibleAddressesAreRefused(String email) {
        assertThat(AccessRequestForm.plausibleEmail(email)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"ada@example.com", "ada.lovelace+vspec@mail.example.co.uk", "a@b.c", "ada@bücher.example"})
    void plausibleAddressesAreAccepted(String email) {
        assertThat(AccessRequestForm.plausibleEmail(email)).isTrue();
    }

    @Test
    void anEmailOverTheLimitIsRefusedForItsLength() {
        Map<String, String> fields = valid();
        fields.put("email", "a".repeat(243) + "@example.com");

        assertThat(refusal(fields))
                .isEqualTo("The request cannot be accepted: 'email' must be at most 254 characters long (it is 255)");
    }

    @Test
    void anUnknownPlanIsRefused() {
        Map<String, String> fields = valid();
        fields.put("plan", "platinum");

        assertThatThrownBy(() -> AccessRequestForm.check(fields, Map.of()))
                .isInstanceOf(ApiException.class)
                .hasMessageContaining("'plan' must be one of free, pro, scale, enterprise");
    }
}
