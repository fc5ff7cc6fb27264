package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.AliasConfigKey;
import dev.vspec.contracts.catalog.CacheExteriorImage;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.PricePart;
import dev.vspec.contracts.catalog.RecordFluids;
import dev.vspec.contracts.catalog.RecordLaborTimes;
import dev.vspec.contracts.catalog.RecordParts;
import dev.vspec.contracts.catalog.RecordServiceHistory;
import dev.vspec.contracts.catalog.RecordServiceSchedule;
import dev.vspec.contracts.catalog.RecordSpecs;
import dev.vspec.contracts.catalog.RecordTires;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The groups of facts a catalog import records, each with the command that records it and the columns of its CSV
 * file ({@code docs/catalog-format.md}), in the order a file writes them. A row of a configuration's group names
 * the configuration by {@code config_key} or by its identity ({@link #IDENTITY}); a service history row by its VIN.
 */
public enum CatalogGroup {
    CONFIGURATIONS(
            RegisterConfiguration.class,
            List.of("config_key", "year", "make", "model", "trim", "engine_code", "drivetrain", "label")),
    FLUIDS(RecordFluids.class, "type", "specification", "capacity_litres", "capacity_us_quarts", "notes"),
    SPECS(RecordSpecs.class, "section", "name", "value", "unit"),
    TIRES(RecordTires.class, "axle", "size", "load_index", "speed_rating", "pressure_kpa", "pressure_psi"),
    SERVICE_SCHEDULE(
            RecordServiceSchedule.class, "schedule", "service", "description", "miles", "kilometres", "months"),
    PARTS(RecordParts.class, "part_number", "name", "category", "brand", "quantity", "service"),
    PRICES(PricePart.class, "part_number", "amount", "currency", "as_of"),
    LABOR(RecordLaborTimes.class, "operation", "description", "hours"),
    IMAGES(CacheExteriorImage.class, "content_type", "path"),
    ALIASES(AliasConfigKey.class, "alias"),
    VINS(LinkVin.class, "vin"),
    SERVICE_HISTORY(
            RecordServiceHistory.class,
            List.of("vin", "performed_on", "odometer_miles", "odometer_km", "performed_by", "services"));

    /** The columns that name a configuration by its identity instead of its config_key. */
    public static final List<String> IDENTITY = List.of("year", "make", "model", "trim", "engine_code", "drivetrain");

    static final String CONFIG_KEY = "config_key";

    private final Class<? extends CatalogCommand> command;
    private final List<String> columns;

    CatalogGroup(Class<? extends CatalogCommand> command, List<String> columns) {
        this.command = command;
        this.columns = columns;
    }

    /** A group of a configuration's facts: its rows start with the configuration's config_key. */
    CatalogGroup(Class<? extends CatalogCommand> command, String... dataColumns) {
        this(
                command,
                Stream.concat(Stream.of(CONFIG_KEY), Arrays.stream(dataColumns)).toList());
    }

    /** As the catalog format names it: {@code service_schedule}. */
    public String groupName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The name of its CSV file, {@code service_schedule.csv}; a prefix such as {@code shop-} may stand before it. */
    public String fileName() {
        return groupName() + ".csv";
    }

    /** The CSV file's columns in the order an export writes them, before the source columns ({@link CsvSource}). */
    public List<String> columns() {
        return columns;
    }

    /** The columns a file may leave out (then each row leaves the value out); a file names every other one. */
    public List<String> optionalColumns() {
        return switch (this) {
            case CONFIGURATIONS -> List.of(CONFIG_KEY, "drivetrain");
            case FLUIDS -> List.of("notes");
            case SPECS -> List.of("unit");
            case SERVICE_SCHEDULE -> List.of("miles", "kilometres", "months");
            case PARTS -> List.of("service");
            case SERVICE_HISTORY -> List.of("odometer_miles", "odometer_km");
            default -> List.of();
        };
    }

    /** Whether its rows name a configuration (by config_key or identity) rather than a VIN alone. */
    boolean keyedByConfiguration() {
        return columns.get(0).equals(CONFIG_KEY) && this != CONFIGURATIONS;
    }

    /** The group a command records. */
    public static CatalogGroup of(CatalogCommand command) {
        return Arrays.stream(values())
                .filter(group -> group.command.isInstance(command))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no catalog group records " + command.getClass()));
    }

    /** The group a CSV file's name says: {@code fluids.csv}, or with a prefix such as {@code shop-fluids.csv}. */
    static Optional<CatalogGroup> ofFileName(String fileName) {
        String name = fileName.toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(group -> name.equals(group.fileName())
                        || Stream.of("-", "_", ".", " ")
                                .anyMatch(separator -> name.endsWith(separator + group.fileName())))
                .findFirst();
    }
}
