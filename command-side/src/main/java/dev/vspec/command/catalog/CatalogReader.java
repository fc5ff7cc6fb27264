package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.CacheExteriorImage;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.LaborTime;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PricePart;
import dev.vspec.contracts.catalog.RecordFluids;
import dev.vspec.contracts.catalog.RecordLaborTimes;
import dev.vspec.contracts.catalog.RecordParts;
import dev.vspec.contracts.catalog.RecordServiceHistory;
import dev.vspec.contracts.catalog.RecordServiceSchedule;
import dev.vspec.contracts.catalog.RecordSpecs;
import dev.vspec.contracts.catalog.RecordTires;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.ServiceInterval;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.TireFitment;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.identity.Vin;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.springframework.core.io.Resource;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a catalog file ({@code docs/catalog-format.md}) one configuration at a time, so a catalog
 * of any size needs the memory of one configuration. Each configuration becomes the commands that
 * record it, in the order they must be sent; the first problem, structural or against
 * {@link CatalogRules}, stops the read with a {@link CatalogImportException} naming the entry.
 */
public final class CatalogReader {

    static final String FORMAT = "vspec-catalog/1";
    /** The kinds of workshop a service record's {@code performed_by} may name. */
    public static final Set<String> WORKSHOP_KINDS = CatalogRules.PERFORMERS;

    private static final Pattern DECIMAL = Pattern.compile("-?\\d+(\\.\\d+)?");
    private static final Set<String> CONFIGURATION_FIELDS = Set.of("year", "make", "model", "trim", "engine_code",
            "drivetrain", "label", "fluids", "specs", "tires", "service_schedule", "parts", "labor", "image", "vins",
            "service_history");
    private static final Set<String> FLUID_FIELDS = Set.of(
            "type", "specification", "capacity_litres", "capacity_us_quarts", "notes");
    private static final Set<String> SPEC_FIELDS = Set.of("section", "name", "value", "unit");
    private static final Set<String> TIRE_FIELDS = Set.of(
            "axle", "size", "load_index", "speed_rating", "pressure_kpa", "pressure_psi");
    private static final Set<String> INTERVAL_FIELDS = Set.of(
            "schedule", "service", "description", "miles", "kilometres", "months");
    private static final Set<String> PART_FIELDS = Set.of(
            "part_number", "name", "category", "brand", "quantity", "service", "prices");
    private static final Set<String> PRICE_FIELDS = Set.of("amount", "currency", "as_of");
    private static final Set<String> LABOR_FIELDS = Set.of("operation", "description", "hours");
    private static final Set<String> IMAGE_FIELDS = Set.of("content_type", "path");
    /** Closed on purpose: a name, contact, plate, address or note in a visit fails the import. */
    private static final Set<String> SERVICE_RECORD_FIELDS = Set.of(
            "performed_on", "odometer_miles", "odometer_km", "performed_by", "services");
    private static final String SERVICE_RECORD_HINT =
            "; a service record holds no personal data and no free text";

    private final JsonMapper mapper = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

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
    public record Entry(String path, String configKey, List<String> vins, List<Step> steps) {
    }

    /** Reads the catalog and hands each configuration to {@code sink} in file order. */
    public void read(Resource catalog, Consumer<Entry> sink) {
        try (InputStream in = catalog.getInputStream(); JsonParser parser = mapper.createParser(in)) {
            readCatalog(catalog, parser, sink);
        } catch (IOException e) {
            throw new CatalogImportException("cannot read catalog " + catalog.getDescription() + ": " + e.getMessage(), e);
        } catch (JacksonException e) {
            throw notJson(e);
        }
    }

    /**
     * Parses a catalog document the way {@link #read(Resource, Consumer)} does (a field twice in one
     * object is refused, numbers stay exactly as written) without checking it against the format,
     * so it can be changed, e.g. sanitized, before {@link #read(JsonNode, Consumer)}.
     */
    public JsonNode parse(byte[] json) {
        try {
            return mapper.readTree(json);
        } catch (JacksonException e) {
            throw notJson(e);
        }
    }

