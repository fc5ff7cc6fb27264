package dev.vspec.command.catalog;

import dev.vspec.command.catalog.ConfigurationEntry.ImageEntry;
import dev.vspec.command.catalog.ConfigurationEntry.PartEntry;
import dev.vspec.command.catalog.ConfigurationEntry.PriceEntry;
import dev.vspec.command.catalog.ConfigurationEntry.SourcesEntry;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.identity.Vin;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.core.io.Resource;

/**
 * What the CSV files of an import say of one configuration, gathered row by row into a {@link ConfigurationEntry},
 * with the file and row of every part of it: a problem the rules find at {@code <key>.fluids[1]} is told as
 * {@code fluids.csv: line 3, column 5 (capacity_litres): ...}, and each fact is recorded with the source its rows
 * state, else with their file.
 */
final class CsvConfiguration {

    private static final Pattern LEADING_NAME = Pattern.compile("^([a-z_]+)\\b");

    /** A row of a file. */
    private record Place(CsvFile file, CsvRow row) {}

    /**
     * The items of one list group (or a VIN's visits), from one file, with the source its first row states; a row
     * without data makes it "none".
     */
    private static final class Items {
        final CsvFile file;
        final FactSource stated;
        final List<Object> values = new ArrayList<>();
        CsvRow none;

        Items(CsvFile file, FactSource stated) {
            this.file = file;
            this.stated = stated;
        }
    }

    private final String key;
    private final Map<String, Place> places = new HashMap<>();
    private final Map<CatalogGroup, Items> lists = new EnumMap<>(CatalogGroup.class);
    private final List<Vin> vins = new ArrayList<>();
    private final Map<String, Items> histories = new LinkedHashMap<>();
    private final List<String> aliases = new ArrayList<>();
    private CsvRow registration;
    private ImageEntry image;
    private Resource imageFolder;
    private boolean broken;

    CsvConfiguration(String key) {
        this.key = key;
    }

    String key() {
        return key;
    }

    /** A row of it was refused: it yields no entry, so that no rule reports what follows from that row. */
    void markBroken() {
        broken = true;
    }

    boolean broken() {
        return broken;
    }

    void register(CsvFile file, CsvRow row) {
        if (registration != null) {
            Place earlier = places.get(key);
            throw row.problem(
                    keyColumn(row),
                    key + " is already described at " + earlier.file().name() + " line "
                            + earlier.row().line());
        }
        registration = row;
        places.put(key, new Place(file, row));
    }

    /** A row of a list group (fluids, specs, tires, service_schedule, labor, parts). */
    void add(CsvFile file, CsvRow row, FactSource stated, boolean none, Supplier<Object> value) {
        CatalogGroup group = file.group();
        item(
                lists.computeIfAbsent(group, g -> new Items(file, stated)),
                new Place(file, row),
                stated,
                key + "." + group.groupName(),
                "the " + group.groupName() + " of " + key,
                none ? null : value);
    }

    /** A visit of a VIN's history, oldest first; null for a row that records the history as none. */
    void visit(CsvFile file, CsvRow row, FactSource stated, String vin, ServiceRecord visit) {
        item(
                histories.computeIfAbsent(vin, v -> new Items(file, stated)),
                new Place(file, row),
                stated,
                key + ".service_history." + vin,
                "the service history of " + vin,
                visit == null ? null : () -> visit);
    }

    /** A row of a group's items at {@code path}; with {@code value} null, the row that records the group as none. */
    private void item(Items items, Place place, FactSource stated, String path, String what, Supplier<Object> value) {
        CsvRow row = place.row();
        sameFile(items, place.file(), row);
        sameSource(items, stated, path, row, what);
        standsAlone(items, value == null, path, row, what);
        places.putIfAbsent(path, place);
        if (value == null) {
            items.none = row;
            return;
        }
        places.put(path + "[" + items.values.size() + "]", place);
        items.values.add(value.get());
    }

    private void sameFile(Items items, CsvFile file, CsvRow row) {
        if (items.file != file) {
            throw row.problem(
                    keyColumn(row),
                    "the " + file.group().groupName() + " of " + key + " are already in " + items.file.name()
                            + "; give a group of a configuration in one file");
        }
    }

