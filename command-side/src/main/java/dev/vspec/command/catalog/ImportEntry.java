package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.FactSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What an import records of one configuration: its commands in the order they must be sent, each made for the file
 * its fact came from, with the place in that file. An import sends one entry as one unit ({@link
 * CatalogCommandSide#sendTogether}), so a configuration is recorded whole or not at all.
 *
 * @param configKey the configuration
 * @param vins      the VINs linked to it
 * @param given     what an earlier entry of the import records and this one needs (the registration a JSON file
 *                  of the import gives for a CSV file's data): sent first in the same unit and not counted, so that
 *                  a unit asked without storing ({@code --check}) meets what the import would have stored before it
 */
public record ImportEntry(String configKey, List<String> vins, List<Step> steps, List<CatalogCommand> given) {

    public ImportEntry(String configKey, List<String> vins, List<Step> steps) {
        this(configKey, vins, steps, List.of());
    }

    /**
     * One command of the entry.
     *
     * @param group  the group of facts it records
     * @param at     where the fact stands in its file: {@code configurations[3].fluids}, {@code line 4}
     * @param source the file it came from
     */
    public record Step(CatalogGroup group, String at, FactSource source, CatalogReader.Step step) {

        /** {@code fluids.csv: line 4}. */
        public String place() {
            return source.name() + ": " + at;
        }

        /** The command; an image's bytes are read now. */
        public CatalogCommand command() {
            return step.commandFrom(source);
        }
    }

    /** The commands, made now. */
    public List<CatalogCommand> commands() {
        return steps.stream().map(Step::command).toList();
    }

    /** The unit to send: what is {@link #given}, then the commands. */
    public List<CatalogCommand> unit() {
        List<CatalogCommand> unit = new ArrayList<>(given);
        unit.addAll(commands());
        return unit;
    }

    /** Whether a step registers the configuration. */
    boolean registers() {
        return steps.stream().anyMatch(step -> step.group() == CatalogGroup.CONFIGURATIONS);
    }

    ImportEntry after(CatalogCommand registration) {
        return new ImportEntry(configKey, vins, steps, List.of(registration));
    }

    /**
     * The group of a step of a catalog reader's entry, by its path below the entry's: the entry's own path registers,
     * {@code .fluids} records fluids, {@code .parts[0].prices[1]} a price, {@code .vins[2]} links a VIN.
     */
    static CatalogGroup groupAt(String entryPath, String stepPath) {
        String below = stepPath.substring(entryPath.length());
        if (below.isEmpty()) {
            return CatalogGroup.CONFIGURATIONS;
        }
        if (below.contains(".prices[")) {
            return CatalogGroup.PRICES;
        }
        String field = below.substring(1).split("[.\\[]", 2)[0];
        return field.equals("image") ? CatalogGroup.IMAGES : CatalogGroup.valueOf(field.toUpperCase(Locale.ROOT));
    }
}
