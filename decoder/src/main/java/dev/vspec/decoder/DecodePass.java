package dev.vspec.decoder;

import dev.vspec.decoder.CharacterChecks.CharacterError;
import dev.vspec.decoder.DecodingItem.Source;
import dev.vspec.decoder.VpicIndex.Schema;
import dev.vspec.decoder.VpicIndex.SchemaLink;
import dev.vspec.decoder.VpicIndex.Wmi;
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
 * VIN's keys say, keeps one winner per element, adds the make, unit conversions and NHTSA's error codes
 * ({@link CharacterChecks} for those about single characters). {@link VinDecoder} runs one pass, or two when
 * position 10 could mean either of two years, and keeps the better.
 *
 * <p>Over 300 lines on purpose: it follows that one stored procedure step by step, which reads best in one piece.
 */
final class DecodePass {

    /** Elements that may hold several values ("other engine info"): every match stays. */
    private static final Set<Integer> MULTI_VALUED = Set.of(114, 121, 129, 150, 154, 155, 169, 186);
    /** Body classes of off-road vehicles (NHTSA code 10) and of incomplete ones (a warning). */
    private static final Set<String> OFF_ROAD = Set.of("69", "84", "86", "88", "97", "105", "113", "124", "126", "127");

    private static final Set<String> INCOMPLETE =
            Set.of("62", "63", "64", "65", "67", "70", "71", "72", "74", "75", "76", "77", "78", "107", "112", "116");
    private static final String GLIDER = "64";
    private static final int INCOMPLETE_VEHICLE_TYPE = 10;