    /** A group is recorded as one fact, with one source: each of its rows states the source its first row states. */
    private void sameSource(Items items, FactSource stated, String path, CsvRow row, String what) {
        if (!Objects.equals(items.stated, stated)) {
            throw row.problem(
                    CsvSource.firstDifference(items.stated, stated),
                    "a group is recorded as one fact with one source, so every row of " + what
                            + " states the same source; line " + rowOf(path).line()
                            + (items.stated == null ? " states none" : " states another"));
        }
    }

    /** A row without data records its group as none, so no other row may be about the same group. */
    private void standsAlone(Items items, boolean none, String path, CsvRow row, String what) {
        if (items.none != null || (none && !items.values.isEmpty())) {
            CsvRow other = items.none != null ? items.none : rowOf(path);
            throw row.problem(
                    keyColumn(row),
                    "a row without data records " + what + " as none, so it stands alone; line " + other.line()
                            + " is about it too");
        }
    }

    /** The column that says which configuration (or, in a service history, which VIN) a row is about. */
    private static String keyColumn(CsvRow row) {
        return row.has(CatalogGroup.CONFIG_KEY) ? CatalogGroup.CONFIG_KEY : row.has("year") ? "year" : "vin";
    }

    /** A price of a part this import's parts file lists for the configuration. */
    void price(CsvFile file, CsvRow row, String partNumber, PriceEntry price) {
        Items parts = lists.get(CatalogGroup.PARTS);
        for (int i = 0; parts != null && i < parts.values.size(); i++) {
            PartEntry part = (PartEntry) parts.values.get(i);
            if (part.partNumber().equals(partNumber)) {
                places.put(key + ".parts[" + i + "].prices[" + part.prices().size() + "]", new Place(file, row));
                part.prices().add(price);
                return;
            }
        }
        throw row.problem(
                "part_number",
                partNumber + " is not in the parts of " + key
                        + " in this import; a price belongs to a part the import's parts file lists");
    }

    void image(CsvFile file, CsvRow row, ImageEntry entry) {
        if (image != null) {
            Place earlier = places.get(key + ".image");
            throw row.problem(
                    keyColumn(row),
                    key + " already has an image at " + earlier.file().name() + " line "
                            + earlier.row().line());
        }
        image = entry;
        imageFolder = file.resource();
        places.put(key + ".image", new Place(file, row));
    }

    void alias(CsvFile file, CsvRow row, String alias) {
        places.put(key + ".aliases[" + aliases.size() + "]", new Place(file, row));
        aliases.add(alias);
    }

    void vin(CsvFile file, CsvRow row, Vin vin) {
        places.put(key + ".vins[" + vins.size() + "]", new Place(file, row));
        vins.add(vin);
    }

    /**
     * The entry, checked by the catalog's rules; null, with the problem reported, when a rule refuses it.
     */
    ImportEntry entry(Consumer<CatalogImportException> problems) {
        ConfigurationEntry c = configurationEntry();
        try {
            CatalogReader.Entry read = registration != null
                    ? ConfigurationSteps.entry(catalog(), Problems.inFile(key), c)
                    : ConfigurationSteps.data(catalog(), Problems.inFile(key), key, c);
            List<ImportEntry.Step> steps = new ArrayList<>();
            for (CatalogReader.Step step : read.steps()) {
                steps.add(step(step));
            }
            return new ImportEntry(key, read.vins(), List.copyOf(steps));
        } catch (CatalogImportException e) {
            problems.accept(located(e));
            return null;
        }
    }

    /**
     * What the rules take for the catalog file: the images file, which an image's path is relative to; else any file
     * of the configuration, so that the sources it states are read as an operator's file states them.
     */
    private Resource catalog() {
        return imageFolder != null
                ? imageFolder
                : places.values().iterator().next().file().resource();
    }

    private ImportEntry.Step step(CatalogReader.Step step) {
        Place place = placeOf(step.path());
        return new ImportEntry.Step(
                ImportEntry.groupAt(key, step.path()),
                "line " + place.row().line(),
                place.file().source(),
                step);
    }

    @SuppressWarnings("unchecked")
    private <T> List<T> list(CatalogGroup group) {
        Items items = lists.get(group);
        return items == null ? null : (List<T>) List.copyOf(items.values);
    }

