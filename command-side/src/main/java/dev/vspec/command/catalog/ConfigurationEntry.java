package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.ConfigurationIdentity;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.LaborTime;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.ServiceInterval;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.TireFitment;
import dev.vspec.contracts.identity.Vin;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One configuration of a catalog file as written ({@code docs/catalog-format.md}), bound by {@link CatalogJson}.
 * The data groups are the commands' own records under the file's snake_case names; only what the file alone
 * holds (a part's prices, an image's path) has a record here. A group left out is null. {@code source} and
 * {@code sources} state where facts came from when not from the file itself (an export keeps the originals).
 */
record ConfigurationEntry(
        int year,
        String make,
        String model,
        String trim,
        String engineCode,
        String drivetrain,
        String label,
        FactSource source,
        List<Fluid> fluids,
        List<SpecItem> specs,
        List<TireFitment> tires,
        List<ServiceInterval> serviceSchedule,
        List<PartEntry> parts,
        List<LaborTime> labor,
        ImageEntry image,
        List<String> aliases,
        List<Vin> vins,
        Map<String, List<ServiceRecord>> serviceHistory,
        SourcesEntry sources)
        implements ConfigurationIdentity {

    /** A part with the prices the file lists inside it. */
    record PartEntry(
            String partNumber,
            String name,
            String category,
            String brand,
            int quantity,
            String service,
            List<PriceEntry> prices) {

        Part part() {
            return new Part(partNumber, name, category, brand, quantity, service);
        }
    }

    /** A price; its amount is a decimal string, so that no binary float ever holds it. */
    record PriceEntry(String amount, String currency, LocalDate asOf, FactSource source) {

        private static final Pattern DECIMAL = Pattern.compile("-?\\d+(\\.\\d+)?");

        PriceEntry {
            if (amount == null || !DECIMAL.matcher(amount).matches()) {
                throw new IllegalArgumentException("amount must be a decimal string such as \"9.86\"; got "
                        + (amount == null ? "nothing" : "\"" + amount + "\""));
            }
        }

        BigDecimal decimalAmount() {
            return new BigDecimal(amount);
        }
    }

    /** An image file, its path relative to the catalog's folder. */
    record ImageEntry(String contentType, String path) {}

    /**
     * Where a configuration's groups, aliases, VIN links and service histories came from, where that is
     * not the configuration's own {@code source}; the maps are keyed by alias and by VIN.
     */
    record SourcesEntry(
            FactSource fluids,
            FactSource specs,
            FactSource tires,
            FactSource serviceSchedule,
            FactSource parts,
            FactSource labor,
            FactSource image,
            Map<String, FactSource> aliases,
            Map<String, FactSource> vins,
            Map<String, FactSource> serviceHistory) {}
}