    final Integer modelYear;
    final boolean conclusive;
    final List<DecodingItem> items = new ArrayList<>();
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
        CharacterChecks.checkCharacters(pass, vin, wmi);
        return pass;
    }

    private void gather(VpicIndex index, String vin, Wmi wmi) {
        List<DecodingItem> patternItems = new ArrayList<>();
        List<DecodingItem> formulaItems = new ArrayList<>();
        matchPatterns(index, keysOf(vin), wmi, patternItems, formulaItems);
        items.addAll(patternItems);
        addEngineModel(index, patternItems);
        addWmiAndYear(wmi);
        items.addAll(formulaItems);
        keepWinners();
        addMake(index, wmi);
        addConversions(index);
        if (items.stream().noneMatch(item -> item.patternId() != null)) {
            codes.add(NhtsaCode.NO_DETAILED_DATA);
        } else {
            CharacterChecks.findCharacterErrors(this, vin, wmi);
            CharacterChecks.findUnusedPositions(this, vin);
        }
        addBodyClassCodes(wmi);
    }

    /** What the patterns of the WMI's schemas for the year give where their keys match: values, then formulas. */
    private void matchPatterns(
            VpicIndex index, String keys, Wmi wmi, List<DecodingItem> patternItems, List<DecodingItem> formulaItems) {
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
                    if (Element.NOT_FROM_PATTERNS.contains(elementId)) {
                        continue;
                    }
                    if (key.isFormula()) {
                        formulaItems.add(DecodingItem.ofPattern(
                                index, p, key, schema, key.formulaSpan(keys), Source.FORMULA, 100));
                        continue;
                    }
                    Element element = index.element(elementId);
                    if (element == null || element.decode() == null || element.isPrivate() || schema.toBeQced()) {
                        continue;
                    }
                    patternItems.add(
                            DecodingItem.ofPattern(index, p, key, schema, null, Source.PATTERN, link.yearFrom()));
                }
            }
        }
    }

    /** The vehicle type and manufacturer the WMI registers, and the pass's model year. */
    private void addWmiAndYear(Wmi wmi) {
        if (wmi.vehicleTypeId() != null && wmi.vehicleType() != null) {
            items.add(DecodingItem.withoutPattern(
                    Element.VEHICLE_TYPE,
                    wmi.vehicleTypeId().toString(),
                    wmi.vehicleType().toUpperCase(Locale.ROOT),
                    Source.WMI,
                    100));
        }
        if (wmi.manufacturer() != null) {
            items.add(DecodingItem.withoutPattern(
                    Element.MANUFACTURER,
                    wmi.manufacturerId().toString(),
                    wmi.manufacturer().toUpperCase(Locale.ROOT),
                    Source.WMI,
                    100));
        }
        if (modelYear != null) {
            items.add(DecodingItem.withoutPattern(
                    Element.MODEL_YEAR, modelYear.toString(), modelYear.toString(), Source.MODEL_YEAR, 100));
        }
    }

    /** NHTSA's codes for gliders and off-road vehicles, and whether the vehicle is incomplete. */
    private void addBodyClassCodes(Wmi wmi) {
        String bodyClass = attribute(Element.BODY_CLASS);
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
    private void addEngineModel(VpicIndex index, List<DecodingItem> patternItems) {
        DecodingItem engine = null;
        for (DecodingItem item : patternItems) {
            if (item.elementId() == Element.ENGINE_MODEL
                    && (engine == null
                            || item.priority() > engine.priority()
                            || (item.priority() == engine.priority()
                                    && (item.changedOn() > engine.changedOn()
                                            || (item.changedOn() == engine.changedOn()
                                                    && item.patternId() > engine.patternId()))))) {
                engine = item;
            }
        }
        if (engine == null) {
            return;
        }
        for (EnginePattern pattern : index.engineModelPatterns(engine.attributeId())) {
            items.add(new DecodingItem(
                    pattern.elementId(),
                    pattern.attributeId(),
                    null,
                    Source.ENGINE_MODEL,
                    50,
                    pattern.changedOn(),
                    engine.key(),
                    engine.patternId(),
                    engine.schemaId()));
        }
    }

    /** One winner per element ({@link DecodingItem#RANKING}); elements that hold several values keep each distinct one. */
    private void keepWinners() {
        Map<Integer, DecodingItem> winners = new LinkedHashMap<>();
        List<DecodingItem> multiple = new ArrayList<>();
        for (DecodingItem item : items) {
            if (MULTI_VALUED.contains(item.elementId())) {
                if (multiple.stream()
                        .noneMatch(kept -> kept.elementId() == item.elementId()
                                && kept.attributeId().equals(item.attributeId()))) {
                    multiple.add(item);
                }
                continue;
            }
            winners.merge(
                    item.elementId(),
                    item,
                    (kept, candidate) -> DecodingItem.RANKING.compare(candidate, kept) < 0 ? candidate : kept);
        }
        items.clear();
        items.addAll(winners.values());
        items.addAll(multiple);
    }

    /** The make of the decoded model, else the WMI's make when it has exactly one. */
    private void addMake(VpicIndex index, Wmi wmi) {
        DecodingItem model = item(Element.MODEL);
        if (model != null) {
            Integer modelId = VpicIndex.id(model.attributeId());
            for (int makeId : modelId == null ? new int[0] : index.makesOfModel(modelId)) {
                String name = index.makeName(makeId);
                if (name != null) {
                    items.add(DecodingItem.derivedFrom(
                            model,
                            Element.MAKE,
                            Integer.toString(makeId),
                            name.toUpperCase(Locale.ROOT),
                            Source.MODEL,
                            1000));
                }
            }
        } else if (wmi.makes().size() == 1) {
            items.add(DecodingItem.withoutPattern(
                    Element.MAKE, "", wmi.makes().get(0).toUpperCase(Locale.ROOT), Source.WMI, -100));
        }
    }

    /** Displacement in litres from cubic centimetres (and so on) where vPIC gave only one unit. */
    private void addConversions(VpicIndex index) {
        List<DecodingItem> sources = new ArrayList<>(2);
        for (DecodingItem item : items) {
            if (index.convertsFrom(item.elementId())) {
                sources.add(item);
            }
        }
        sources.sort(Comparator.comparingInt(DecodingItem::priority)
                .reversed()
                .thenComparing(Comparator.comparingLong(DecodingItem::changedOn).reversed()));
        for (DecodingItem source : sources) {
            for (Conversion conversion : index.conversions()) {
                if (conversion.fromElementId() != source.elementId() || item(conversion.toElementId()) != null) {
                    continue;
                }
                String result =
                        index.converted(conversion, source.value() != null ? source.value() : source.attributeId());
                if (result != null) {
                    items.add(DecodingItem.derivedFrom(
                            source, conversion.toElementId(), result, result, Source.CONVERSION, 100));
                }
            }
        }
    }

    /** The pass's error value by NHTSA's weights: spVinDecode's first criterion for choosing between passes. */
    int errorValue() {
        return codes.stream().mapToInt(NhtsaCode::weight).sum();
    }

    /** Positions 4-8, then '|', then 10-17: what pattern keys are written over. */
    static String keysOf(String vin) {
        if (vin.length() <= 3) {
            return "";
        }
        String keys = vin.substring(3, Math.min(8, vin.length()));
        return vin.length() > 9 ? keys + "|" + vin.substring(9) : keys;
    }

    DecodingItem item(int elementId) {
        for (DecodingItem item : items) {
            if (item.elementId() == elementId) {
                return item;
            }
        }
        return null;
    }

    String attribute(int elementId) {
        DecodingItem item = item(elementId);
        return item == null ? null : item.attributeId();
    }

    /** spVinDecode's sum of the weights of the elements decoded, which ranks passes. */
    int elementsWeight(VpicIndex index) {
        Set<Integer> seen = new TreeSet<>();
        int weight = 0;
        for (DecodingItem item : items) {
            Element element = index.element(item.elementId());
            if (element != null && element.weight() != null && seen.add(item.elementId())) {
                weight += element.weight();
            }
        }
        return weight;
    }

    /** spVinDecode's count of values from patterns, which ranks passes. */
    long patternValues() {
        return items.stream()
                .filter(item -> item.source() == Source.PATTERN
                        || item.source() == Source.ENGINE_MODEL
                        || item.source() == Source.FORMULA)
                .count();
    }
}
