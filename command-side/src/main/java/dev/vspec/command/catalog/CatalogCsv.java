package dev.vspec.command.catalog;

import dev.vspec.command.catalog.ConfigurationEntry.ImageEntry;
import dev.vspec.command.catalog.ConfigurationEntry.PartEntry;
import dev.vspec.command.catalog.ConfigurationEntry.PriceEntry;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.LaborTime;
import dev.vspec.contracts.catalog.ServiceInterval;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.TireFitment;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.identity.ConfigKey;
import dev.vspec.contracts.identity.Vin;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The CSV files of an import as the configuration entries a catalog file binds to ({@link ConfigurationEntry}): rows
 * are gathered per configuration, in file order, and the same rules ({@link ConfigurationSteps}, {@link
 * CatalogRules}) check them and make their commands. A row whose data columns are all empty records its group as
 * none for its configuration. Each fact keeps the source its row states ({@link CsvSource}), else its file, and each
 * problem names the file, line and column.
 */
final class CatalogCsv {

    private final Map<String, CsvConfiguration> configurations = new LinkedHashMap<>();
    private final Map<String, CsvConfiguration> byVin = new HashMap<>();
    private final Map<String, String> aliases = new HashMap<>();
    private final Consumer<CatalogImportException> problems;

    private CatalogCsv(Consumer<CatalogImportException> problems) {
        this.problems = problems;
    }

    /**
     * The entries of these files, each configuration's in the order its first row appears; a row that breaks a rule
     * goes to {@code problems} as {@code fluids.csv: line 4, column 5 (capacity_litres): ...} and its configuration
     * yields no entry.
     */
    static List<ImportEntry> entries(List<CsvFile> files, Consumer<CatalogImportException> problems) {
        CatalogCsv csv = new CatalogCsv(problems);
        files.stream().sorted(Comparator.comparing(CsvFile::group)).forEach(csv::read);
        List<ImportEntry> entries = new ArrayList<>();
        for (CsvConfiguration configuration : csv.configurations.values()) {
            ImportEntry entry = configuration.broken() ? null : configuration.entry(problems);
            if (entry != null) {
                entries.add(entry);
            }
        }
        return entries;
    }

    private void read(CsvFile file) {
        for (CsvRow row : file.rows()) {
            try {
                read(file, row);
            } catch (CatalogImportException e) {
                problems.accept(new CatalogImportException(file.name() + ": " + e.getMessage(), e));
                CsvConfiguration broken = configurationOf(file, row, true);
                if (broken != null) {
                    broken.markBroken();
                }
            }
        }
    }

    private void read(CsvFile file, CsvRow row) {
        CsvConfiguration configuration = configurationOf(file, row, false);
        FactSource stated = CsvSource.statedIn(row);
        boolean none = file.group() != CatalogGroup.CONFIGURATIONS && row.empty(file.dataColumns());
        switch (file.group()) {
            case CONFIGURATIONS -> configuration.register(file, row);
            case FLUIDS -> configuration.add(file, row, stated, none, () -> fluid(row));
            case SPECS -> configuration.add(file, row, stated, none, () -> spec(row));
            case TIRES -> configuration.add(file, row, stated, none, () -> tire(row));
            case SERVICE_SCHEDULE -> configuration.add(file, row, stated, none, () -> interval(row));
            case LABOR -> configuration.add(file, row, stated, none, () -> labor(row));
            case PARTS -> configuration.add(file, row, stated, none, () -> part(row));
            case PRICES ->
                configuration.price(
                        file, row, row.text("part_number"), price(row, StatedSources.or(stated, file.source())));
            case IMAGES -> configuration.image(file, row, new ImageEntry(row.text("content_type"), row.text("path")));
            case ALIASES -> alias(configuration, file, row);
            case VINS -> vin(configuration, file, row);
            case SERVICE_HISTORY -> configuration.visit(file, row, stated, vinOf(row), none ? null : visit(row));
        }
    }

