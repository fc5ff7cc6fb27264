package dev.vspec.query.listings;

import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.infra.access.RequiresScope;
import dev.vspec.query.listings.CatalogListings.Level;
import dev.vspec.query.listings.CatalogPages.MakeCount;
import dev.vspec.query.listings.CatalogPages.MakesPage;
import dev.vspec.query.listings.CatalogPages.ModelCount;
import dev.vspec.query.listings.CatalogPages.ModelsPage;
import dev.vspec.query.listings.CatalogPages.TrimCount;
import dev.vspec.query.listings.CatalogPages.TrimsPage;
import dev.vspec.query.listings.CatalogPages.YearCount;
import dev.vspec.query.listings.CatalogPages.YearsPage;
import dev.vspec.query.listings.Paging.Page;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/years}, {@code /makes?year=}, {@code /models?year=&make=} and
 * {@code /trims?year=&make=&model=}: what the catalog holds, level by level, each entry with how many
 * configurations it has, a page at a time.
 */
@RestController
class ListingsController {

    private static final String YEAR = "The model year, four digits, else 400 invalid_param.";
    /** As the identifier's year; annotation values must be constants. */
    private static final String MIN_YEAR = "" + VehicleIdentifier.MIN_YEAR;

    private static final String MAX_YEAR = "" + VehicleIdentifier.MAX_YEAR;
    private static final String MAKE = "The make, e.g. `Honda`; case and inner whitespace do not matter.";
    private static final String MODEL = "The model, e.g. `Civic`; case and inner whitespace do not matter.";

    private final CatalogListings listings;

    ListingsController(CatalogListings listings) {
        this.listings = listings;
    }

    @Operation(operationId = "listYears", summary = "The model years the catalog holds", description = """
            Every model year with at least one configuration, in ascending order, each with how many \
            configurations it has.""")
    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping("/api/v1/years")
    ResponseEntity<YearsPage> years(
            @RequestParam(name = "limit", required = false) String limit,
            @RequestParam(name = "cursor", required = false) String cursor,
            HttpServletRequest request) {
        Paging paging = Paging.of(limit, cursor, 1);
        Page<YearCount> page = listings.years(paging);
        String next = NextLink.of(request, paging, page.cursor());
        return NextLink.answer(new YearsPage(page.entries(), next), next);
    }

    @Operation(operationId = "listMakes", summary = "The makes of a model year", description = """
            Every make the catalog holds configurations of for `year`, by name (case and whitespace folded, as \
            lookups match), each with how many configurations it has.""")
    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping("/api/v1/makes")
    ResponseEntity<MakesPage> makes(
            @Parameter(
                            description = YEAR,
                            required = true,
                            schema = @Schema(type = "integer", minimum = MIN_YEAR, maximum = MAX_YEAR))
                    @RequestParam(name = "year", required = false)
                    String year,
            @RequestParam(name = "limit", required = false) String limit,
            @RequestParam(name = "cursor", required = false) String cursor,
            HttpServletRequest request) {
        Paging paging = Paging.of(limit, cursor, 1);
        List<String> filters = Filters.required("makes are listed per year", "year", year);
        Page<MakeCount> page = listings.level(
                Level.MAKE, VehicleIdentifier.parseYear(filters.get(0)), List.of(), paging, MakeCount::new);
        String next = NextLink.of(request, paging, page.cursor(), "year", year);
        return NextLink.answer(new MakesPage(page.entries(), next), next);
    }

    @Operation(operationId = "listModels", summary = "The models of a make in a model year", description = """
            Every model the catalog holds configurations of for `year` and `make`, by name, each with how many \
            configurations it has.""")
    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping("/api/v1/models")
    ResponseEntity<ModelsPage> models(
            @Parameter(
                            description = YEAR,
                            required = true,
                            schema = @Schema(type = "integer", minimum = MIN_YEAR, maximum = MAX_YEAR))
                    @RequestParam(name = "year", required = false)
                    String year,
            @Parameter(description = MAKE, required = true) @RequestParam(name = "make", required = false) String make,
            @RequestParam(name = "limit", required = false) String limit,
            @RequestParam(name = "cursor", required = false) String cursor,
            HttpServletRequest request) {
        Paging paging = Paging.of(limit, cursor, 1);
        List<String> filters = Filters.required("models are listed per year and make", "year", year, "make", make);
        Page<ModelCount> page = listings.level(
                Level.MODEL,
                VehicleIdentifier.parseYear(filters.get(0)),
                filters.subList(1, 2),
                paging,
                ModelCount::new);
        String next = NextLink.of(request, paging, page.cursor(), "year", year, "make", make);
        return NextLink.answer(new ModelsPage(page.entries(), next), next);
    }

    @Operation(operationId = "listTrims", summary = "The trims of a model", description = """
            Every trim the catalog holds configurations of for `year`, `make` and `model`, by name, each with how \
            many configurations it has (a trim with several engines or drivetrains has several: \
            `GET /api/v1/configs?year=&make=&model=&trim=` lists them).""")
    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping("/api/v1/trims")
    ResponseEntity<TrimsPage> trims(
            @Parameter(
                            description = YEAR,
                            required = true,
                            schema = @Schema(type = "integer", minimum = MIN_YEAR, maximum = MAX_YEAR))
                    @RequestParam(name = "year", required = false)
                    String year,
            @Parameter(description = MAKE, required = true) @RequestParam(name = "make", required = false) String make,
            @Parameter(description = MODEL, required = true) @RequestParam(name = "model", required = false)
                    String model,
            @RequestParam(name = "limit", required = false) String limit,
            @RequestParam(name = "cursor", required = false) String cursor,
            HttpServletRequest request) {
        Paging paging = Paging.of(limit, cursor, 1);
        List<String> filters = Filters.required(
                "trims are listed per year, make and model", "year", year, "make", make, "model", model);
        Page<TrimCount> page = listings.level(
                Level.TRIM, VehicleIdentifier.parseYear(filters.get(0)), filters.subList(1, 3), paging, TrimCount::new);
        String next = NextLink.of(request, paging, page.cursor(), "year", year, "make", make, "model", model);
        return NextLink.answer(new TrimsPage(page.entries(), next), next);
    }
}
