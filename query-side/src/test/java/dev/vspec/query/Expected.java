package dev.vspec.query;

import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.testing.Api.Reply;
import java.util.List;
import java.util.stream.Stream;

/** What the seeded read model should answer, shared by the route tests. */
public final class Expected {

    public static final String CIVIC_LX_VEHICLE = """
            {"config_key": "2019-honda-civic-lx-k20c2-fwd", "label": "2019 Honda Civic LX 2.0L K20C2",
             "year": 2019, "make": "Honda", "model": "Civic", "trim": "LX",
             "engine_code": "K20C2", "drivetrain": "FWD"}""";

    public static final String OIL_FILTER = """
            {"part_number": "15400-PLM-A02", "name": "Engine oil filter", "category": "filter", "brand": "Honda",
             "quantity": 1, "service": "engine_oil_change",
             "price": {"amount": "9.86", "currency": "USD", "as_of": "2026-09-01"},
             "price_history": [{"amount": "9.86", "currency": "USD", "as_of": "2026-09-01"},
                               {"amount": "9.42", "currency": "USD", "as_of": "2025-04-01"}]}""";
    public static final String DRAIN_WASHER = """
            {"part_number": "94109-14000", "name": "Oil drain plug washer 14 mm", "category": "gasket", "brand": "Honda",
             "quantity": 1, "service": "engine_oil_change",
             "price": {"amount": "1.10", "currency": "USD", "as_of": "2026-02-01"},
             "price_history": [{"amount": "1.10", "currency": "USD", "as_of": "2026-02-01"}]}""";
    public static final String CABIN_FILTER = """
            {"part_number": "80292-TBA-A11", "name": "Cabin air filter", "category": "filter", "brand": "Honda",
             "quantity": 1, "service": "cabin_air_filter",
             "price": {"amount": "29.35", "currency": "USD", "as_of": "2026-09-01"},
             "price_history": [{"amount": "29.35", "currency": "USD", "as_of": "2026-09-01"},
                               {"amount": "28.10", "currency": "USD", "as_of": "2025-04-01"}]}""";
    public static final String WIPER = """
            {"part_number": "76622-TBA-A01", "name": "Wiper blade, driver side", "category": "wiper", "brand": "Honda",
             "quantity": 1, "service": null, "price": null, "price_history": []}""";

    public static final String ENGINE_OIL = """
            {"type": "engine_oil", "specification": "SAE 0W-20, API SN",
             "capacity": {"litres": 4.40, "us_quarts": 4.65}, "notes": "With filter change"}""";
    public static final String COOLANT = """
            {"type": "coolant", "specification": "Honda Type 2 Long Life Coolant",
             "capacity": {"litres": 6.10, "us_quarts": 6.45}, "notes": null}""";
    public static final String CVT_FLUID = """
            {"type": "transmission", "specification": "Honda HCF-2 CVT fluid",
             "capacity": {"litres": null, "us_quarts": null}, "notes": "Drain and fill only"}""";

    public static final String OIL_CHANGE_LABOR = """
            {"operation": "engine_oil_change", "description": "Replace engine oil and filter", "hours": 0.50}""";
    public static final String TIRE_ROTATION_LABOR = """
            {"operation": "tire_rotation", "description": "Rotate tires and set pressures", "hours": 0.50}""";
    public static final String CABIN_FILTER_LABOR = """
            {"operation": "cabin_air_filter", "description": "Replace cabin air filter", "hours": 0.30}""";
    public static final String CVT_FLUID_LABOR = """
            {"operation": "transmission_fluid_change", "description": "Drain and refill CVT fluid", "hours": 0.80}""";
    public static final String FRONT_PADS_LABOR = """
            {"operation": "brake_pads_front", "description": "Replace front brake pads", "hours": 1.30}""";

    /** The Civic LX in each identifier mode: config_key, VIN, and year/make/model/trim (sloppy case and spacing). */
    public static final List<String> CIVIC_LX_MODES = List.of(
            query("config_key", ReadModelSeed.CIVIC_LX),
            query("vin", ReadModelSeed.CIVIC_LX_VIN),
            query("year", "2019", "make", " honda ", "model", "CIVIC", "trim", "lx"));

    /** A year/make/model with three trims: 409 wherever a single vehicle is needed. */
    public static final String AMBIGUOUS_CIVIC = query("year", "2019", "make", "Honda", "model", "Civic");

    /** Every route that answers about one resolved vehicle, except the VIN-only service history. */
    public static final List<String> VEHICLE_ROUTES = List.of(
            "/api/v1/vehicle",
            "/api/v1/fluids",
            "/api/v1/specs",
            "/api/v1/tires",
            "/api/v1/maintenance-schedule",
            "/api/v1/parts",
            "/api/v0/maintenance",
            "/api/v0/labor",
            "/api/v0/vehicle-image");

    /** Every route that takes the three identifier modes. */
    public static final List<String> IDENTIFIER_ROUTES = Stream.concat(
                    VEHICLE_ROUTES.stream(), Stream.of("/api/v1/configs", "/api/v1/decode", "/api/v0/service-history"))
            .toList();

    private Expected() {}

    /** Asserts a 409 listing the three Civic trims. */
    public static void ambiguous(Reply reply) {
        assertThat(reply.error(409, "multiple_matches").path("matches").size()).isEqualTo(3);
    }
}
