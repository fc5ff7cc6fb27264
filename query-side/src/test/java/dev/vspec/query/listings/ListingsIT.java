package dev.vspec.query.listings;

import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.testing.Api.json;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.access.ApiKeyStore;
import dev.vspec.access.NewKey;
import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.access.Scope;
import dev.vspec.query.ReadModelSeed;
import dev.vspec.query.SeededRouteIT;
import dev.vspec.testing.Api;
import dev.vspec.testing.Api.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The catalog listings over HTTP, over configurations of model years no other test uses (1901 and 1902),
 * so that what the shared database holds besides does not change their answers.
 */
class ListingsIT extends SeededRouteIT {

    private static final String YEARS = "/api/v1/years";
    private static final String MAKES = "/api/v1/makes";
    private static final String MODELS = "/api/v1/models";
    private static final String TRIMS = "/api/v1/trims";
    private static final String CONFIGS = "/api/v1/configs";
    /** One make, spelled two ways by two imports. */
    private static final String LISTING_MOTORS = "Listing Motors";

    private static final String LISTING_MOTORS_SHOUTED = "LISTING MOTORS";
    /** The makes of 1902, in the order listed, with their configurations. */
    private static final List<String> MAKES_1902 =
            List.of("Make A", "Make B", "Make C", "Make D", "Make E", "Make F", "Make G");

    private static final AtomicInteger ADDRESSES = new AtomicInteger();

    @Override
    protected void seed(DSLContext db) {
        ReadModelSeed.seed(db);
        configuration(db, "1901-listing-motors-alpha-base-e1", 1901, LISTING_MOTORS, "Alpha", "Base", "E1", "FWD");
        configuration(db, "1901-listing-motors-alpha-base-e2", 1901, LISTING_MOTORS, "Alpha", "Base", "E2", null);
        configuration(
                db, "1901-listing-motors-alpha-sport-e2", 1901, LISTING_MOTORS_SHOUTED, "ALPHA", "Sport", "E2", "AWD");
        configuration(db, "1901-listing-motors-beta-base-e1", 1901, LISTING_MOTORS, "Beta", "Base", "E1", "FWD");
        configuration(db, "1901-listing-motors-alpha-base-e0", 1901, LISTING_MOTORS, "Alpha", "Base", "E0", "FWD");
        configuration(db, "1901-zeta-cars-gamma-one-e1", 1901, "Zeta Cars", "Gamma", "One", "E1", "RWD");
        for (int i = 0; i < MAKES_1902.size(); i++) {
            for (int n = 0; n <= i % 3; n++) {
                String make = MAKES_1902.get(i);
                configuration(
                        db,
                        "1902-" + make.toLowerCase().replace(' ', '-') + "-model-trim-e" + n,
                        1902,
                        make,
                        "Model",
                        "Trim",
                        "E" + n,
                        null);
            }
        }
    }

    /** A configuration labelled by its year, make, model, trim and engine code. */
    private static void configuration(
            DSLContext db,
            String key,
            int year,
            String make,
            String model,
            String trim,
            String engineCode,
            String drivetrain) {
        ReadModelSeed.configuration(
                db,
                key,
                year,
                make,
                model,
                trim,
                engineCode,
                drivetrain,
                year + " " + make + " " + model + " " + trim + " " + engineCode);
    }

    @Test
    void eachYearIsListedOnceInOrderWithItsConfigurations() {
        List<JsonNode> years = everyEntry(YEARS + query("limit", "1"), "years");

        List<Integer> order =
                years.stream().map(entry -> entry.path("year").asInt()).toList();
        assertThat(order).isSorted().doesNotHaveDuplicates().contains(1901, 1902, 2019, 2020);
        assertThat(years).contains(json("""
                {"year": 1901, "configurations": 6}"""), json("""
                {"year": 1902, "configurations": 13}"""));
        assertThat(years.stream()
                        .mapToInt(entry -> entry.path("configurations").asInt())
                        .sum())
                .isEqualTo(db.fetchCount(CONFIGURATION));
    }

    @Test
    void theMakesOfAYearGroupTheSpellingsOfAMake() {
        assertThat(api.get(MAKES + query("year", "1901")).ok()).isEqualTo(json("""
                {"makes": [{"make": "%s", "configurations": 5}, {"make": "Zeta Cars", "configurations": 1}],
                 "next": null}""".formatted(LISTING_MOTORS_SHOUTED)));
        assertThat(api.get(MAKES + query("year", "1886")).ok()).isEqualTo(json("""
                {"makes": [], "next": null}"""));
    }

