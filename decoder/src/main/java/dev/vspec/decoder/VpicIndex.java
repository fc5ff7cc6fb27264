package dev.vspec.decoder;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * One vPIC release held in memory for decoding: WMIs with their VIN schemas and model-year ranges, every
 * schema's patterns grouped by compiled key, the elements, engine models and the lookup tables. Immutable
 * once built and safe to share between threads; a decoder reads it without locks. Patterns live in
 * parallel primitive arrays (about 800,000 of them in a release), keys and attribute values once each.
 */
public final class VpicIndex {

    private final VpicRelease release;
    private final Map<String, Wmi> wmis;
    private final Map<Integer, Schema> schemas;
    private final Element[] elements;
    private final int[] patternIds;
    private final short[] patternElements;
    private final String[] patternAttributes;
    private final long[] patternChanged;
    private final Map<String, List<EnginePattern>> engineModels;
    private final Map<Integer, String> makes;
    private final Map<Integer, String> models;
    private final Map<Integer, String> manufacturers;
    private final Map<Integer, int[]> makesOfModel;
    private final Map<String, Map<Integer, String>> lookups;
    private final List<Conversion> conversions;
    private final Set<Integer> convertedElements;
    private final Map<String, Optional<String>> conversionResults = new ConcurrentHashMap<>();

    private VpicIndex(Builder builder, Map<Integer, Schema> schemas, int[] patternIds, short[] patternElements,
            String[] patternAttributes, long[] patternChanged) {
        this.release = builder.release;
        this.schemas = schemas;
        this.patternIds = patternIds;
        this.patternElements = patternElements;
        this.patternAttributes = patternAttributes;
        this.patternChanged = patternChanged;
        this.elements = builder.elements;
        this.engineModels = builder.engineModelPatterns();
        this.makes = Map.copyOf(builder.makes);
        this.models = Map.copyOf(builder.models);
        this.manufacturers = Map.copyOf(builder.manufacturers);
        this.makesOfModel = builder.makesOfModel();
        this.lookups = builder.lookups;
        this.conversions = List.copyOf(builder.conversions);
        this.convertedElements = conversions.stream().map(Conversion::fromElementId).collect(Collectors.toUnmodifiableSet());
        this.wmis = builder.wmis(this);
    }

    public VpicRelease release() {
        return release;
    }

    /** The WMI as vPIC writes it (3 characters, or 6 for a small manufacturer), or null. */
    public Wmi wmi(String code) {
        return wmis.get(code);
    }

    Collection<Wmi> wmis() {
        return wmis.values();
    }

    public int wmiCount() {
        return wmis.size();
    }

    public int schemaCount() {
        return schemas.size();
    }

    public int patternCount() {
        return patternIds.length;
    }

    Schema schema(int id) {
        return schemas.get(id);
    }

    Element element(int id) {
        return id >= 0 && id < elements.length ? elements[id] : null;
    }

    Collection<Schema> schemas() {
        return schemas.values();
    }

    int patternId(int index) {
        return patternIds[index];
    }

    int patternElement(int index) {
        return patternElements[index];
    }

    String patternAttribute(int index) {
        return patternAttributes[index];
    }

    long patternChanged(int index) {
        return patternChanged[index];
    }

    /** The patterns of the engine model vPIC names so (compared trimmed and case-blind, as spVinDecode does). */
    List<EnginePattern> engineModelPatterns(String engineModel) {
        return engineModels.getOrDefault(engineModel.strip().toLowerCase(Locale.ROOT), List.of());
    }

    String makeName(int id) {
        return makes.get(id);
    }

    String modelName(int id) {
        return models.get(id);
    }

    int[] makesOfModel(int modelId) {
        return makesOfModel.getOrDefault(modelId, new int[0]);
    }

    List<Conversion> conversions() {
        return conversions;
    }

    /** Whether some conversion starts from this element. */
    boolean convertsFrom(int elementId) {
        return convertedElements.contains(elementId);
    }

    /**
     * {@link DecodePass#convert} of a value, remembered: a release holds a few thousand distinct
     * displacements, which every decode of them would convert again.
     */
    String converted(Conversion conversion, String value) {
        return conversionResults.computeIfAbsent(conversion.id() + ":" + value,
                key -> Optional.ofNullable(DecodePass.convert(conversion.formula(), value))).orElse(null);
    }

    /**
     * The text of an element's attribute: a lookup element's id resolved through its table (Model,
     * BodyStyle, FuelType, ...), any other element's attribute as it is. An id the table does not hold
     * stays as the id, as NHTSA's {@code fElementAttributeValue} leaves it.
     */
    String value(int elementId, String attributeId) {
        Element element = element(elementId);
        if (element == null || element.lookupTable() == null) {
            return attributeId;
        }
        Integer id = parseId(attributeId);
        if (id == null) {
            return attributeId;
        }
        String name = switch (element.lookupTable()) {
            case "Make" -> makes.get(id);
            case "Model" -> models.get(id);
            case "Manufacturer" -> manufacturers.get(id);
            default -> lookups.getOrDefault(element.lookupTable(), Map.of()).get(id);
        };
        return name == null ? attributeId : name;
    }