    private ConfigurationEntry configurationEntry() {
        CsvRow r = registration;
        Map<String, List<ServiceRecord>> visits = new LinkedHashMap<>();
        histories.forEach((vin, items) -> visits.put(vin, this.<ServiceRecord>listOf(items)));
        return new ConfigurationEntry(
                r == null ? 0 : r.requiredWhole("year"),
                r == null ? null : r.text("make"),
                r == null ? null : r.text("model"),
                r == null ? null : r.text("trim"),
                r == null ? null : r.text("engine_code"),
                r == null ? null : r.text("drivetrain"),
                r == null ? null : r.text("label"),
                r == null ? null : sourceAt(key),
                list(CatalogGroup.FLUIDS),
                list(CatalogGroup.SPECS),
                list(CatalogGroup.TIRES),
                list(CatalogGroup.SERVICE_SCHEDULE),
                list(CatalogGroup.PARTS),
                list(CatalogGroup.LABOR),
                image,
                aliases.isEmpty() ? null : List.copyOf(aliases),
                vins.isEmpty() ? null : List.copyOf(vins),
                visits.isEmpty() ? null : visits,
                sources());
    }

    /**
     * Each fact's source stated outright, the one its rows state or else their file: where a JSON catalog states none
     * for a fact, the configuration's stands for it, but a CSV row that states none is its own file's.
     */
    private SourcesEntry sources() {
        Map<String, FactSource> serviceHistories = new LinkedHashMap<>();
        histories.keySet().forEach(vin -> serviceHistories.put(vin, sourceAt(key + ".service_history." + vin)));
        return new SourcesEntry(
                groupSource(CatalogGroup.FLUIDS),
                groupSource(CatalogGroup.SPECS),
                groupSource(CatalogGroup.TIRES),
                groupSource(CatalogGroup.SERVICE_SCHEDULE),
                groupSource(CatalogGroup.PARTS),
                groupSource(CatalogGroup.LABOR),
                image == null ? null : sourceAt(key + ".image"),
                listed(aliases, "aliases"),
                listed(vins.stream().map(Vin::value).toList(), "vins"),
                serviceHistories);
    }

    private FactSource groupSource(CatalogGroup group) {
        return lists.containsKey(group) ? sourceAt(key + "." + group.groupName()) : null;
    }

    /** The sources of a list's items (aliases, VINs), by item. */
    private Map<String, FactSource> listed(List<String> items, String list) {
        Map<String, FactSource> sources = new LinkedHashMap<>();
        for (int i = 0; i < items.size(); i++) {
            sources.put(items.get(i), sourceAt(key + "." + list + "[" + i + "]"));
        }
        return sources;
    }

    /** The source of the fact whose (first) row stands at {@code path}. */
    private FactSource sourceAt(String path) {
        Place place = places.get(path);
        return place.file().sourceOf(place.row());
    }

    @SuppressWarnings("unchecked")
    private <T> List<T> listOf(Items items) {
        return (List<T>) List.copyOf(items.values);
    }

    private CsvRow rowOf(String path) {
        Place place = places.get(path);
        return place == null ? null : place.row();
    }

    /** The row of a path the rules name, or of the nearest part above it. */
    private Place placeOf(String path) {
        String found = path;
        while (!places.containsKey(found) && found.length() > key.length()) {
            found = found.substring(0, Math.max(found.lastIndexOf('.'), found.lastIndexOf('[')));
        }
        Place place = places.get(found);
        return place != null ? place : places.values().iterator().next();
    }

    /**
     * A rule's problem ({@code <key>.fluids[1]: capacity_litres must not be negative}) told at its file, line and
     * column: the column a field below the row names, else the one the problem starts with or mentions.
     */
    private CatalogImportException located(CatalogImportException e) {
        String message = e.getMessage();
        int colon = message.indexOf(": ");
        String path = message.substring(0, colon);
        String problem = message.substring(colon + 2);
        Place place = placeOf(path);
        String below = path.length() > key.length() ? path.substring(key.length()) : "";
        String column = columnNamed(place, below.substring(below.lastIndexOf('.') + 1), problem);
        return new CatalogImportException(
                place.file().name() + ": " + place.row().place(column) + ": " + problem, e);
    }

    private static String columnNamed(Place place, String field, String problem) {
        List<String> columns = place.file().group().columns();
        if (columns.contains(field) && place.row().has(field)) {
            return field;
        }
        Matcher leading = LEADING_NAME.matcher(problem);
        if (leading.find() && place.row().has(leading.group(1))) {
            return leading.group(1);
        }
        for (String column : place.file().dataColumns()) {
            if (place.row().has(column)
                    && Pattern.compile("\\b" + column + "\\b").matcher(problem).find()) {
                return column;
            }
        }
        return place.file().dataColumns().stream()
                .filter(place.row()::has)
                .findFirst()
                .orElse(null);
    }
}
