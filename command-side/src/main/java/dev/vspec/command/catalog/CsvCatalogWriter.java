package dev.vspec.command.catalog;

import dev.vspec.command.catalog.HeldConfiguration.HeldVin;
import dev.vspec.contracts.catalog.ConfigKeyAliased;
import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.ExteriorImageCached;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.LaborTime;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.ServiceInterval;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.TireFitment;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The CSV files of the catalog format ({@code docs/catalog-format.md}, "CSV files"): one file per group, with the
 * columns in the order the format lists them, each row keyed by its configuration's config_key (a service history's
 * by VIN), a group recorded as none as a row with its key alone, and each image as a file beside them
 * ({@link ExportedImages}). Every row also names its fact's source ({@link CsvSource}), so that an import records
 * the fact as it was. Values are written as the JSON format writes them (numbers as recorded, dates
 * YYYY-MM-DD); a field is quoted only when it holds a comma, a quote or a line break. Each file is written as
 * {@code <name>.csv.partial} and takes its name when the export is finished.
 */
final class CsvCatalogWriter implements CatalogWriter {

    private final Path folder;
    private final Map<CatalogGroup, Writer> files = new EnumMap<>(CatalogGroup.class);
    private boolean finished;

    CsvCatalogWriter(Path folder) throws IOException {
        this.folder = folder;
        try {
            for (CatalogGroup group : CatalogGroup.values()) {
                Writer file =
                        Files.newBufferedWriter(partial(group), StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
                files.put(group, file);
                file.write(header(group) + "\n");
            }
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    @Override
    public void write(HeldConfiguration c) throws IOException {
        ConfigurationRegistered r = c.registration();
        String key = c.configKey();
        row(
                CatalogGroup.CONFIGURATIONS,
                r.source(),
                key,
                r.year(),
                r.make(),
                r.model(),
                r.trim(),
                r.engineCode(),
                r.drivetrain(),
                r.label());
        groups(c, key);
        if (c.parts() != null) {
            rows(CatalogGroup.PARTS, key, c.parts().parts(), c.parts().source(), CsvCatalogWriter::cells);
            prices(c, key);
        }
        if (c.labor() != null) {
            rows(CatalogGroup.LABOR, key, c.labor().laborTimes(), c.labor().source(), CsvCatalogWriter::cells);
        }
        if (c.image() != null) {
            image(key, c.image());
        }
        for (ConfigKeyAliased alias : c.aliases()) {
            row(CatalogGroup.ALIASES, alias.source(), key, alias.alias());
        }
        for (HeldVin vin : c.vins()) {
            row(CatalogGroup.VINS, vin.link().source(), key, vin.vin());
            if (vin.serviceHistory() != null) {
                history(
                        vin.vin(),
                        vin.serviceHistory().records(),
                        vin.serviceHistory().source());
            }
        }
    }

    /** Fluids, specs, tires and the service schedule, where the catalog holds them. */
    private void groups(HeldConfiguration c, String key) throws IOException {
        if (c.fluids() != null) {
            rows(CatalogGroup.FLUIDS, key, c.fluids().fluids(), c.fluids().source(), CsvCatalogWriter::cells);
        }
        if (c.specs() != null) {
            rows(CatalogGroup.SPECS, key, c.specs().specs(), c.specs().source(), CsvCatalogWriter::cells);
        }
        if (c.tires() != null) {
            rows(CatalogGroup.TIRES, key, c.tires().tires(), c.tires().source(), CsvCatalogWriter::cells);
        }
        if (c.serviceSchedule() != null) {
            rows(
                    CatalogGroup.SERVICE_SCHEDULE,
                    key,
                    c.serviceSchedule().intervals(),
                    c.serviceSchedule().source(),
                    CsvCatalogWriter::cells);
        }
    }

    /** The prices of the parts the configuration lists. */
    private void prices(HeldConfiguration c, String key) throws IOException {
        Set<String> listed = c.parts().parts().stream().map(Part::partNumber).collect(Collectors.toSet());
        for (PartPriced price : c.prices()) {
            if (listed.contains(price.partNumber())) {
                row(
                        CatalogGroup.PRICES,
                        price.source(),
                        key,
                        price.partNumber(),
                        price.amount(),
                        price.currency(),
                        price.asOf());
            }
        }
    }

    @Override
    public void finish() throws IOException {
        for (CatalogGroup group : CatalogGroup.values()) {
            files.get(group).close();
            Files.move(partial(group), folder.resolve(group.fileName()), StandardCopyOption.ATOMIC_MOVE);
        }
        finished = true;
    }

    /** Unfinished, it takes away what it wrote: the folder was empty before. */
    @Override
    public void close() throws IOException {
        if (finished) {
            return;
        }
        for (Writer file : files.values()) {
            file.close();
        }
        for (CatalogGroup group : CatalogGroup.values()) {
            Files.deleteIfExists(partial(group));
        }
        ExportedImages.remove(folder);
    }

    private Path partial(CatalogGroup group) {
        return folder.resolve(group.fileName() + ".partial");
    }

    /** The group's columns, then the source's. */
    private static String header(CatalogGroup group) {
        return Stream.concat(group.columns().stream(), CsvSource.COLUMNS.stream())
                .collect(Collectors.joining(","));
    }

    /** A group as rows, each item one; a group recorded as none, one row with the key alone. */
    private <T> void rows(CatalogGroup group, String key, List<T> items, FactSource source, Function<T, Object[]> cells)
            throws IOException {
        if (items.isEmpty()) {
            row(group, source, key);
        }
        for (T item : items) {
            Object[] values = cells.apply(item);
            Object[] keyed = new Object[values.length + 1];
            keyed[0] = key;
            System.arraycopy(values, 0, keyed, 1, values.length);
            row(group, source, keyed);
        }
    }

    private void history(String vin, List<ServiceRecord> visits, FactSource source) throws IOException {
        if (visits.isEmpty()) {
            row(CatalogGroup.SERVICE_HISTORY, source, vin);
        }
        for (ServiceRecord visit : visits) {
            row(
                    CatalogGroup.SERVICE_HISTORY,
                    source,
                    vin,
                    visit.performedOn(),
                    visit.odometerMiles(),
                    visit.odometerKm(),
                    visit.performedBy(),
                    String.join(" ", visit.services()));
        }
    }

    private void image(String key, ExteriorImageCached image) throws IOException {
        row(CatalogGroup.IMAGES, image.source(), key, image.contentType(), ExportedImages.write(folder, key, image));
    }

    /** One row: the values given, the group's other columns empty, then the source. */
    private void row(CatalogGroup group, FactSource source, Object... values) throws IOException {
        List<Object> cells = new ArrayList<>(Arrays.asList(values));
        while (cells.size() < group.columns().size()) {
            cells.add(null);
        }
        cells.addAll(CsvSource.cells(source));
        files.get(group).write(cells.stream().map(CsvCatalogWriter::cell).collect(Collectors.joining(",")) + "\n");
    }

    private static Object[] cells(Fluid f) {
        return new Object[] {f.type(), f.specification(), f.capacityLitres(), f.capacityUsQuarts(), f.notes()};
    }

    private static Object[] cells(SpecItem s) {
        return new Object[] {s.section(), s.name(), s.value(), s.unit()};
    }

    private static Object[] cells(TireFitment t) {
        return new Object[] {t.axle(), t.size(), t.loadIndex(), t.speedRating(), t.pressureKpa(), t.pressurePsi()};
    }

    private static Object[] cells(ServiceInterval i) {
        return new Object[] {i.schedule(), i.service(), i.description(), i.miles(), i.kilometres(), i.months()};
    }

    private static Object[] cells(Part p) {
        return new Object[] {p.partNumber(), p.name(), p.category(), p.brand(), p.quantity(), p.service()};
    }

    private static Object[] cells(LaborTime l) {
        return new Object[] {l.operation(), l.description(), l.hours()};
    }

    /** A value as a field: empty when not given, a number as recorded, quoted when it holds a comma, quote or line break. */
    static String cell(Object value) {
        if (value == null) {
            return "";
        }
        String text = value instanceof BigDecimal decimal ? decimal.toPlainString() : value.toString();
        if (text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")) {
            return "\"" + text.replace("\"", "\"\"") + "\"";
        }
        return text;
    }
}
