package dev.vspec.command.enrichment.vendor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.identity.Vin;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

class ServiceRecordSanitizerTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** Sample data: synthetic VINs (valid check digits), the one asked about and another of its configuration. */
    private static final Vin ASKED = Vin.parse("2T3P1RFV2NW131842");

    private static final String SIBLING = "2T3P1RFV0NW402977";

    /** Personal data a workshop's records carry, planted in every place a vendor could put it. */
    private static final List<String> PLANTED = List.of(
            "Jane",
            "Doe",
            "Smith",
            "555-01",
            "555 01",
            "5550100",
            "@",
            "example.com",
            "7ABC123",
            "Elm Street",
            "Springfield",
            "noise",
            "Bob",
            "Builder",
            "John",
            "Roe",
            "Tuesday",
            "Other Person",
            "invoice",
            "12,000");

    private final ServiceRecordSanitizer sanitizer = new ServiceRecordSanitizer();

    @Test
    void keepsOnlyTheStructuredFieldsOfTheAskedVinsValidVisits() {
        ObjectNode configuration = configurationWithPlantedPersonalData();

        ServiceRecordSanitizer.Dropped dropped = sanitizer.sanitize(configuration, ASKED);

        assertThat(configuration.get("service_history")).isEqualTo(JSON.readTree("""
                {"2t3p1rfv2nw131842": [
                  {"performed_on": "2023-04-02", "odometer_miles": 5012, "odometer_km": 8066, "performed_by": "dealer",
                   "services": ["engine_oil_change", "tire_rotation"]},
                  {"performed_on": "2024-06-01", "odometer_miles": 18000, "performed_by": "fleet",
                   "services": ["cabin_air_filter"]}
                ]}"""));
        assertThat(dropped).isEqualTo(new ServiceRecordSanitizer.Dropped(2, 6, 10, 3));
    }

    @Test
    void noPlantedPersonalDataSurvivesAnywhereInTheConfiguration() {
        ObjectNode configuration = configurationWithPlantedPersonalData();

        sanitizer.sanitize(configuration, ASKED);

        String sanitized = JSON.writeValueAsString(configuration);
        for (String planted : PLANTED) {
            assertThat(sanitized).as(planted).doesNotContainIgnoringCase(planted);
        }
    }

    @Test
    void leavesAConfigurationWithoutServiceHistoryAsItIs() {
        ObjectNode configuration = (ObjectNode) JSON.readTree("""
                {"vins": ["2T3P1RFV2NW131842"], "label": "x"}""");
        ObjectNode before = configuration.deepCopy();

        assertThat(sanitizer.sanitize(configuration, ASKED).nothing()).isTrue();
        assertThat(configuration).isEqualTo(before);
    }

    @Test
    void dropsAServiceHistoryThatIsNotAnObjectOfVisitLists() {
        ObjectNode notAnObject = (ObjectNode) JSON.readTree("""
                {"service_history": "Jane Doe, 555-0100"}""");
        ObjectNode notAList = (ObjectNode) JSON.readTree("""
                {"service_history": {"2T3P1RFV2NW131842": "serviced by Bob Builder"}}""");

        assertThat(sanitizer.sanitize(notAnObject, ASKED)).isEqualTo(new ServiceRecordSanitizer.Dropped(1, 0, 0, 0));
        assertThat(notAnObject.has("service_history")).isFalse();
        assertThat(sanitizer.sanitize(notAList, ASKED)).isEqualTo(new ServiceRecordSanitizer.Dropped(1, 0, 0, 0));
        assertThat(notAList.get("service_history")).isEqualTo(JSON.readTree("{}"));
    }

    @Test
    void anEmptyHistoryStaysEmpty() {
        ObjectNode configuration = (ObjectNode) JSON.readTree("""
                {"service_history": {"2T3P1RFV2NW131842": []}}""");

        assertThat(sanitizer.sanitize(configuration, ASKED).nothing()).isTrue();
        assertThat(configuration.get("service_history").get("2T3P1RFV2NW131842"))
                .isEqualTo(JSON.readTree("[]"));
    }

    @Test
    void serviceCodesAreLowerSnakeCaseOfAtMost48Characters() {
        String longest = "a" + "b".repeat(47);
        ObjectNode configuration = (ObjectNode) JSON.readTree("""
                {"service_history": {"2T3P1RFV2NW131842": [
                  {"performed_on": "2023-01-01", "odometer_km": 10, "performed_by": "owner",
                   "services": ["%s", "%sc", "a", "Engine_oil", "9_point_check", "oil change", "oil-change", 42, null,
                                "brake_fluid_flush"]}
                ]}}""".formatted(longest, longest));

        ServiceRecordSanitizer.Dropped dropped = sanitizer.sanitize(configuration, ASKED);

        JsonNode services = configuration
                .get("service_history")
                .get("2T3P1RFV2NW131842")
                .get(0)
                .get("services");
        assertThat(services).isEqualTo(JSON.readTree("[\"" + longest + "\", \"brake_fluid_flush\"]"));
        assertThat(dropped.serviceCodes()).isEqualTo(8);
    }

    /**
     * The asked VIN's history (its key in lower case, as the format allows) with a clean visit
     * buried in personal data, visits whose required values hold personal data, one that is not
     * an object; the history of another VIN of the configuration; and one under a name.
     */
    private static ObjectNode configurationWithPlantedPersonalData() {
        return (ObjectNode) JSON.readTree("""
                {
                  "vins": ["2T3P1RFV2NW131842", "%s"],
                  "service_history": {
                    "2t3p1rfv2nw131842": [
                      {"performed_on": "2023-04-02", "odometer_miles": 5012, "odometer_km": 8066, "performed_by": "dealer",
                       "services": ["engine_oil_change", "called Mrs Smith at 555-0100", "tire_rotation",
                                    "jane.doe@example.com", "engine_oil_change"],
                       "customer_name": "Jane Doe", "phone": "+1 555 0100", "email": "jane.doe@example.com",
                       "plate": "7ABC123", "address": "42 Elm Street, Springfield",
                       "notes": "Customer Jane complained about a noise", "technician": {"name": "Bob Builder"},
                       "invoice": "INV-5550100"},
                      {"performed_on": "2023-10-01", "odometer_km": 16000, "performed_by": "Bob's Garage, 12 Elm Street",
                       "services": ["brake_pad_replacement"]},
                      {"performed_on": "last Tuesday (Mrs Smith)", "odometer_km": 17000, "performed_by": "dealer",
                       "services": ["wiper_blades"]},
                      {"performed_on": "2024-01-05", "odometer_miles": "12,000 per Jane", "odometer_km": -5,
                       "performed_by": "owner", "services": ["wiper_blades"]},
                      {"performed_on": "2024-03-01", "odometer_miles": 15000, "performed_by": "independent",
                       "services": ["Jane Doe", "555-0100", "jane@example.com"]},
                      {"performed_on": "2024-04-01", "odometer_miles": 16000, "performed_by": "independent",
                       "services": "oil change for John Roe"},
                      "Jane Doe 555-0100",
                      {"performed_on": "2024-06-01", "odometer_miles": 18000, "odometer_km": "John Roe",
                       "performed_by": "fleet", "services": ["cabin_air_filter"], "driver": "John Roe"}
                    ],
                    "%s": [
                      {"performed_on": "2022-01-01", "odometer_miles": 100, "performed_by": "owner",
                       "services": ["tire_rotation"], "customer_name": "Other Person"}
                    ],
                    "Jane Doe, 42 Elm Street": []
                  }
                }""".formatted(SIBLING, SIBLING));
    }
}
