package dev.vspec.query.listings;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The answers of the listings: one page of entries, and the link to the next page ({@code null} on the last). */
final class CatalogPages {

    private static final String NEXT = "The path and query of the next page (same filters and limit, with its cursor);"
            + " null on the last page. The Link header carries it too, as rel=\"next\".";
    private static final String COUNT = "How many configurations the catalog holds under this entry.";

    private CatalogPages() {}

    record YearCount(int year, @Schema(description = COUNT) int configurations) {}

    record MakeCount(
            String make, @Schema(description = COUNT) int configurations) {}

    record ModelCount(
            String model, @Schema(description = COUNT) int configurations) {}

    record TrimCount(
            String trim, @Schema(description = COUNT) int configurations) {}

    record YearsPage(
            List<YearCount> years,

            @Schema(description = NEXT, nullable = true) @Nullable
            String next) {}

    record MakesPage(
            List<MakeCount> makes,

            @Schema(description = NEXT, nullable = true) @Nullable
            String next) {}

    record ModelsPage(
            List<ModelCount> models,

            @Schema(description = NEXT, nullable = true) @Nullable
            String next) {}

    record TrimsPage(
            List<TrimCount> trims,

            @Schema(description = NEXT, nullable = true) @Nullable
            String next) {}

    /** The vehicle block of each configuration, as every identifier-taking route shows it. */
    record ConfigsPage(
            List<ListedConfiguration> configs,

            @Schema(description = NEXT, nullable = true) @Nullable
            String next) {}
}
