package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.ConfigurationIdentity;
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
 * holds (a part's prices, an image's path) has a record here. A group left out is null.
 */
record ConfigurationEntry(
        int year,
        String make,
        String model,
        String trim,
        String engineCode,
        String drivetrain,
        String label,
        List<Fluid> fluids,
        List<SpecItem> specs,
        List<TireFitment> tires,
        List<ServiceInterval> serviceSchedule,
        List<PartEntry> parts,
        List<LaborTime> labor,
        ImageEntry image,
        List<Vin> vins,
        Map<String, List<ServiceRecord>> serviceHistory)
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
    record PriceEntry(String amount, String currency, LocalDate asOf) {

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
}
