package dev.vspec.decoder;

import dev.vspec.decoder.VpicIndex.EnginePattern;
import dev.vspec.decoder.VpicIndex.Schema;
import dev.vspec.decoder.VpicIndex.SchemaLink;
import dev.vspec.decoder.VpicIndex.Wmi;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One decoding pass for one model year (or none): NHTSA's {@code spVinDecode_Core}. It gathers what the
 * VIN's keys say, keeps one winner per element, adds the make, unit conversions and NHTSA's error codes.
 * {@link VinDecoder} runs one pass, or two when position 10 could mean either of two years, and keeps the
 * better.
 */
final class DecodePass {

    static final int BODY_CLASS = 5;
    static final int CYLINDERS = 9;
    static final int DISPLACEMENT_CC = 11;
    static final int DISPLACEMENT_L = 13;
    static final int DOORS = 14;
    static final int DRIVE_TYPE = 15;
    static final int ENGINE_MODEL = 18;
    static final int FUEL_PRIMARY = 24;
    static final int GVWR = 25;
    static final int MAKE = 26;
    static final int MANUFACTURER = 27;
    static final int MODEL = 28;
    static final int MODEL_YEAR = 29;
    static final int PLANT_CITY = 31;
    static final int SERIES = 34;
    static final int TRIM = 38;
    static final int VEHICLE_TYPE = 39;
    static final int ENGINE_CONFIGURATION = 64;
    static final int FUEL_SECONDARY = 66;
    static final int PLANT_COUNTRY = 75;
    static final int PLANT_STATE = 77;
    static final int ELECTRIFICATION = 126;
    static final int TURBO = 135;
    static final int ENGINE_MANUFACTURER = 146;

    /** Elements the WMI or the pass itself decides, never a pattern. */
    private static final Set<Integer> NOT_FROM_PATTERNS = Set.of(MAKE, MANUFACTURER, MODEL_YEAR, VEHICLE_TYPE);
    /** Elements that may hold several values ("other engine info"): every match stays. */
    private static final Set<Integer> MULTI_VALUED = Set.of(114, 121, 129, 150, 154, 155, 169, 186);
    /** Body classes of off-road vehicles (NHTSA code 10) and of incomplete ones (a warning). */
    private static final Set<String> OFF_ROAD = Set.of("69", "84", "86", "88", "97", "105", "113", "124", "126", "127");
    private static final Set<String> INCOMPLETE = Set.of("62", "63", "64", "65", "67", "70", "71", "72", "74", "75", "76",
            "77", "78", "107", "112", "116");
    private static final String GLIDER = "64";
    private static final int INCOMPLETE_VEHICLE_TYPE = 10;
    /** The positions whose characters NHTSA checks are used by some pattern (code 14). */
    private static final int[] CHECKED_POSITIONS = {4, 5, 6, 7, 8, 11};

    enum Source {
        PATTERN("pattern"), ENGINE_MODEL("engine_model"), FORMULA("formula"), WMI("wmi"), MODEL("model"),
        MODEL_YEAR("model_year"), CONVERSION("conversion");

        final String label;

        Source(String label) {
            this.label = label;
        }

        boolean fromPatterns() {
            return this == PATTERN || this == ENGINE_MODEL || this == FORMULA || this == MODEL;
        }
    }

    /** A position holding a character the patterns do not allow there, and the characters they allow. */
    record CharacterError(int position, char found, String allowed) {
    }

    /** A decoded element value, as {@code tblDecodingItem}. */
    record Item(int elementId, String attributeId, String value, Source source, int priority, long changedOn,
            PatternKey key, Integer patternId, Integer schemaId) {
    }

    /**
     * spVinDecode's ranking of an element's candidates: the higher priority (for a pattern, the first year of
     * its schema's link), then the newer pattern, then the key with fewer fixed characters (NHTSA's
     * {@code LEN(REPLACE(Keys, '*', ''))} ascending). NHTSA breaks a remaining tie at random ({@code NEWID()});
     * vspec breaks it by the key without brackets, then the pattern id, as NHTSA's PostgreSQL port does, so
     * that a decode never changes between two calls.
     */
    static final Comparator<Item> RANKING = Comparator.comparingInt(Item::priority).reversed()
            .thenComparing(Comparator.comparingLong(Item::changedOn).reversed())
            .thenComparingInt(item -> item.key() == null ? 0 : item.key().literalLength())
            .thenComparing(item -> item.key() == null ? "" : item.key().withoutBrackets())
            .thenComparingInt(item -> item.patternId() == null ? Integer.MAX_VALUE : item.patternId());

