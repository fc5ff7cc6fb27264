package dev.vspec.query.listings;

import java.util.List;
import org.jspecify.annotations.Nullable;

/** The answers of the listings: one page of entries, and the link to the next page ({@code null} on the last). */
final class CatalogPages {

    private CatalogPages() {}

    record YearCount(int year, int configurations) {}

    record MakeCount(String make, int configurations) {}

    record ModelCount(String model, int configurations) {}

    record TrimCount(String trim, int configurations) {}

    record YearsPage(List<YearCount> years, @Nullable String next) {}

    record MakesPage(List<MakeCount> makes, @Nullable String next) {}

    record ModelsPage(List<ModelCount> models, @Nullable String next) {}

    record TrimsPage(List<TrimCount> trims, @Nullable String next) {}

    /** The vehicle block of each configuration, as every identifier-taking route shows it. */
    record ConfigsPage(
            List<ListedConfiguration> configs, @Nullable String next) {}
}