    @Test
    void modelsAndTrimsMatchMakeAndModelIgnoringCaseAndWhitespace() {
        assertThat(api.get(MODELS + query("year", "1901", "make", "  listing   MOTORS "))
                        .ok())
                .isEqualTo(json("""
                {"models": [{"model": "ALPHA", "configurations": 4}, {"model": "Beta", "configurations": 1}],
                 "next": null}"""));
        assertThat(api.get(TRIMS + query("year", "1901", "make", "LISTING motors", "model", " alpha"))
                        .ok())
                .isEqualTo(json("""
                {"trims": [{"trim": "Base", "configurations": 3}, {"trim": "Sport", "configurations": 1}],
                 "next": null}"""));
    }

    @Test
    void pagesVisitEveryMakeOnceInOrderAndTheLastLinksNowhere() {
        List<JsonNode> pages = new ArrayList<>();
        String next = MAKES + query("year", "1902", "limit", "2");
        while (next != null) {
            Reply reply = api.get(next);
            JsonNode page = reply.ok();
            pages.add(page);
            next = page.path("next").isNull() ? null : page.path("next").asString();
            assertThat(reply.header("Link")).isEqualTo(next == null ? null : "<" + next + ">; rel=\"next\"");
            if (next != null) {
                assertThat(next).startsWith(MAKES + "?year=1902&limit=2&cursor=");
            }
        }

        assertThat(pages).hasSize(4);
        assertThat(pages.stream().map(page -> page.path("makes").size()).toList())
                .containsExactly(2, 2, 2, 1);
        List<String> makes = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        pages.forEach(page -> page.path("makes").forEach(entry -> {
            makes.add(entry.path("make").asString());
            counts.add(entry.path("configurations").asInt());
        }));
        assertThat(makes).isEqualTo(MAKES_1902);
        assertThat(counts).containsExactly(1, 2, 3, 1, 2, 3, 1);
    }

    @Test
    void aPartialIdentifierListsTheConfigurationsPageByPage() {
        List<JsonNode> year = everyEntry(CONFIGS + query("year", "1901", "limit", "2"), "configs");
        assertThat(year.stream()
                        .map(entry -> entry.path("config_key").asString())
                        .toList())
                .containsExactly(
                        "1901-listing-motors-alpha-base-e0", "1901-listing-motors-alpha-base-e1",
                        "1901-listing-motors-alpha-base-e2", "1901-listing-motors-alpha-sport-e2",
                        "1901-listing-motors-beta-base-e1", "1901-zeta-cars-gamma-one-e1");
        assertThat(year.get(3)).isEqualTo(json("""
                {"config_key": "1901-listing-motors-alpha-sport-e2", "label": "1901 LISTING MOTORS ALPHA Sport E2",
                 "year": 1901, "make": "LISTING MOTORS", "model": "ALPHA", "trim": "Sport", "engine_code": "E2",
                 "drivetrain": "AWD"}"""));
        assertThat(year.get(2).path("drivetrain").isNull()).isTrue();

        JsonNode make =
                api.get(CONFIGS + query("year", "1901", "make", "zeta  CARS")).ok();
        assertThat(make.path("configs").findValuesAsString("config_key"))
                .containsExactly("1901-zeta-cars-gamma-one-e1");
        assertThat(make.path("next").isNull()).isTrue();
        assertThat(api.get(CONFIGS + query("year", "1887")).ok()).isEqualTo(json("""
                {"configs": [], "next": null}"""));
    }

    @Test
    void theNextLinkRepeatsTheFiltersAsGiven() {
        JsonNode page = api.get(CONFIGS + query("year", "1901", "make", "Listing Motors", "limit", "1"))
                .ok();

        assertThat(page.path("next").asString()).startsWith(CONFIGS + "?year=1901&make=Listing+Motors&limit=1&cursor=");
        assertThat(api.get(page.path("next").asString()).ok().path("configs").findValuesAsString("config_key"))
                .containsExactly("1901-listing-motors-alpha-base-e1");
        assertThat(api.get(TRIMS + query("year", "1901", "make", "listing motors", "model", "alpha", "limit", "1"))
                        .ok()
                        .path("next")
                        .asString())
                .startsWith(TRIMS + "?year=1901&make=listing+motors&model=alpha&limit=1&cursor=");
    }

    @Test
    void aCompleteIdentifierStillAnswersItsCandidatesWithoutPaging() {
        JsonNode candidates = api.get(CONFIGS + query("year", "2019", "make", "Honda", "model", "Civic", "limit", "1"))
                .ok();

        assertThat(candidates.propertyNames()).containsExactly("configs");
        assertThat(candidates.path("configs")).hasSize(3);
        assertThat(candidates.path("configs").get(0).propertyNames()).containsExactly("config_key", "label");
    }

