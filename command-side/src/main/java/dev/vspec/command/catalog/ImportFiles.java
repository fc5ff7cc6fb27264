package dev.vspec.command.catalog;

import dev.vspec.access.Sha256;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.FactSource;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.springframework.core.io.Resource;

/**
 * The files of one catalog import ({@code docs/catalog-format.md}): catalog files in the JSON format and CSV files,
 * one per group, which its name says. Every file is read and checked before anything is sent, and every problem is
 * kept with its file and place; only files without a problem are then handed out, entry by entry, in the order they
 * must be sent: the JSON files' configurations as each file lists them (read again, so a JSON catalog of any size
 * needs the memory of one configuration), then the CSV files' (whose data may belong to a configuration a JSON file
 * of the import registers).
 */
public final class ImportFiles {

    /** The problems shown at most; a file with more has a systematic fault that the first ones show. */
    public static final int MAX_PROBLEMS = 100;

    /** The groups whose facts of one configuration one file of an import gives. */
    private static final Set<CatalogGroup> WHOLE_GROUPS = EnumSet.of(
            CatalogGroup.CONFIGURATIONS,
            CatalogGroup.FLUIDS,
            CatalogGroup.SPECS,
            CatalogGroup.TIRES,
            CatalogGroup.SERVICE_SCHEDULE,
            CatalogGroup.PARTS,
            CatalogGroup.LABOR,
            CatalogGroup.IMAGES);

    /**
     * A problem of the import.
     *
     * @param file    the file's name
     * @param message where in the file and what: {@code line 4, column 5 (capacity_litres): ...}, {@code
     *                configurations[3].vins[1]: ...}
     */
    public record Problem(String file, String message) {

        @Override
        public String toString() {
            return file + ": " + message;
        }
    }

    private final List<Resource> jsonFiles = new ArrayList<>();
    private final List<CsvFile> csvFiles = new ArrayList<>();
    private final List<Problem> problems = new ArrayList<>();
    private final Map<String, Step> claims = new HashMap<>();
    private final CatalogReader reader = new CatalogReader();
    /** The registrations of the JSON files, by config_key, when CSV files may give data of them. */
    private final Map<String, CatalogCommand> registrations = new HashMap<>();

    private final boolean severalFiles;
    private final boolean withCsv;
    private List<ImportEntry> csvEntries = List.of();
    private final Set<String> configurations = new HashSet<>();
    private int vins;
    private int entries;

    private ImportFiles(List<Resource> files) {
        this.severalFiles = files.size() > 1;
        this.withCsv = files.stream()
                .anyMatch(file -> nameOf(file).toLowerCase(Locale.ROOT).endsWith(".csv"));
    }

    /** Reads and checks every file; {@link #problems()} says what is wrong. */
    public static ImportFiles check(List<Resource> files) {
        ImportFiles check = new ImportFiles(files);
        for (Resource file : files) {
            check.read(file);
        }
        check.readCsv();
        return check;
    }

    /** Every problem found, up to {@link #MAX_PROBLEMS}; empty when the import may be sent. */
    public List<Problem> problems() {
        return List.copyOf(problems.subList(0, Math.min(problems.size(), MAX_PROBLEMS)));
    }

    /** Whether problems beyond {@link #MAX_PROBLEMS} were left out. */
    public boolean moreProblems() {
        return problems.size() > MAX_PROBLEMS;
    }

    /** The configurations the files describe or give data of. */
    public int configurations() {
        return configurations.size();
    }

    /** The units the import sends: one per configuration of a JSON file, one per configuration of the CSV files. */
    public int entries() {
        return entries;
    }

    /** The VINs the files link. */
    public int vins() {
        return vins;
    }

    /**
     * Hands each entry to {@code sink} in the order they must be sent.
     *
     * @throws IllegalStateException when the files have problems
     */
    public void forEachEntry(Consumer<ImportEntry> sink) {
        if (!problems.isEmpty()) {
            throw new IllegalStateException("an import with problems is not sent");
        }
        for (Resource json : jsonFiles) {
            FactSource source = CatalogImporter.sourceOf(json);
            reader.read(json, entry -> sink.accept(entryOf(entry, source)));
        }
        csvEntries.forEach(sink);
    }