    final Integer modelYear;
    final boolean conclusive;
    final List<Item> items = new ArrayList<>();
    final Set<NhtsaCode> codes = EnumSet.noneOf(NhtsaCode.class);
    final List<Integer> unusedPositions = new ArrayList<>();
    /** Codes 2-5: the positions holding a character the WMI's patterns for the year do not allow, with the ones they do. */
    final List<CharacterError> characterErrors = new ArrayList<>();
    /** NHTSA's suggested VIN for codes 2-5: corrected, or with '!' where it cannot be. */
    String suggestedVin;
    final List<String> invalidCharacters = new ArrayList<>();
    boolean incompleteVehicle;

    private DecodePass(Integer modelYear, boolean conclusive) {
        this.modelYear = modelYear;
        this.conclusive = conclusive;
    }

    /**
     * Runs one pass.
     *
     * @param vin        17 characters, or fewer for a partial VIN, with {@code *} for unknown ones
     * @param wmi        the VIN's WMI as vPIC holds it, or null when vPIC does not know it (or not yet publicly)
     * @param modelYear  the year to decode for, or null for every year (position 10 is not a year code)
     * @param conclusive whether the model year is certain (the position-7 rule settled it)
     */
    static DecodePass run(VpicIndex index, String vin, Wmi wmi, Integer modelYear, boolean conclusive) {
        DecodePass pass = new DecodePass(modelYear, conclusive);
        if (wmi == null) {
            pass.codes.add(NhtsaCode.UNKNOWN_WMI);
        } else {
            pass.gather(index, vin, wmi);
        }
        pass.checkCharacters(vin, wmi);
        return pass;
    }

    private void gather(VpicIndex index, String vin, Wmi wmi) {
        String keys = keysOf(vin);
        List<Item> patternItems = new ArrayList<>();
        List<Item> formulaItems = new ArrayList<>();
        for (SchemaLink link : wmi.links()) {
            if (!link.covers(modelYear)) {
                continue;
            }
            Schema schema = link.schema();
            PatternKey[] schemaKeys = schema.keys();
            for (int k = 0; k < schemaKeys.length; k++) {
                PatternKey key = schemaKeys[k];
                if (!key.matches(keys)) {
                    continue;
                }
                for (int p = schema.start()[k]; p < schema.start()[k + 1]; p++) {
                    int elementId = index.patternElement(p);
                    if (NOT_FROM_PATTERNS.contains(elementId)) {
                        continue;
                    }
                    if (key.isFormula()) {
                        formulaItems.add(new Item(elementId, index.patternAttribute(p), key.formulaSpan(keys), Source.FORMULA,
                                100, index.patternChanged(p), key, index.patternId(p), schema.id()));
                        continue;
                    }
                    VpicIndex.Element element = index.element(elementId);
                    if (element == null || element.decode() == null || element.isPrivate() || schema.toBeQced()) {
                        continue;
                    }
                    patternItems.add(new Item(elementId, index.patternAttribute(p), null, Source.PATTERN, link.yearFrom(),
                            index.patternChanged(p), key, index.patternId(p), schema.id()));
                }
            }
        }
        items.addAll(patternItems);
        addEngineModel(index, patternItems);
        if (wmi.vehicleTypeId() != null && wmi.vehicleType() != null) {
            items.add(new Item(VEHICLE_TYPE, wmi.vehicleTypeId().toString(), wmi.vehicleType().toUpperCase(Locale.ROOT),
                    Source.WMI, 100, Long.MIN_VALUE, null, null, null));
        }
        if (wmi.manufacturer() != null) {
            items.add(new Item(MANUFACTURER, wmi.manufacturerId().toString(), wmi.manufacturer().toUpperCase(Locale.ROOT),
                    Source.WMI, 100, Long.MIN_VALUE, null, null, null));
        }
        if (modelYear != null) {
            items.add(new Item(MODEL_YEAR, modelYear.toString(), modelYear.toString(), Source.MODEL_YEAR, 100,
                    Long.MIN_VALUE, null, null, null));
        }
        items.addAll(formulaItems);
        keepWinners();
        addMake(index, wmi);
        addConversions(index);
        if (items.stream().noneMatch(item -> item.patternId() != null)) {
            codes.add(NhtsaCode.NO_DETAILED_DATA);
        } else {
            findCharacterErrors(vin, wmi);
            findUnusedPositions(vin);
        }
        String bodyClass = attribute(BODY_CLASS);
        if (GLIDER.equals(bodyClass)) {
            codes.add(NhtsaCode.GLIDER);
        }
        if (bodyClass != null && OFF_ROAD.contains(bodyClass)) {
            codes.add(NhtsaCode.OFF_ROAD);
        }
        incompleteVehicle = Integer.valueOf(INCOMPLETE_VEHICLE_TYPE).equals(wmi.vehicleTypeId())
                || (bodyClass != null && INCOMPLETE.contains(bodyClass));
    }

