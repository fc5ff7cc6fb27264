package dev.vspec.command.catalog;

import dev.vspec.command.catalog.CatalogReader.Entry;
import dev.vspec.command.catalog.CatalogReader.Step;
import dev.vspec.command.catalog.ConfigurationEntry.ImageEntry;
import dev.vspec.command.catalog.ConfigurationEntry.PartEntry;
import dev.vspec.command.catalog.ConfigurationEntry.SourcesEntry;
import dev.vspec.contracts.catalog.AliasConfigKey;
import dev.vspec.contracts.catalog.CacheExteriorImage;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.FactSource;
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
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.identity.Vin;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import org.springframework.core.io.Resource;

/**
 * One configuration of a catalog, as bound by {@link CatalogJson}, checked against {@link CatalogRules} and made
 * into the commands that record it, in the order they must be sent: register, each alias, each data group, each
 * price, the image, then each VIN's link followed by its service history. Each command carries the source the file
 * states for its fact ({@link StatedSources}), else the one it is made for.
 */
final class ConfigurationSteps {

    private ConfigurationSteps() {}

    /** The configuration at {@code at}; {@code catalog} is null for a parsed document, which refuses an image. */
    static Entry entry(Resource catalog, Problems at, ConfigurationEntry c) {
        String key = CatalogRules.identity(c, at);
        StatedSources stated = StatedSources.of(c, at, catalog != null);
        List<Step> steps = new ArrayList<>();
        steps.add(new Step(
                at.path(),
                source -> new RegisterConfiguration(
                        key,
                        c.year(),
                        c.make(),
                        c.model(),
                        c.trim(),
                        c.engineCode(),
                        c.drivetrain(),
                        c.label(),
                        StatedSources.or(stated.configuration(), source))));
        return entry(catalog, at, key, c, stated, steps);
    }

    /**
     * The data of configuration {@code key}, which another file of the import or the catalog registers: its aliases,
     * groups, prices, image and VINs as {@link #entry} makes them, without a registration; {@code c}'s identity is
     * not read.
     */
    static Entry data(Resource catalog, Problems at, String key, ConfigurationEntry c) {
        return entry(catalog, at, key, c, StatedSources.of(c, at, catalog != null), new ArrayList<>());
    }

    private static Entry entry(
            Resource catalog, Problems at, String key, ConfigurationEntry c, StatedSources stated, List<Step> steps) {
        steps.addAll(aliases(key, at.at("aliases"), c.aliases(), stated));
        groups(steps, at, key, c, stated);
        if (c.parts() != null) {
            group(
                    steps,
                    at.at("parts"),
                    c.parts().stream()
                            .map(part -> part == null ? null : part.part())
                            .toList(),
                    CatalogRules::check,
                    stated.group(SourcesEntry::parts),
                    (parts, source) -> new RecordParts(key, parts, source));
            steps.addAll(prices(key, at.at("parts"), c.parts(), stated));
        }
        if (c.image() != null) {
            steps.add(image(catalog, key, at.at("image"), c.image(), stated.group(SourcesEntry::image)));
        }
        List<String> vins = new ArrayList<>();
        if (c.vins() != null) {
            at.at("vins").each(c.vins(), (vin, problems) -> vins.add(vin.value()));
        }
        steps.addAll(vinLinks(at, key, c, vins, stated));
        return new Entry(at.path(), key, List.copyOf(vins), List.copyOf(steps));
    }

    /** The data groups that are one command each: fluids, specs, tires, the service schedule and labor. */
    private static void groups(List<Step> steps, Problems at, String key, ConfigurationEntry c, StatedSources stated) {
        group(
                steps,
                at.at("fluids"),
                c.fluids(),
                CatalogRules::check,
                stated.group(SourcesEntry::fluids),
                (fluids, source) -> new RecordFluids(key, fluids, source));
        group(
                steps,
                at.at("specs"),
                c.specs(),
                CatalogRules::check,
                stated.group(SourcesEntry::specs),
                (specs, source) -> new RecordSpecs(key, specs, source));
        group(
                steps,
                at.at("tires"),
                c.tires(),
                CatalogRules::check,
                stated.group(SourcesEntry::tires),
                (tires, source) -> new RecordTires(key, tires, source));
        group(
                steps,
                at.at("service_schedule"),
                c.serviceSchedule(),
                CatalogRules::check,
                stated.group(SourcesEntry::serviceSchedule),
                (schedule, source) -> new RecordServiceSchedule(key, schedule, source));
        group(
                steps,
                at.at("labor"),
                c.labor(),
                CatalogRules::check,
                stated.group(SourcesEntry::labor),
                (labor, source) -> new RecordLaborTimes(key, labor, source));
    }

