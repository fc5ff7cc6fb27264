package dev.vspec.query.listings;

import dev.vspec.access.RequiresScope;
import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.query.listings.CatalogPages.ConfigsPage;
import dev.vspec.query.listings.Paging.Page;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/configs} with a partial year/make/model: {@code year}, or {@code year} and
 * {@code make}, without {@code model} (nor vin or config_key). The configurations it names, a page at a
 * time. A complete identifier is the candidate list of the configs package's handler, unchanged.
 */
@RestController
class ConfigListingController {

    private final CatalogListings listings;

    ConfigListingController(CatalogListings listings) {
        this.listings = listings;
    }

    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping(
            path = "/api/v1/configs",
            params = {"year", "!model", "!vin", "!config_key"})
    ResponseEntity<ConfigsPage> configs(
            @RequestParam(name = "year", required = false) String year,
            @RequestParam(name = "make", required = false) String make,
            @RequestParam(name = "trim", required = false) String trim,
            @RequestParam(name = "limit", required = false) String limit,
            @RequestParam(name = "cursor", required = false) String cursor,
            HttpServletRequest request) {
        Paging paging = Paging.of(limit, cursor, CatalogListings.CONFIG_KEY_PARTS);
        int modelYear = VehicleIdentifier.parseYear(Filters.required(
                        "configurations are listed per year, or year"
                                + " and make, or by a complete identifier (vin, year+make+model[+trim] or config_key)",
                        "year",
                        year)
                .get(0));
        if (trim != null && !trim.isBlank()) {
            Filters.required("trim narrows a year, make and model", "make", make, "model", null);
        }
        List<String> above = make == null || make.isBlank() ? List.of() : List.of(make.strip());
        Page<ListedConfiguration> page = listings.configurations(modelYear, above, paging);
        String next = NextLink.of(request, paging, page.cursor(), "year", year, "make", above.isEmpty() ? null : make);
        return NextLink.answer(new ConfigsPage(page.entries(), next), next);
    }
}
