package dev.vspec.command.catalog;

import dev.vspec.command.catalog.ConfigurationEntry.ImageEntry;
import dev.vspec.command.catalog.ConfigurationEntry.PartEntry;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import org.springframework.core.io.Resource;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;

/**
 * Reads a catalog file ({@code docs/catalog-format.md}) one configuration at a time, so a catalog
 * of any size needs the memory of one configuration: the top level is streamed here, each configuration
 * is bound by {@link CatalogJson} and checked against {@link CatalogRules}. Each configuration becomes the
 * commands that record it, in the order they must be sent; the first problem stops the read with a
 * {@link CatalogImportException} naming the entry.
 */
public final class CatalogReader {

    static final String FORMAT = "vspec-catalog/1";
    /** The kinds of workshop a service record's {@code performed_by} may name. */
    public static final Set<String> WORKSHOP_KINDS = CatalogRules.PERFORMERS;

    /**
     * One command to send, with where in the file it comes from, made for the source that sends it
     * (the import file, the vendor that answered); image bytes are read only when it is made.
     */
    public record Step(String path, Function<FactSource, CatalogCommand> command) {

        public CatalogCommand commandFrom(FactSource source) {
            return command.apply(source);
        }
    }

    /** One configuration of the file: its key, its VINs and every command that records it, in order. */
    public record Entry(String path, String configKey, List<String> vins, List<Step> steps) {}

    /** Reads the catalog and hands each configuration to {@code sink} in file order. */
    public void read(Resource catalog, Consumer<Entry> sink) {
        try (InputStream in = catalog.getInputStream();
                JsonParser parser = CatalogJson.MAPPER.createParser(in)) {
            readCatalog(catalog, parser, sink);
        } catch (IOException e) {
            throw new CatalogImportException(
                    "cannot read catalog " + catalog.getDescription() + ": " + e.getMessage(), e);
        } catch (JacksonException e) {
            throw CatalogJson.notJson(e);
        }
    }

    /**
     * Parses a catalog document the way {@link #read(Resource, Consumer)} does (a field twice in one
     * object is refused, numbers stay exactly as written) without checking it against the format,
     * so it can be changed, e.g. sanitized, before {@link #read(JsonNode, Consumer)}.
     */
    public JsonNode parse(byte[] json) {
        try {
            return CatalogJson.MAPPER.readTree(json);
        } catch (JacksonException e) {
            throw CatalogJson.notJson(e);
        }
    }

    /**
     * Reads a parsed catalog like {@link #read(Resource, Consumer)}. It lies in no folder an image
     * path could be relative to, so a configuration with an {@code image} is refused.
     */
    public void read(JsonNode catalog, Consumer<Entry> sink) {
        try (JsonParser parser = CatalogJson.MAPPER.treeAsTokens(catalog)) {
            readCatalog(null, parser, sink);
        }
    }