    /** Each VIN's link, followed by its service history when the file gives one. */
    private static List<Step> vinLinks(
            Problems at, String key, ConfigurationEntry c, List<String> vins, StatedSources stated) {
        Map<String, Step> histories = serviceHistories(at.at("service_history"), c.serviceHistory(), vins, stated);
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < vins.size(); i++) {
            String vin = vins.get(i);
            FactSource link = stated.vin(vin);
            steps.add(new Step(
                    at.at("vins").item(i).path(), source -> new LinkVin(vin, key, StatedSources.or(link, source))));
            Step history = histories.get(vin);
            if (history != null) {
                steps.add(history);
            }
        }
        return steps;
    }

    /** A data group the file gives, each item checked, as one command; a group left out records nothing. */
    private static <T> void group(
            List<Step> steps,
            Problems at,
            List<T> items,
            BiConsumer<T, Problems> rule,
            FactSource stated,
            BiFunction<List<T>, FactSource, CatalogCommand> command) {
        if (items != null) {
            at.each(items, rule);
            List<T> checked = List.copyOf(items);
            steps.add(new Step(at.path(), source -> command.apply(checked, StatedSources.or(stated, source))));
        }
    }

    /** Other config_keys that answer for this configuration, each once. */
    private static List<Step> aliases(String key, Problems at, List<String> aliases, StatedSources stated) {
        List<Step> steps = new ArrayList<>();
        if (aliases == null) {
            return steps;
        }
        Set<String> seen = new HashSet<>();
        at.each(aliases, (alias, here) -> {
            CatalogRules.alias(alias, key, here);
            if (!seen.add(alias)) {
                here.report(alias + " is listed twice");
            }
            FactSource source = stated.alias(alias);
            steps.add(new Step(here.path(), given -> new AliasConfigKey(key, alias, StatedSources.or(source, given))));
        });
        return steps;
    }

    /** Each (part, currency, date) once per configuration: a repeat would flip the price on every re-import. */
    private static List<Step> prices(String key, Problems parts, List<PartEntry> entries, StatedSources stated) {
        List<Step> steps = new ArrayList<>();
        Map<String, String> seen = new HashMap<>();
        for (int i = 0; i < entries.size(); i++) {
            PartEntry part = entries.get(i);
            if (part.prices() == null) {
                continue;
            }
            parts.item(i).at("prices").each(part.prices(), (price, at) -> {
                BigDecimal amount = price.decimalAmount();
                CatalogRules.price(part.partNumber(), amount, price.currency(), price.asOf(), at);
                String priceKey = part.partNumber() + " " + price.currency() + " " + price.asOf();
                String earlier = seen.putIfAbsent(priceKey, at.path());
                if (earlier != null) {
                    at.report(part.partNumber() + " already has a " + price.currency() + " price as of " + price.asOf()
                            + " at " + earlier);
                }
                StatedSources.checked(price.source(), at.at("source"));
                FactSource priced = stated.price(price);
                steps.add(new Step(
                        at.path(),
                        source -> new PricePart(
                                key,
                                part.partNumber(),
                                amount,
                                price.currency(),
                                price.asOf(),
                                StatedSources.or(priced, source))));
            });
        }
        return steps;
    }

    private static Step image(Resource catalog, String key, Problems at, ImageEntry image, FactSource stated) {
        if (catalog == null) {
            at.report("only a catalog file can carry an image; its path is relative to the file's folder");
        }
        String path = image.path();
        Problems pathAt = at.at("path");
        if (path == null
                || path.isBlank()
                || path.startsWith("/")
                || path.contains("\\")
                || List.of(path.split("/")).contains("..")) {
            pathAt.report("must be a relative path below the catalog's folder, e.g. images/2019-honda-civic-lx.svg");
        }
        Resource file;
        long size;
        try {
            file = catalog.createRelative(path);
            if (!file.exists()) {
                pathAt.report(path + " does not exist next to the catalog");
            }
            size = file.contentLength();
        } catch (IOException e) {
            throw unreadable(pathAt, path, e);
        }
        CatalogRules.image(image.contentType(), size, at);
        return new Step(at.path(), source -> {
            try (InputStream in = file.getInputStream()) {
                return new CacheExteriorImage(
                        key,
                        image.contentType(),
                        in.readNBytes(CatalogRules.MAX_IMAGE_BYTES + 1),
                        StatedSources.or(stated, source));
            } catch (IOException e) {
                throw unreadable(pathAt, path, e);
            }
        });
    }

    private static CatalogImportException unreadable(Problems at, String path, IOException e) {
        return new CatalogImportException(at.path() + ": cannot read " + path + ": " + e.getMessage(), e);
    }

    /** {@code service_history}: per VIN of this configuration, its visits; each becomes one command by VIN. */
    private static Map<String, Step> serviceHistories(
            Problems at, Map<String, List<ServiceRecord>> histories, List<String> vins, StatedSources stated) {
        Map<String, Step> steps = new LinkedHashMap<>();
        if (histories == null) {
            return steps;
        }
        LocalDate latest = CatalogRules.latestServiceDate();
        histories.forEach((name, visits) -> {
            Problems here = at.at(name);
            String vin = vin(here, name);
            if (!vins.contains(vin)) {
                here.report(vin + " is not listed in this configuration's vins");
            }
            if (steps.containsKey(vin)) {
                here.report(vin + " already has a service history here");
            }
            if (visits == null) {
                here.report("must be a list of visits");
            }
            CatalogRules.serviceHistory(visits, latest, here);
            List<ServiceRecord> history = List.copyOf(visits);
            FactSource recorded = stated.serviceHistory(vin);
            steps.put(
                    vin,
                    new Step(
                            here.path(),
                            source -> new RecordServiceHistory(vin, history, StatedSources.or(recorded, source))));
        });
        return steps;
    }

    private static String vin(Problems at, String text) {
        try {
            return Vin.parse(text).value();
        } catch (ApiException e) {
            throw at.refusal(e.getMessage());
        }
    }
}
