package dev.vspec.query.listings;

import dev.vspec.access.RequiresScope;
import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.identity.VehicleIdentifier;
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

    private final CatalogListings listings;

    ListingsController(CatalogListings listings) {
        this.listings = listings;
    }

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

    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping("/api/v1/makes")
    ResponseEntity<MakesPage> makes(
            @RequestParam(name = "year", required = false) String year,
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

    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping("/api/v1/models")
    ResponseEntity<ModelsPage> models(
            @RequestParam(name = "year", required = false) String year,
            @RequestParam(name = "make", required = false) String make,
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

    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping("/api/v1/trims")
    ResponseEntity<TrimsPage> trims(
            @RequestParam(name = "year", required = false) String year,
            @RequestParam(name = "make", required = false) String make,
            @RequestParam(name = "model", required = false) String model,
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