    /** The largest limit lists every make; the limits refused: ListingParametersTest. */
    @Test
    void aLimitOfAThousandIsAccepted() {
        assertThat(api.get(MAKES + query("year", "1902", "limit", "1000")).ok().path("makes"))
                .hasSize(MAKES_1902.size());
    }

    @Test
    void aCursorOfAnotherListingIsRefusedWhenItsKeyHasAnotherShape() {
        JsonNode makes = api.get(MAKES + query("year", "1902", "limit", "1")).ok();
        String cursor = makes.path("next").asString().replaceFirst(".*cursor=", "");

        api.get(CONFIGS + query("year", "1902", "cursor", cursor)).error(400, "invalid_param");
        api.get(YEARS + query("cursor", cursor)).error(400, "invalid_param");
        assertThat(api.get(MODELS + query("year", "1902", "make", "Make B", "cursor", cursor))
                        .ok()
                        .path("models"))
                .hasSize(1);
    }

    @Test
    void listingsNeedAKeyWithMaintenanceRead() {
        String laborOnly = new ApiKeyStore(db)
                .issue(new NewKey(
                        "listings without maintenance:read", Plan.PRO, Set.of(Scope.LABOR_READ), null, null, null))
                .key();
        Api narrow = new Api(port, laborOnly);
        Api keyless = new Api(port);
        for (String route : List.of(
                YEARS,
                MAKES + query("year", "1901"),
                MODELS + query("year", "1901", "make", "x"),
                TRIMS + query("year", "1901", "make", "x", "model", "y"),
                CONFIGS + query("year", "1901"))) {
            assertThat(narrow.get(route)
                            .error(403, "insufficient_scope")
                            .path("message")
                            .asString())
                    .contains("maintenance:read");
            keyless.getWith(route, "X-Forwarded-For", address()).error(401, "invalid_api_key");
        }
    }

    @Test
    void listingsAreETaggedAndKeptBriefly() {
        for (String route : List.of(
                YEARS,
                MAKES + query("year", "1901"),
                MODELS + query("year", "1901", "make", "zeta cars"),
                TRIMS + query("year", "1901", "make", "zeta cars", "model", "gamma"),
                CONFIGS + query("year", "1901"))) {
            Reply first = api.get(route);
            first.ok();
            assertThat(first.headers().allValues("Cache-Control")).as(route).containsExactly("private, max-age=60");
            assertThat(first.header("ETag")).matches("W/\"[0-9a-f]{16}\"");

            Reply again = api.getWith(route, "If-None-Match", first.header("ETag"));
            assertThat(again.status()).as(route).isEqualTo(304);
            assertThat(again.text()).isEmpty();
            assertThat(again.header("Cache-Control")).isEqualTo("private, max-age=60");
        }
        assertThat(api.get(CONFIGS + query("config_key", ReadModelSeed.CIVIC_LX))
                        .header("Cache-Control"))
                .as("an identifier's configurations grow too")
                .isEqualTo("private, max-age=60");
    }

    @Test
    void aConfigurationTheCatalogGainsChangesTheListingAndItsETag() {
        String route = MODELS + query("year", "1901", "make", "Zeta Cars");
        Reply before = api.get(route);
        assertThat(before.ok().path("models")).hasSize(1);

        configuration(db, "1901-zeta-cars-delta-one-e1", 1901, "Zeta Cars", "Delta", "One", "E1", "RWD");
        try {
            Reply after = api.getWith(route, "If-None-Match", before.header("ETag"));

            assertThat(after.status()).isEqualTo(200);
            assertThat(after.body().path("models").findValuesAsString("model")).containsExactly("Delta", "Gamma");
            assertThat(after.header("ETag")).isNotEqualTo(before.header("ETag"));
        } finally {
            db.deleteFrom(CONFIGURATION)
                    .where(CONFIGURATION.CONFIG_KEY.eq("1901-zeta-cars-delta-one-e1"))
                    .execute();
        }
    }

    /** Every entry of a listing, following each page's next link from the first. */
    private List<JsonNode> everyEntry(String first, String field) {
        List<JsonNode> entries = new ArrayList<>();
        String next = first;
        int pages = 0;
        while (next != null) {
            JsonNode page = api.get(next).ok();
            page.path(field).forEach(entries::add);
            next = page.path("next").isNull() ? null : page.path("next").asString();
            assertThat(++pages).as("pages of %s", first).isLessThan(1_000);
        }
        return entries;
    }

    /** An address of its own, so failed authentications here spend no other test's budget. */
    private static String address() {
        return "10.78." + (ADDRESSES.get() / 250) + "." + (ADDRESSES.incrementAndGet() % 250 + 1);
    }
}