    private void readCatalog(Resource catalog, JsonParser parser, Consumer<Entry> sink) {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            throw new CatalogImportException("a catalog is a JSON object with format, description and configurations");
        }
        boolean hasFormat = false;
        boolean hasConfigurations = false;
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String field = parser.currentName();
            JsonToken value = parser.nextToken();
            switch (field) {
                case "format" -> {
                    if (value != JsonToken.VALUE_STRING || !FORMAT.equals(parser.getString())) {
                        throw new CatalogImportException("format must be \"" + FORMAT + "\"");
                    }
                    hasFormat = true;
                }
                case "description" -> {
                    if (value != JsonToken.VALUE_STRING) {
                        throw new CatalogImportException("description must be a string");
                    }
                }
                case "configurations" -> {
                    if (value != JsonToken.START_ARRAY) {
                        throw new CatalogImportException("configurations must be a list");
                    }
                    for (int index = 0; parser.nextToken() != JsonToken.END_ARRAY; index++) {
                        String at = "configurations[" + index + "]";
                        sink.accept(entry(catalog, Problems.inFile(at), CatalogJson.configuration(parser, at)));
                    }
                    hasConfigurations = true;
                }
                default ->
                    throw new CatalogImportException(
                            "unknown field \"" + field + "\"; a catalog has format, description and configurations");
            }
        }
        if (!hasFormat) {
            throw new CatalogImportException(
                    "format is missing; the first line of a catalog is \"format\": \"" + FORMAT + "\"");
        }
        if (!hasConfigurations) {
            throw new CatalogImportException("configurations is missing");
        }
        if (parser.nextToken() != null) {
            throw new CatalogImportException("unexpected content after the catalog object");
        }
    }

    private static Entry entry(Resource catalog, Problems at, ConfigurationEntry c) {
        String key = CatalogRules.identity(
                c.year(), c.make(), c.model(), c.trim(), c.engineCode(), c.drivetrain(), c.label(), at);
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
                        source)));
        group(
                steps,
                at.at("fluids"),
                c.fluids(),
                CatalogRules::check,
                (fluids, source) -> new RecordFluids(key, fluids, source));
        group(
                steps,
                at.at("specs"),
                c.specs(),
                CatalogRules::check,
                (specs, source) -> new RecordSpecs(key, specs, source));
        group(
                steps,
                at.at("tires"),
                c.tires(),
                CatalogRules::check,
                (tires, source) -> new RecordTires(key, tires, source));
        group(
                steps,
                at.at("service_schedule"),
                c.serviceSchedule(),
                CatalogRules::check,
                (schedule, source) -> new RecordServiceSchedule(key, schedule, source));
        group(
                steps,
                at.at("labor"),
                c.labor(),
                CatalogRules::check,
                (labor, source) -> new RecordLaborTimes(key, labor, source));
        if (c.parts() != null) {
            group(
                    steps,
                    at.at("parts"),
                    c.parts().stream()
                            .map(part -> part == null ? null : part.part())
                            .toList(),
                    CatalogRules::check,
                    (parts, source) -> new RecordParts(key, parts, source));
            steps.addAll(prices(key, at.at("parts"), c.parts()));
        }
        if (c.image() != null) {
            steps.add(image(catalog, key, at.at("image"), c.image()));
        }
        List<String> vins = new ArrayList<>();
        if (c.vins() != null) {
            at.at("vins").each(c.vins(), (vin, problems) -> vins.add(vin.value()));
        }
        Map<String, Step> histories = serviceHistories(at.at("service_history"), c.serviceHistory(), vins);
        for (int i = 0; i < vins.size(); i++) {
            String vin = vins.get(i);
            steps.add(new Step(at.at("vins").item(i).path(), source -> new LinkVin(vin, key, source)));
            Step history = histories.get(vin);
            if (history != null) {
                steps.add(history);
            }
        }
        return new Entry(at.path(), key, List.copyOf(vins), List.copyOf(steps));
    }

    /** A data group the file gives, each item checked, as one command; a group left out records nothing. */
    private static <T> void group(
            List<Step> steps,
            Problems at,
            List<T> items,
            BiConsumer<T, Problems> rule,
            BiFunction<List<T>, FactSource, CatalogCommand> command) {
        if (items != null) {
            at.each(items, rule);
            List<T> checked = List.copyOf(items);
            steps.add(new Step(at.path(), source -> command.apply(checked, source)));
        }
    }

    /** Each (part, currency, date) once per configuration: a repeat would flip the price on every re-import. */
    private static List<Step> prices(String key, Problems parts, List<PartEntry> entries) {
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
                steps.add(new Step(
                        at.path(),
                        source ->
                                new PricePart(key, part.partNumber(), amount, price.currency(), price.asOf(), source)));
            });
        }
        return steps;
    }

    private static Step image(Resource catalog, String key, Problems at, ImageEntry image) {
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
                        key, image.contentType(), in.readNBytes(CatalogRules.MAX_IMAGE_BYTES + 1), source);
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
            Problems at, Map<String, List<ServiceRecord>> histories, List<String> vins) {
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
            steps.put(vin, new Step(here.path(), source -> new RecordServiceHistory(vin, history, source)));
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
