package dev.vspec.decoder;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * One vPIC release held in memory for decoding: WMIs with their VIN schemas and model-year ranges, every
 * schema's patterns grouped by compiled key, the elements, engine models and the lookup tables. Immutable
 * once built and safe to share between threads; a decoder reads it without locks. Patterns live in
 * parallel primitive arrays (about 800,000 of them in a release), keys and attribute values once each
 * ({@link SchemaPatterns} lays them out).
 *
 * <p>Over 300 lines on purpose: the Builder and the record types stay nested, as VpicTables and the decoder's
 * tests name them ({@code VpicIndex.Builder}, {@code .Wmi}, {@code .Schema}, {@code .SchemaLink}); the Builder
 * only hands each table's rows to what assembles them.
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

    private VpicIndex(Builder builder, SchemaPatterns.Layout patterns) {
        this.release = builder.release;
        this.schemas = patterns.schemas();
        this.patternIds = patterns.ids();
        this.patternElements = patterns.elements();
        this.patternAttributes = patterns.attributes();
        this.patternChanged = patterns.changed();
        this.elements = builder.elements.elements();
        this.engineModels = builder.engineModels.byName();
        this.makes = builder.names.makes();
        this.models = builder.names.models();
        this.manufacturers = builder.names.manufacturers();
        this.makesOfModel = builder.names.makesOfModel();
        this.lookups = builder.names.lookups();
        this.conversions = builder.elements.conversions();
        this.convertedElements =
                conversions.stream().map(Conversion::fromElementId).collect(Collectors.toUnmodifiableSet());
        this.wmis = builder.wmis.byCode(this);
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
        return engineModels.getOrDefault(EngineModelRows.key(engineModel), List.of());
    }

    String makeName(int id) {
        return makes.get(id);
    }

    String modelName(int id) {
        return models.get(id);
    }

    String manufacturerName(int id) {
        return manufacturers.get(id);
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
     * {@link Conversion#apply} to a value, remembered: a release holds a few thousand distinct
     * displacements, which every decode of them would convert again.
     */
    String converted(Conversion conversion, String value) {
        return conversionResults
                .computeIfAbsent(conversion.id() + ":" + value, key -> Optional.ofNullable(conversion.apply(value)))
                .orElse(null);
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
        Integer id = id(attributeId);
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

    /** The id an attribute names (a lookup row's, a model's), or null when it is no number. */
    static Integer id(String attribute) {
        try {
            return Integer.valueOf(attribute.strip());
        } catch (NumberFormatException e) {
            return null;
        }
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

    /**
     * A World Manufacturer Identifier. {@code publicFrom} is the time vPIC makes it public (epoch
     * microseconds; {@link Long#MIN_VALUE} when always), {@code links} its schemas with their years.
     */
    public record Wmi(
            int id,
            String code,
            String manufacturer,
            Integer manufacturerId,
            List<String> makes,
            Integer vehicleTypeId,
            String vehicleType,
            Integer truckTypeId,
            String country,
            long publicFrom,
            List<SchemaLink> links) {

        /** Passenger car, MPV, or a truck vPIC marks as light: the vehicles the position-7 model-year rule covers. */
        boolean carMpvOrLightTruck() {
            return vehicleTypeId != null
                    && (vehicleTypeId == 2
                            || vehicleTypeId == 7
                            || (vehicleTypeId == 3 && truckTypeId != null && truckTypeId == 1));
        }
    }

    /**
     * Collects one release's rows, in any order, each table's into what assembles it (names, elements, WMIs,
     * schemas and patterns, engine models), and builds the index. Not thread-safe.
     */
    public static final class Builder {

        private VpicRelease release;
        private final NameRows names = new NameRows();
        private final ElementRows elements = new ElementRows();
        private final WmiRows wmis = new WmiRows();
        private final SchemaPatterns patterns = new SchemaPatterns();
        private final EngineModelRows engineModels = new EngineModelRows();

        public Builder release(VpicRelease release) {
            this.release = release;
            return this;
        }

        public Builder wmi(WmiRow row) {
            wmis.wmi(row);
            return this;
        }

        public Builder wmiMake(int wmiId, int makeId) {
            wmis.make(wmiId, makeId);
            return this;
        }

        public Builder wmiSchema(int wmiId, int schemaId, int yearFrom, Integer yearTo) {
            wmis.schema(wmiId, schemaId, yearFrom, yearTo);
            return this;
        }

        public Builder schema(int id, String name, boolean toBeQced, String notes) {
            patterns.schema(id, name, toBeQced, notes);
            return this;
        }

        public Builder pattern(
                int id, int schemaId, String keys, int elementId, String attributeId, long changedMicros) {
            patterns.pattern(id, schemaId, keys, elementId, attributeId, changedMicros);
            return this;
        }

        public Builder element(Element element) {
            elements.element(element);
            return this;
        }

        public Builder engineModel(int id, String name) {
            engineModels.engineModel(id, name);
            return this;
        }

        public Builder engineModelPattern(
                int id, int engineModelId, int elementId, String attributeId, long changedMicros) {
            engineModels.pattern(id, engineModelId, elementId, patterns.intern(attributeId.strip()), changedMicros);
            return this;
        }

        public Builder make(int id, String name) {
            names.make(id, name);
            return this;
        }

        public Builder model(int id, String name) {
            names.model(id, name);
            return this;
        }

        public Builder makeModel(int makeId, int modelId) {
            names.makeModel(makeId, modelId);
            return this;
        }

        public Builder manufacturer(int id, String name) {
            names.manufacturer(id, name);
            return this;
        }

        public Builder lookup(String table, int id, String name) {
            names.lookup(table, id, name);
            return this;
        }

        public Builder conversion(int id, int fromElementId, int toElementId, String formula) {
            elements.conversion(id, fromElementId, toElementId, formula);
            return this;
        }

        /**
         * The index.
         *
         * @throws IllegalStateException when the rows do not make a release (no release row, a pattern of an
         *                               unknown schema, a schema linked to an unknown WMI)
         */
        public VpicIndex build() {
            if (release == null) {
                throw new IllegalStateException("the vPIC data has no release row");
            }
            return new VpicIndex(this, patterns.layOut());
        }
    }
}