    /** The configuration a row is about: by its key, or for a service history by its VIN's configuration. */
    private CsvConfiguration configurationOf(CsvFile file, CsvRow row, boolean ifKnown) {
        if (file.group() == CatalogGroup.SERVICE_HISTORY) {
            String vin = ifKnown ? row.text("vin") : vinOf(row);
            CsvConfiguration configuration = vin == null ? null : byVin.get(vin.toUpperCase(Locale.ROOT));
            if (configuration == null && !ifKnown) {
                throw row.problem(
                        "vin",
                        vin + " is not in the vins of this import; a service history belongs to a VIN"
                                + " a vins file of the same import links");
            }
            return configuration;
        }
        if (ifKnown) {
            try {
                return configurations.get(file.configKey(row));
            } catch (CatalogImportException e) {
                return null;
            }
        }
        String key = file.configKey(row);
        return configurations.computeIfAbsent(key, CsvConfiguration::new);
    }

    private void alias(CsvConfiguration configuration, CsvFile file, CsvRow row) {
        String alias = row.text("alias");
        if (alias == null || !ConfigKey.isWellFormed(alias) || alias.equals(configuration.key())) {
            throw row.problem(
                    "alias",
                    "an alias is another config_key (year-make-model-trim-enginecode[-drivetrain],"
                            + " lower case); got " + (alias == null ? "nothing" : "'" + alias + "'"));
        }
        String earlier = aliases.putIfAbsent(alias, file.name() + " line " + row.line());
        if (earlier != null) {
            throw row.problem("alias", alias + " is already an alias at " + earlier);
        }
        configuration.alias(file, row, alias);
    }

    private void vin(CsvConfiguration configuration, CsvFile file, CsvRow row) {
        String vin = vinOf(row);
        CsvConfiguration earlier = byVin.putIfAbsent(vin, configuration);
        if (earlier != null) {
            throw row.problem("vin", vin + " is already listed for " + earlier.key());
        }
        configuration.vin(file, row, Vin.parse(vin));
    }

    private static String vinOf(CsvRow row) {
        String text = row.text("vin");
        if (text == null) {
            throw row.problem("vin", "vin is required");
        }
        try {
            return Vin.parse(text).value();
        } catch (ApiException e) {
            throw row.problem("vin", e.getMessage());
        }
    }

    private static Fluid fluid(CsvRow row) {
        return new Fluid(
                row.text("type"),
                row.text("specification"),
                row.number("capacity_litres"),
                row.number("capacity_us_quarts"),
                row.text("notes"));
    }

    private static SpecItem spec(CsvRow row) {
        return new SpecItem(row.text("section"), row.text("name"), row.text("value"), row.text("unit"));
    }

    private static TireFitment tire(CsvRow row) {
        return new TireFitment(
                row.text("axle"),
                row.text("size"),
                row.requiredWhole("load_index"),
                row.text("speed_rating"),
                row.requiredWhole("pressure_kpa"),
                row.requiredWhole("pressure_psi"));
    }

    private static ServiceInterval interval(CsvRow row) {
        return new ServiceInterval(
                row.text("schedule"),
                row.text("service"),
                row.text("description"),
                row.whole("miles"),
                row.whole("kilometres"),
                row.whole("months"));
    }

    private static LaborTime labor(CsvRow row) {
        return new LaborTime(row.text("operation"), row.text("description"), row.number("hours"));
    }

    private static PartEntry part(CsvRow row) {
        return new PartEntry(
                row.text("part_number"),
                row.text("name"),
                row.text("category"),
                row.text("brand"),
                row.requiredWhole("quantity"),
                row.text("service"),
                new ArrayList<>());
    }

    private static PriceEntry price(CsvRow row, FactSource source) {
        if (row.text("part_number") == null) {
            throw row.problem("part_number", "part_number is required");
        }
        String amount = row.decimal("amount");
        if (amount == null) {
            throw row.problem("amount", "amount is required");
        }
        return new PriceEntry(amount, row.text("currency"), row.date("as_of"), source);
    }

    /** A visit; its services are codes separated by spaces or commas. */
    private static ServiceRecord visit(CsvRow row) {
        String services = row.text("services");
        return new ServiceRecord(
                row.date("performed_on"),
                row.whole("odometer_miles"),
                row.whole("odometer_km"),
                row.text("performed_by"),
                services == null ? List.of() : Arrays.asList(services.strip().split("[\\s,]+")));
    }
}