    /** A row of a lookup table by name ("Country", "VehicleType"), or null. */
    String lookup(String table, Integer id) {
        return id == null ? null : lookups.getOrDefault(table, Map.of()).get(id);
    }

    private static Integer parseId(String text) {
        try {
            return Integer.valueOf(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A vPIC element (attribute kind): Model, Body Class, Engine Model, ... */
    record Element(int id, String name, String code, String lookupTable, String dataType, String decode,
            Integer weight, boolean isPrivate) {
    }

    /** A schema linked to a WMI for model years {@code yearFrom}..{@code yearTo} (null: open ended). */
    record SchemaLink(Schema schema, int yearFrom, Integer yearTo) {

        boolean covers(Integer year) {
            return year == null || (year >= yearFrom && year <= (yearTo == null ? 2999 : yearTo));
        }
    }

    /**
     * A VIN schema with its patterns: {@code keys[i]} governs the pattern indexes {@code start[i]} to
     * {@code start[i + 1]}. {@code allowed} holds, by VIN position (4-14), the characters its keys allow there
     * (see {@link PatternKey#addAllowedCharacters}), for NHTSA's codes 2 to 5.
     */
    record Schema(int id, String name, boolean toBeQced, String notes, PatternKey[] keys, int[] start, long[] allowed) {

        Schema(int id, String name, boolean toBeQced, String notes, PatternKey[] keys, int[] start) {
            this(id, name, toBeQced, notes, keys, start, allowedBy(keys));
        }

        private static long[] allowedBy(PatternKey[] keys) {
            long[] allowed = new long[15];
            for (PatternKey key : keys) {
                key.addAllowedCharacters(allowed);
            }
            return allowed;
        }
    }

    /** An engine model's attribute (cylinders, fuel, ...) as {@code EngineModelPattern} gives it. */
    record EnginePattern(int id, int elementId, String attributeId, long changedOn) {
    }

    /** A unit conversion between elements (displacement in cc, in cubic inches, in litres). */
    record Conversion(int id, int fromElementId, int toElementId, String formula) {
    }

    /**
     * A World Manufacturer Identifier. {@code publicFrom} is the time vPIC makes it public (epoch
     * microseconds; {@link Long#MIN_VALUE} when always), {@code links} its schemas with their years.
     */
    public record Wmi(int id, String code, String manufacturer, Integer manufacturerId, List<String> makes,
            Integer vehicleTypeId, String vehicleType, Integer truckTypeId, String country, long publicFrom,
            List<SchemaLink> links) {

        /** Passenger car, MPV, or a truck vPIC marks as light: the vehicles the position-7 model-year rule covers. */
        boolean carMpvOrLightTruck() {
            return vehicleTypeId != null && (vehicleTypeId == 2 || vehicleTypeId == 7
                    || (vehicleTypeId == 3 && truckTypeId != null && truckTypeId == 1));
        }
    }

    /** Collects one release's rows, in any order, and builds the index. Not thread-safe. */
    public static final class Builder {

        private VpicRelease release;
        private final List<Object[]> wmiRows = new ArrayList<>();
        private final Map<Integer, List<Integer>> wmiMakes = new HashMap<>();
        private final Map<Integer, List<int[]>> wmiLinks = new HashMap<>();
        private final Map<Integer, Object[]> schemaRows = new HashMap<>();
        private Element[] elements = new Element[0];
        private final Map<Integer, String> engineModelNames = new HashMap<>();
        private final List<Object[]> engineModelPatternRows = new ArrayList<>();
        private final Map<Integer, String> makes = new HashMap<>();
        private final Map<Integer, String> models = new HashMap<>();
        private final Map<Integer, String> manufacturers = new HashMap<>();
        private final Map<Integer, List<Integer>> modelMakes = new HashMap<>();
        private final Map<String, Map<Integer, String>> lookups = new HashMap<>();
        private final List<Conversion> conversions = new ArrayList<>();
        private final Map<String, String> strings = new HashMap<>();
        private final Map<String, Integer> keyIndex = new HashMap<>();
        private final List<PatternKey> keys = new ArrayList<>();
        private int patterns;
        private int[] patternSchema = new int[1 << 16];
        private int[] patternKey = new int[1 << 16];
        private int[] patternId = new int[1 << 16];
        private short[] patternElement = new short[1 << 16];
        private String[] patternAttribute = new String[1 << 16];
        private long[] patternChanged = new long[1 << 16];

        public Builder release(VpicRelease release) {
            this.release = release;
            return this;
        }

        public Builder wmi(int id, String code, Integer manufacturerId, Integer makeId, Integer vehicleTypeId,
                Integer truckTypeId, Integer countryId, Long publicFromMicros) {
            wmiRows.add(new Object[] {id, code.strip().toUpperCase(Locale.ROOT), manufacturerId, makeId, vehicleTypeId,
                    truckTypeId, countryId, publicFromMicros});
            return this;
        }

        public Builder wmiMake(int wmiId, int makeId) {
            wmiMakes.computeIfAbsent(wmiId, id -> new ArrayList<>()).add(makeId);
            return this;
        }

        public Builder wmiSchema(int wmiId, int schemaId, int yearFrom, Integer yearTo) {
            wmiLinks.computeIfAbsent(wmiId, id -> new ArrayList<>())
                    .add(new int[] {schemaId, yearFrom, yearTo == null ? Integer.MIN_VALUE : yearTo});
            return this;
        }

        public Builder schema(int id, String name, boolean toBeQced, String notes) {
            schemaRows.put(id, new Object[] {name, toBeQced, notes});
            return this;
        }

        public Builder pattern(int id, int schemaId, String keys, int elementId, String attributeId, long changedMicros) {
            if (elementId < 0 || elementId > Short.MAX_VALUE) {
                throw new IllegalArgumentException("pattern " + id + " names element " + elementId);
            }
            if (patterns == patternId.length) {
                int size = patterns * 2;
                patternSchema = Arrays.copyOf(patternSchema, size);
                patternKey = Arrays.copyOf(patternKey, size);
                patternId = Arrays.copyOf(patternId, size);
                patternElement = Arrays.copyOf(patternElement, size);
                patternAttribute = Arrays.copyOf(patternAttribute, size);
                patternChanged = Arrays.copyOf(patternChanged, size);
            }
            String keyText = keys.strip();
            Integer key = keyIndex.get(keyText);
            if (key == null) {
                key = this.keys.size();
                this.keys.add(PatternKey.compile(keyText));
                keyIndex.put(keyText, key);
            }
            patternSchema[patterns] = schemaId;
            patternKey[patterns] = key;
            patternId[patterns] = id;
            patternElement[patterns] = (short) elementId;
            patternAttribute[patterns] = intern(attributeId.strip());
            patternChanged[patterns] = changedMicros;
            patterns++;
            return this;
        }

        public Builder element(int id, String name, String code, String lookupTable, String dataType, String decode,
                Integer weight, boolean isPrivate) {
            if (id < 0 || id > 4096) {
                throw new IllegalArgumentException("element id " + id + " is out of range");
            }
            if (id >= elements.length) {
                elements = Arrays.copyOf(elements, id + 1);
            }
            elements[id] = new Element(id, name, code, blankToNull(lookupTable), dataType, blankToNull(decode), weight, isPrivate);
            return this;
        }

        public Builder engineModel(int id, String name) {
            engineModelNames.put(id, name);
            return this;
        }

        public Builder engineModelPattern(int id, int engineModelId, int elementId, String attributeId, long changedMicros) {
            engineModelPatternRows.add(new Object[] {id, engineModelId, elementId, intern(attributeId.strip()), changedMicros});
            return this;
        }

        public Builder make(int id, String name) {
            makes.put(id, name);
            return this;
        }

        public Builder model(int id, String name) {
            models.put(id, name);
            return this;
        }

        public Builder makeModel(int makeId, int modelId) {
            modelMakes.computeIfAbsent(modelId, id -> new ArrayList<>()).add(makeId);
            return this;
        }

        public Builder manufacturer(int id, String name) {
            manufacturers.put(id, name);
            return this;
        }

        public Builder lookup(String table, int id, String name) {
            lookups.computeIfAbsent(table, t -> new HashMap<>()).put(id, name);
            return this;
        }

        public Builder conversion(int id, int fromElementId, int toElementId, String formula) {
            conversions.add(new Conversion(id, fromElementId, toElementId, formula));
            return this;
        }

        /**
         * The index. Patterns are grouped per schema by key (so a key is matched once per schema) and kept
         * in pattern-id order within a key, the order in which spVinDecode meets them.
         *
         * @throws IllegalStateException when the rows do not make a release (no release row, a pattern of an
         *                               unknown schema, a schema linked to an unknown WMI)
         */
        public VpicIndex build() {
            if (release == null) {
                throw new IllegalStateException("the vPIC data has no release row");
            }
            Integer[] order = new Integer[patterns];
            for (int i = 0; i < patterns; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> {
                int bySchema = Integer.compare(patternSchema[a], patternSchema[b]);
                if (bySchema != 0) {
                    return bySchema;
                }
                int byKey = Integer.compare(patternKey[a], patternKey[b]);
                return byKey != 0 ? byKey : Integer.compare(patternId[a], patternId[b]);
            });
            int[] ids = new int[patterns];
            short[] elementIds = new short[patterns];
            String[] attributes = new String[patterns];
            long[] changed = new long[patterns];
            Map<Integer, Schema> schemas = new HashMap<>();
            int i = 0;
            while (i < patterns) {
                int schemaId = patternSchema[order[i]];
                Object[] row = schemaRows.get(schemaId);
                if (row == null) {
                    throw new IllegalStateException("pattern " + patternId[order[i]] + " belongs to VIN schema " + schemaId
                            + ", which the release does not hold");
                }
                List<PatternKey> schemaKeys = new ArrayList<>();
                List<Integer> starts = new ArrayList<>();
                int previousKey = -1;
                for (; i < patterns && patternSchema[order[i]] == schemaId; i++) {
                    int source = order[i];
                    if (patternKey[source] != previousKey) {
                        previousKey = patternKey[source];
                        schemaKeys.add(keys.get(previousKey));
                        starts.add(i);
                    }
                    ids[i] = patternId[source];
                    elementIds[i] = patternElement[source];
                    attributes[i] = patternAttribute[source];
                    changed[i] = patternChanged[source];
                }
                starts.add(i);
                schemas.put(schemaId, new Schema(schemaId, (String) row[0], (Boolean) row[1], (String) row[2],
                        schemaKeys.toArray(PatternKey[]::new), starts.stream().mapToInt(Integer::intValue).toArray()));
            }
            schemaRows.forEach((id, row) -> schemas.computeIfAbsent(id, missing ->
                    new Schema(id, (String) row[0], (Boolean) row[1], (String) row[2], new PatternKey[0], new int[] {0})));
            return new VpicIndex(this, Map.copyOf(schemas), ids, elementIds, attributes, changed);
        }

        private Map<String, Wmi> wmis(VpicIndex index) {
            Map<String, Wmi> byCode = new HashMap<>();
            for (Object[] row : wmiRows) {
                int id = (Integer) row[0];
                String code = (String) row[1];
                Integer manufacturerId = (Integer) row[2];
                List<String> makeNames = new ArrayList<>();
                for (int makeId : wmiMakes.getOrDefault(id, List.of())) {
                    String name = makes.get(makeId);
                    if (name != null) {
                        makeNames.add(name);
                    }
                }
                List<SchemaLink> links = new ArrayList<>();
                for (int[] link : wmiLinks.getOrDefault(id, List.of())) {
                    Schema schema = index.schema(link[0]);
                    if (schema == null) {
                        throw new IllegalStateException("WMI " + code + " is linked to VIN schema " + link[0]
                                + ", which the release does not hold");
                    }
                    links.add(new SchemaLink(schema, link[1], link[2] == Integer.MIN_VALUE ? null : link[2]));
                }
                Long publicFrom = (Long) row[7];
                Wmi wmi = new Wmi(id, code, manufacturerId == null ? null : manufacturers.get(manufacturerId), manufacturerId,
                        List.copyOf(makeNames), (Integer) row[4], index.lookup("VehicleType", (Integer) row[4]),
                        (Integer) row[5], index.lookup("Country", (Integer) row[6]),
                        publicFrom == null ? Long.MIN_VALUE : publicFrom, List.copyOf(links));
                // vPIC holds one row per WMI; should a release hold two, the first stays, as a lookup by code finds one.
                byCode.putIfAbsent(code, wmi);
            }
            return Map.copyOf(byCode);
        }

        private Map<String, List<EnginePattern>> engineModelPatterns() {
            Map<String, List<EnginePattern>> byName = new HashMap<>();
            for (Object[] row : engineModelPatternRows) {
                String name = engineModelNames.get((Integer) row[1]);
                if (name != null) {
                    byName.computeIfAbsent(name.strip().toLowerCase(Locale.ROOT), n -> new ArrayList<>())
                            .add(new EnginePattern((Integer) row[0], (Integer) row[2], (String) row[3], (Long) row[4]));
                }
            }
            byName.replaceAll((name, list) -> List.copyOf(list));
            return Map.copyOf(byName);
        }

        private Map<Integer, int[]> makesOfModel() {
            Map<Integer, int[]> result = new HashMap<>();
            modelMakes.forEach((model, list) -> result.put(model, list.stream().mapToInt(Integer::intValue).toArray()));
            return Map.copyOf(result);
        }

        private String intern(String value) {
            return strings.computeIfAbsent(value, v -> v);
        }

        private static String blankToNull(String text) {
            return text == null || text.isBlank() ? null : text.strip();
        }
    }
}