    /** The engine model's own attributes (cylinders, fuel, ...) at priority 50: below any pattern's. */
    private void addEngineModel(VpicIndex index, List<Item> patternItems) {
        Item engine = null;
        for (Item item : patternItems) {
            if (item.elementId() == ENGINE_MODEL && (engine == null || item.priority() > engine.priority()
                    || (item.priority() == engine.priority() && (item.changedOn() > engine.changedOn()
                    || (item.changedOn() == engine.changedOn() && item.patternId() > engine.patternId()))))) {
                engine = item;
            }
        }
        if (engine == null) {
            return;
        }
        for (EnginePattern pattern : index.engineModelPatterns(engine.attributeId())) {
            items.add(new Item(pattern.elementId(), pattern.attributeId(), null, Source.ENGINE_MODEL, 50, pattern.changedOn(),
                    engine.key(), engine.patternId(), engine.schemaId()));
        }
    }

    /** One winner per element ({@link #RANKING}); elements that hold several values keep each distinct one. */
    private void keepWinners() {
        Map<Integer, Item> winners = new LinkedHashMap<>();
        List<Item> multiple = new ArrayList<>();
        for (Item item : items) {
            if (MULTI_VALUED.contains(item.elementId())) {
                if (multiple.stream().noneMatch(kept -> kept.elementId() == item.elementId()
                        && kept.attributeId().equals(item.attributeId()))) {
                    multiple.add(item);
                }
                continue;
            }
            winners.merge(item.elementId(), item, (kept, candidate) -> RANKING.compare(candidate, kept) < 0 ? candidate : kept);
        }
        items.clear();
        items.addAll(winners.values());
        items.addAll(multiple);
    }

    /** The make of the decoded model, else the WMI's make when it has exactly one. */
    private void addMake(VpicIndex index, Wmi wmi) {
        Item model = item(MODEL);
        if (model != null) {
            Integer modelId = parse(model.attributeId());
            for (int makeId : modelId == null ? new int[0] : index.makesOfModel(modelId)) {
                String name = index.makeName(makeId);
                if (name != null) {
                    items.add(new Item(MAKE, Integer.toString(makeId), name.toUpperCase(Locale.ROOT), Source.MODEL, 1000,
                            Long.MIN_VALUE, model.key(), model.patternId(), model.schemaId()));
                }
            }
        } else if (wmi.makes().size() == 1) {
            items.add(new Item(MAKE, "", wmi.makes().get(0).toUpperCase(Locale.ROOT), Source.WMI, -100, Long.MIN_VALUE,
                    null, null, null));
        }
    }

    /** Displacement in litres from cubic centimetres (and so on) where vPIC gave only one unit. */
    private void addConversions(VpicIndex index) {
        List<Item> sources = new ArrayList<>(2);
        for (Item item : items) {
            if (index.convertsFrom(item.elementId())) {
                sources.add(item);
            }
        }
        sources.sort(Comparator.comparingInt(Item::priority).reversed()
                .thenComparing(Comparator.comparingLong(Item::changedOn).reversed()));
        for (Item source : sources) {
            for (VpicIndex.Conversion conversion : index.conversions()) {
                if (conversion.fromElementId() != source.elementId() || item(conversion.toElementId()) != null) {
                    continue;
                }
                String result = index.converted(conversion, source.value() != null ? source.value() : source.attributeId());
                if (result != null) {
                    items.add(new Item(conversion.toElementId(), result, result, Source.CONVERSION, 100, Long.MIN_VALUE,
                            source.key(), source.patternId(), source.schemaId()));
                }
            }
        }
    }