    /**
     * Reads a parsed catalog like {@link #read(Resource, Consumer)}. It lies in no folder an image
     * path could be relative to, so a configuration with an {@code image} is refused.
     */
    public void read(JsonNode catalog, Consumer<Entry> sink) {
        try (JsonParser parser = mapper.treeAsTokens(catalog)) {
            readCatalog(null, parser, sink);
        }
    }

    private static CatalogImportException notJson(JacksonException e) {
        TokenStreamLocation at = e.getLocation();
        String where = at == null ? "" : "line " + at.getLineNr() + ", column " + at.getColumnNr() + ": ";
        return new CatalogImportException(where + "not valid JSON: " + e.getOriginalMessage(), e);
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
                    int index = 0;
                    while (parser.nextToken() != JsonToken.END_ARRAY) {
                        JsonNode node = parser.readValueAsTree();
                        sink.accept(configuration(catalog, "configurations[" + index++ + "]", node));
                    }
                    hasConfigurations = true;
                }
                default -> throw new CatalogImportException("unknown field \"" + field
                        + "\"; a catalog has format, description and configurations");
            }
        }
        if (!hasFormat) {
            throw new CatalogImportException("format is missing; the first line of a catalog is \"format\": \"" + FORMAT + "\"");
        }
        if (!hasConfigurations) {
            throw new CatalogImportException("configurations is missing");
        }
        if (parser.nextToken() != null) {
            throw new CatalogImportException("unexpected content after the catalog object");
        }
    }

    private Entry configuration(Resource catalog, String at, JsonNode json) {
        Fields c = new Fields(at, json, CONFIGURATION_FIELDS);
        int year = c.integer("year");
        String make = c.text("make");
        String model = c.text("model");
        String trim = c.text("trim");
        String engineCode = c.text("engine_code");
        String drivetrain = c.optionalText("drivetrain");
        String label = c.text("label");
        check(at, CatalogRules.problemWithIdentity(year, make, model, trim, engineCode, drivetrain, label));
        String key = CatalogRules.derivedKey(year, make, model, trim, engineCode, drivetrain);

        List<Step> steps = new ArrayList<>();
        steps.add(step(at, source -> new RegisterConfiguration(key, year, make, model, trim, engineCode, drivetrain, label, source)));
        List<Fluid> fluids = c.list("fluids", FLUID_FIELDS, this::fluid, CatalogRules::problemWith);
        if (fluids != null) {
            steps.add(step(at + ".fluids", source -> new RecordFluids(key, fluids, source)));
        }
        List<SpecItem> specs = c.list("specs", SPEC_FIELDS, this::spec, CatalogRules::problemWith);
        if (specs != null) {
            steps.add(step(at + ".specs", source -> new RecordSpecs(key, specs, source)));
        }
        List<TireFitment> tires = c.list("tires", TIRE_FIELDS, this::tire, CatalogRules::problemWith);
        if (tires != null) {
            steps.add(step(at + ".tires", source -> new RecordTires(key, tires, source)));
        }
        List<ServiceInterval> schedule = c.list("service_schedule", INTERVAL_FIELDS, this::interval,
                CatalogRules::problemWith);
        if (schedule != null) {
            steps.add(step(at + ".service_schedule", source -> new RecordServiceSchedule(key, schedule, source)));
        }
        List<LaborTime> labor = c.list("labor", LABOR_FIELDS, this::labor, CatalogRules::problemWith);
        if (labor != null) {
            steps.add(step(at + ".labor", source -> new RecordLaborTimes(key, labor, source)));
        }
        List<Fields> partFields = c.objects("parts", PART_FIELDS);
        if (partFields != null) {
            List<Part> parts = new ArrayList<>();
            for (Fields p : partFields) {
                Part part = part(p);
                check(p.path, CatalogRules.problemWith(part));
                parts.add(part);
            }
            steps.add(step(at + ".parts", source -> new RecordParts(key, parts, source)));
            steps.addAll(prices(key, partFields));
        }
        Fields image = c.object("image", IMAGE_FIELDS);
        if (image != null) {
            steps.add(image(catalog, key, image));
        }
        List<String> vins = new ArrayList<>();
        List<Fields.Text> vinTexts = c.texts("vins");
        for (Fields.Text text : vinTexts == null ? List.<Fields.Text>of() : vinTexts) {
            vins.add(vin(text.path(), text.value()));
        }
        Map<String, Step> histories = serviceHistories(c, vins);
        for (int i = 0; i < vins.size(); i++) {
            String vin = vins.get(i);
            steps.add(step(vinTexts.get(i).path(), source -> new LinkVin(vin, key, source)));
            Step history = histories.get(vin);
            if (history != null) {
                steps.add(history);
            }
        }
        return new Entry(at, key, List.copyOf(vins), List.copyOf(steps));
    }

    private static String vin(String path, String text) {
        try {
            return Vin.parse(text).value();
        } catch (ApiException e) {
            throw new CatalogImportException(path + ": " + e.getMessage());
        }
    }

    /** {@code service_history}: per VIN of this configuration, its visits; each becomes one command by VIN. */
    private Map<String, Step> serviceHistories(Fields c, List<String> vins) {
        Map<String, Step> histories = new LinkedHashMap<>();
        JsonNode json = c.value("service_history");
        if (json == null) {
            return histories;
        }
        String at = c.path + ".service_history";
        if (!json.isObject()) {
            throw new CatalogImportException(at + ": must be an object with a list of visits per VIN");
        }
        LocalDate latest = CatalogRules.latestServiceDate();
        for (String name : json.propertyNames()) {
            String path = at + "." + name;
            String vin = vin(path, name);
            if (!vins.contains(vin)) {
                throw new CatalogImportException(path + ": " + vin + " is not listed in this configuration's vins");
            }
            if (histories.containsKey(vin)) {
                throw new CatalogImportException(path + ": " + vin + " already has a service history here");
            }
            JsonNode visits = json.get(name);
            if (!visits.isArray()) {
                throw new CatalogImportException(path + ": must be a list of visits");
            }
            List<ServiceRecord> records = new ArrayList<>(visits.size());
            for (int i = 0; i < visits.size(); i++) {
                String visitPath = path + "[" + i + "]";
                ServiceRecord record = serviceRecord(new Fields(visitPath, visits.get(i), SERVICE_RECORD_FIELDS,
                        SERVICE_RECORD_HINT));
                check(visitPath, CatalogRules.problemWith(record, latest));
                if (i > 0) {
                    check(visitPath, CatalogRules.problemWithOrder(records.get(i - 1), record));
                }
                records.add(record);
            }
            List<ServiceRecord> history = List.copyOf(records);
            histories.put(vin, step(path, source -> new RecordServiceHistory(vin, history, source)));
        }
        return histories;
    }

    private ServiceRecord serviceRecord(Fields f) {
        List<Fields.Text> services = f.texts("services");
        if (services == null) {
            throw new CatalogImportException(f.path + ".services: is required");
        }
        return new ServiceRecord(f.date("performed_on"), f.optionalInteger("odometer_miles"),
                f.optionalInteger("odometer_km"), f.text("performed_by"),
                services.stream().map(Fields.Text::value).toList());
    }

    private Fluid fluid(Fields f) {
        return new Fluid(f.text("type"), f.text("specification"), f.decimal("capacity_litres"),
                f.decimal("capacity_us_quarts"), f.optionalText("notes"));
    }

    private SpecItem spec(Fields f) {
        return new SpecItem(f.text("section"), f.text("name"), f.text("value"), f.optionalText("unit"));
    }

    private TireFitment tire(Fields f) {
        return new TireFitment(f.text("axle"), f.text("size"), f.integer("load_index"), f.text("speed_rating"),
                f.integer("pressure_kpa"), f.integer("pressure_psi"));
    }

    private ServiceInterval interval(Fields f) {
        return new ServiceInterval(f.text("schedule"), f.text("service"), f.text("description"),
                f.optionalInteger("miles"), f.optionalInteger("kilometres"), f.optionalInteger("months"));
    }

    private Part part(Fields f) {
        return new Part(f.text("part_number"), f.text("name"), f.text("category"), f.text("brand"),
                f.integer("quantity"), f.optionalText("service"));
    }

    private LaborTime labor(Fields f) {
        return new LaborTime(f.text("operation"), f.text("description"), f.decimal("hours"));
    }

    /** Each (part, currency, date) once per configuration: a repeat would flip the price on every re-import. */
    private List<Step> prices(String key, List<Fields> parts) {
        List<Step> steps = new ArrayList<>();
        Map<String, String> seen = new HashMap<>();
        for (Fields part : parts) {
            String partNumber = part.text("part_number");
            List<Fields> prices = part.objects("prices", PRICE_FIELDS);
            for (Fields p : prices == null ? List.<Fields>of() : prices) {
                String amountText = p.text("amount");
                if (amountText == null || !DECIMAL.matcher(amountText).matches()) {
                    throw new CatalogImportException(p.path + ": amount must be a decimal string such as \"9.86\"; got "
                            + (amountText == null ? "nothing" : "\"" + amountText + "\""));
                }
                BigDecimal amount = new BigDecimal(amountText);
                String currency = p.text("currency");
                LocalDate asOf = p.date("as_of");
                check(p.path, CatalogRules.problemWithPrice(partNumber, amount, currency, asOf));
                String earlier = seen.putIfAbsent(partNumber + " " + currency + " " + asOf, p.path);
                if (earlier != null) {
                    throw new CatalogImportException(p.path + ": " + partNumber + " already has a " + currency
                            + " price as of " + asOf + " at " + earlier);
                }
                steps.add(step(p.path, source -> new PricePart(key, partNumber, amount, currency, asOf, source)));
            }
        }
        return steps;
    }

    private Step image(Resource catalog, String key, Fields image) {
        if (catalog == null) {
            throw new CatalogImportException(image.path + ": only a catalog file can carry an image; its path is"
                    + " relative to the file's folder");
        }
        String contentType = image.text("content_type");
        String path = image.text("path");
        if (path == null || path.isBlank() || path.startsWith("/") || path.contains("\\")
                || List.of(path.split("/")).contains("..")) {
            throw new CatalogImportException(image.path + ".path: must be a relative path below the catalog's folder,"
                    + " e.g. images/2019-honda-civic-lx.svg");
        }
        Resource file;
        long size;
        try {
            file = catalog.createRelative(path);
            if (!file.exists()) {
                throw new CatalogImportException(image.path + ".path: " + path + " does not exist next to the catalog");
            }
            size = file.contentLength();
        } catch (IOException e) {
            throw new CatalogImportException(image.path + ".path: cannot read " + path + ": " + e.getMessage(), e);
        }
        check(image.path, CatalogRules.problemWithImage(contentType, size));
        return new Step(image.path, source -> {
            try (InputStream in = file.getInputStream()) {
                return new CacheExteriorImage(key, contentType, in.readNBytes(CatalogRules.MAX_IMAGE_BYTES + 1), source);
            } catch (IOException e) {
                throw new CatalogImportException(image.path + ".path: cannot read " + path + ": " + e.getMessage(), e);
            }
        });
    }

    private static Step step(String path, Function<FactSource, CatalogCommand> command) {
        return new Step(path, command);
    }

    private static void check(String path, String problem) {
        if (problem != null) {
            throw new CatalogImportException(path + ": " + problem);
        }
    }

    /** One JSON object of the catalog at a known path, read with the types the format demands. */
    private static final class Fields {

        record Text(String path, String value) {
        }

        private final String path;
        private final JsonNode node;

        Fields(String path, JsonNode node, Set<String> known) {
            this(path, node, known, "");
        }

        /** {@code hint} ends the message that refuses an unknown field. */
        Fields(String path, JsonNode node, Set<String> known, String hint) {
            this.path = path;
            this.node = node;
            if (node == null || !node.isObject()) {
                throw new CatalogImportException(path + ": must be an object");
            }
            for (String name : node.propertyNames()) {
                if (!known.contains(name)) {
                    throw new CatalogImportException(path + ": unknown field \"" + name + "\"; known fields are "
                            + String.join(", ", known.stream().sorted().toList()) + hint);
                }
            }
        }

        JsonNode value(String field) {
            JsonNode value = node.get(field);
            return value == null || value.isNull() ? null : value;
        }

        private CatalogImportException wrongType(String field, String expected) {
            return new CatalogImportException(path + "." + field + ": must be " + expected);
        }

        String text(String field) {
            String value = optionalText(field);
            if (value == null) {
                throw new CatalogImportException(path + "." + field + ": is required");
            }
            return value;
        }

        String optionalText(String field) {
            JsonNode value = value(field);
            if (value == null) {
                return null;
            }
            if (!value.isString()) {
                throw wrongType(field, "a string");
            }
            return value.stringValue();
        }

        int integer(String field) {
            Integer value = optionalInteger(field);
            if (value == null) {
                throw new CatalogImportException(path + "." + field + ": is required");
            }
            return value;
        }

        Integer optionalInteger(String field) {
            JsonNode value = value(field);
            if (value == null) {
                return null;
            }
            if (!value.isIntegralNumber() || !value.canConvertToInt()) {
                throw wrongType(field, "a whole number");
            }
            return value.intValue();
        }

        BigDecimal decimal(String field) {
            JsonNode value = value(field);
            if (value == null) {
                throw new CatalogImportException(path + "." + field + ": is required");
            }
            if (!value.isNumber()) {
                throw wrongType(field, "a number");
            }
            return value.decimalValue();
        }

        LocalDate date(String field) {
            String value = text(field);
            try {
                return LocalDate.parse(value);
            } catch (DateTimeParseException e) {
                throw new CatalogImportException(path + "." + field + ": must be a date (YYYY-MM-DD); got \"" + value + "\"");
            }
        }

        Fields object(String field, Set<String> known) {
            JsonNode value = value(field);
            return value == null ? null : new Fields(path + "." + field, value, known);
        }

        List<Fields> objects(String field, Set<String> known) {
            JsonNode value = value(field);
            if (value == null) {
                return null;
            }
            if (!value.isArray()) {
                throw wrongType(field, "a list");
            }
            List<Fields> items = new ArrayList<>(value.size());
            for (int i = 0; i < value.size(); i++) {
                items.add(new Fields(path + "." + field + "[" + i + "]", value.get(i), known));
            }
            return items;
        }

        <T> List<T> list(String field, Set<String> known, Function<Fields, T> reader, Function<T, String> rule) {
            List<Fields> objects = objects(field, known);
            if (objects == null) {
                return null;
            }
            List<T> items = new ArrayList<>(objects.size());
            for (Fields object : objects) {
                T item = reader.apply(object);
                check(object.path, rule.apply(item));
                items.add(item);
            }
            return items;
        }

        List<Text> texts(String field) {
            JsonNode value = value(field);
            if (value == null) {
                return null;
            }
            if (!value.isArray()) {
                throw wrongType(field, "a list");
            }
            List<Text> items = new ArrayList<>(value.size());
            for (int i = 0; i < value.size(); i++) {
                String at = path + "." + field + "[" + i + "]";
                if (!value.get(i).isString()) {
                    throw new CatalogImportException(at + ": must be a string");
                }
                items.add(new Text(at, value.get(i).stringValue()));
            }
            return items;
        }
    }
}