    private void read(Resource file) {
        String name = nameOf(file);
        String lower = name.toLowerCase(Locale.ROOT);
        try {
            if (lower.endsWith(".json")) {
                readJson(file, name);
            } else if (lower.endsWith(".csv")) {
                csvFile(file, name);
            } else {
                report(name, "a catalog file is JSON (.json, vspec-catalog/1) or CSV (.csv, one file per group)");
            }
        } catch (CatalogImportException e) {
            report(name, e.getMessage());
        }
    }

    private void readJson(Resource file, String name) {
        FactSource source = CatalogImporter.sourceOf(file);
        jsonFiles.add(file);
        reader.read(
                file,
                entry -> {
                    ImportEntry read = entryOf(entry, source);
                    claim(read);
                    if (withCsv) {
                        registrations.put(read.configKey(), read.steps().get(0).command());
                    }
                },
                problem -> report(name, problem.getMessage()));
    }

    private void csvFile(Resource file, String name) {
        CatalogGroup group = CatalogGroup.ofFileName(name)
                .orElseThrow(() -> new CatalogImportException("the name of a CSV file says its group: "
                        + Arrays.stream(CatalogGroup.values())
                                .map(CatalogGroup::fileName)
                                .collect(Collectors.joining(", "))
                        + ", or one of them after a prefix such as shop- (shop-fluids.csv)"));
        byte[] bytes;
        try (InputStream in = file.getInputStream()) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new CatalogImportException("cannot read the file: " + e.getMessage(), e);
        }
        csvFiles.add(CsvFile.read(file, group, bytes, FactSource.importFile(name, Sha256.hex(bytes))));
    }

    /** The CSV files' entries, once every file's text and header are sound. */
    private void readCsv() {
        if (!problems.isEmpty() || csvFiles.isEmpty()) {
            return;
        }
        csvEntries = CatalogCsv.entries(csvFiles, problem -> {
                    String message = problem.getMessage();
                    int colon = message.indexOf(": ");
                    report(message.substring(0, colon), message.substring(colon + 2));
                })
                .stream()
                .map(entry -> entry.registers() || !registrations.containsKey(entry.configKey())
                        ? entry
                        : entry.after(registrations.get(entry.configKey())))
                .toList();
        csvEntries.forEach(this::claim);
    }

    /**
     * Notes what an entry records, so that no configuration, group of a configuration or VIN is given by two entries
     * of the import: which of them would count would depend on their order.
     */
    private void claim(ImportEntry entry) {
        configurations.add(entry.configKey());
        entries++;
        int vin = 0;
        for (ImportEntry.Step step : entry.steps()) {
            CatalogGroup group = step.group();
            if (group == CatalogGroup.VINS) {
                String linked = entry.vins().get(vin++);
                claim("vin " + linked, step, linked + " is already listed at ");
                this.vins++;
            } else if (WHOLE_GROUPS.contains(group) && (severalFiles || group == CatalogGroup.CONFIGURATIONS)) {
                String what = group == CatalogGroup.CONFIGURATIONS
                        ? entry.configKey() + " is already described at "
                        : "the " + group.groupName() + " of " + entry.configKey() + " are already given at ";
                claim(entry.configKey() + " " + group, step, what);
            }
        }
    }

    private void claim(String key, ImportEntry.Step step, String problem) {
        Step claimed = new Step(step.source().name(), step.at());
        Step earlier = claims.putIfAbsent(key, claimed);
        if (earlier != null) {
            report(claimed.file(), claimed.at() + ": " + problem + earlier.placeSeenFrom(claimed.file()));
        }
    }

    /** Where an entry's step stands, for a later one to say it. */
    private record Step(String file, String at) {

        String placeSeenFrom(String file) {
            return file.equals(this.file) ? at : this.file + ": " + at;
        }
    }

    private void report(String file, String message) {
        if (problems.size() <= MAX_PROBLEMS) {
            problems.add(new Problem(file, message));
        }
    }

    private static ImportEntry entryOf(CatalogReader.Entry entry, FactSource source) {
        return new ImportEntry(
                entry.configKey(),
                entry.vins(),
                entry.steps().stream()
                        .map(step -> new ImportEntry.Step(
                                ImportEntry.groupAt(entry.path(), step.path()), step.path(), source, step))
                        .toList());
    }

    private static String nameOf(Resource file) {
        return file.getFilename() == null ? file.getDescription() : file.getFilename();
    }
}