    /**
     * vPIC's conversion formulas are {@code #x# * factor} or {@code #x# / divisor}. A value that is not a
     * number converts to nothing: NHTSA's decoder writes 0 there, which would read as a fact.
     */
    static String convert(String formula, String value) {
        String[] parts = formula.strip().split("\\s+");
        if (parts.length != 3 || !parts[0].equals("#x#")) {
            return null;
        }
        try {
            BigDecimal x = new BigDecimal(value.strip());
            BigDecimal factor = new BigDecimal(parts[2]);
            BigDecimal result = switch (parts[1]) {
                case "*" -> x.multiply(factor);
                case "/" -> factor.signum() == 0 ? null : x.divide(factor, MathContext.DECIMAL64);
                default -> null;
            };
            if (result == null) {
                return null;
            }
            BigDecimal rounded = result.setScale(Math.min(10, Math.max(0, result.scale())), java.math.RoundingMode.HALF_UP)
                    .stripTrailingZeros();
            return rounded.scale() < 0 ? rounded.setScale(0).toPlainString() : rounded.toPlainString();
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    /**
     * Codes 2-5 ({@code spVinDecode_ErrorCode}): positions 4-14 (4-11 for a small manufacturer, whose
     * positions 12-14 are its WMI's), but 9 and 10, holding a character that no key of the WMI's schemas for
     * the model year allows there, where some key allows some character. One such position with one character
     * allowed is corrected (2); with several, the one that makes the check digit calculate, if exactly one
     * does (3), else none (4); several positions are 5.
     */
    private void findCharacterErrors(String vin, Wmi wmi) {
        if (modelYear == null || vin.length() < 17) {
            return;
        }
        long[] allowed = new long[15];
        for (SchemaLink link : wmi.links()) {
            if (link.covers(modelYear)) {
                long[] schemaAllowed = link.schema().allowed();
                for (int position = 4; position < allowed.length; position++) {
                    allowed[position] |= schemaAllowed[position];
                }
            }
        }
        int last = wmi.code().length() == 6 ? 11 : 14;
        for (int position = 4; position <= last; position++) {
            char c = vin.charAt(position - 1);
            if (position != 9 && position != 10 && allowed[position] != 0 && (allowed[position] & PatternKey.bit(c)) == 0) {
                characterErrors.add(new CharacterError(position, c, PatternKey.characters(allowed[position])));
            }
        }
        if (characterErrors.isEmpty()) {
            return;
        }
        char[] suggested = vin.toCharArray();
        if (characterErrors.size() > 1) {
            characterErrors.forEach(error -> suggested[error.position() - 1] = '!');
            codes.add(NhtsaCode.SEVERAL_POSITIONS);
        } else {
            CharacterError error = characterErrors.get(0);
            if (error.allowed().length() == 1) {
                suggested[error.position() - 1] = error.allowed().charAt(0);
                codes.add(NhtsaCode.CORRECTED_ONE_POSITION);
            } else {
                String fitting = "";
                for (char candidate : error.allowed().toCharArray()) {
                    suggested[error.position() - 1] = candidate;
                    String tried = new String(suggested);
                    if (tried.charAt(8) == CheckDigits.forCorrections(tried)) {
                        fitting += candidate;
                    }
                }
                suggested[error.position() - 1] = fitting.length() == 1 ? fitting.charAt(0) : '!';
                codes.add(fitting.length() == 1 ? NhtsaCode.CORRECTED_BY_CHECK_DIGIT : NhtsaCode.ONE_POSITION_UNCORRECTED);
            }
        }
        suggestedVin = new String(suggested);
    }

    /** The pass's error value by NHTSA's weights: spVinDecode's first criterion for choosing between passes. */
    int errorValue() {
        return codes.stream().mapToInt(NhtsaCode::weight).sum();
    }

    /**
     * Code 14: positions 4-8 and 11 whose character no winning pattern's key fixes (as a literal, a class or
     * a digit of a formula). NHTSA reads them as "used" by a key that allows the VIN's character there.
     */
    private void findUnusedPositions(String vin) {
        for (int position : CHECKED_POSITIONS) {
            if (position > vin.length()) {
                break;
            }
            char c = vin.charAt(position - 1);
            // keys hold positions 4-8, '|', 10-17: position 9's place is the '|'
            int index = position - 4;
            boolean used = false;
            for (Item item : items) {
                if (item.source().fromPatterns() && item.key() != null && item.key().constrains(index)
                        && item.key().allows(index, c)) {
                    used = true;
                    break;
                }
            }
            if (!used) {
                unusedPositions.add(position);
            }
        }
        if (!unusedPositions.isEmpty()) {
            codes.add(NhtsaCode.UNUSED_POSITIONS);
        }
    }

    /**
     * Code 400: characters not allowed where they stand. Position 9 is a digit or X, position 10 a
     * model-year code, and the serial's last positions are digits: from position 13 for cars, MPVs and light
     * trucks, from 14 for other vehicles, from 15 for a small manufacturer (position 3 is 9).
     */
    private void checkCharacters(String vin, Wmi wmi) {
        boolean offRoad = codes.contains(NhtsaCode.OFF_ROAD);
        int digitsFrom = vin.length() >= 3 && vin.charAt(2) == '9' ? 15 : wmi != null && wmi.carMpvOrLightTruck() ? 13 : 14;
        for (int position = 1; position <= vin.length(); position++) {
            char c = vin.charAt(position - 1);
            if (c == '*' || (position == 9 && offRoad)) {
                continue;
            }
            boolean allowed;
            if (position == 9) {
                allowed = Character.isDigit(c) || c == 'X';
            } else if (position == 10) {
                allowed = ModelYears.isYearCode(c);
            } else if (position >= digitsFrom) {
                allowed = Character.isDigit(c);
            } else {
                allowed = Character.isDigit(c) || (c >= 'A' && c <= 'Z' && c != 'I' && c != 'O' && c != 'Q');
            }
            if (!allowed) {
                invalidCharacters.add(position + ":" + c);
            }
        }
        if (!invalidCharacters.isEmpty()) {
            codes.add(NhtsaCode.INVALID_CHARACTERS);
        }
    }

    /** Positions 4-8, then '|', then 10-17: what pattern keys are written over. */
    static String keysOf(String vin) {
        if (vin.length() <= 3) {
            return "";
        }
        String keys = vin.substring(3, Math.min(8, vin.length()));
        return vin.length() > 9 ? keys + "|" + vin.substring(9) : keys;
    }

    Item item(int elementId) {
        for (Item item : items) {
            if (item.elementId() == elementId) {
                return item;
            }
        }
        return null;
    }

    /**
     * An item's text: a lookup id resolved through its table; tabs and line breaks as spaces, as vPIC's decoder
     * answers them; null for nothing and for "Not Applicable", which says nothing of the vehicle.
     */
    static String text(VpicIndex index, Item item) {
        String value = item.value() != null ? item.value() : index.value(item.elementId(), item.attributeId());
        if (value == null) {
            return null;
        }
        String flat = value.replace('\t', ' ').replace('\r', ' ').replace('\n', ' ').strip();
        return flat.isEmpty() || flat.equalsIgnoreCase("Not Applicable") ? null : flat;
    }

    String attribute(int elementId) {
        Item item = item(elementId);
        return item == null ? null : item.attributeId();
    }

    /** spVinDecode's sum of the weights of the elements decoded, which ranks passes. */
    int elementsWeight(VpicIndex index) {
        Set<Integer> seen = new TreeSet<>();
        int weight = 0;
        for (Item item : items) {
            VpicIndex.Element element = index.element(item.elementId());
            if (element != null && element.weight() != null && seen.add(item.elementId())) {
                weight += element.weight();
            }
        }
        return weight;
    }

    /** spVinDecode's count of values from patterns, which ranks passes. */
    long patternValues() {
        return items.stream().filter(item -> item.source() == Source.PATTERN || item.source() == Source.ENGINE_MODEL
                || item.source() == Source.FORMULA).count();
    }

    private static Integer parse(String text) {
        try {
            return Integer.valueOf(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
