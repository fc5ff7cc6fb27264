package dev.vspec.decoder;

import dev.vspec.decoder.VpicIndex.Schema;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A VIN schema's pattern keys by what they decode: the model, the trim or series, the engine (engine model,
 * displacement, cylinders, configuration, fuel: what an engine code is read or derived from) and the drive
 * type. A key that decodes several is in several lists. Formula keys ({@code #}) are left out, since the value
 * they give is whatever digits a VIN holds; so are keys longer than a VIN's keys string, which never match.
 * Each list is in the order of the keys' texts, so an enumeration over them does not depend on load order.
 */
record SchemaKeys(List<ModelKey> models, List<PatternKey> trims, List<PatternKey> engines, List<PatternKey> drives) {

    /** Characters in a VIN's keys string: positions 4-8, '|', 10-17. */
    static final int KEYS_LENGTH = 14;

    /** A key that decodes a model, with the vPIC model id its pattern names (null when it is no id). */
    record ModelKey(PatternKey key, Integer modelId) {}

    static SchemaKeys of(VpicIndex index, Schema schema) {
        List<ModelKey> models = new ArrayList<>();
        List<PatternKey> trims = new ArrayList<>();
        List<PatternKey> engines = new ArrayList<>();
        List<PatternKey> drives = new ArrayList<>();
        PatternKey[] keys = schema.keys();
        for (int k = 0; k < keys.length; k++) {
            PatternKey key = keys[k];
            if (key.isFormula() || key.length() > KEYS_LENGTH) {
                continue;
            }
            boolean trim = false;
            boolean engine = false;
            boolean drive = false;
            for (int p = schema.start()[k]; p < schema.start()[k + 1]; p++) {
                switch (index.patternElement(p)) {
                    case Element.MODEL -> models.add(new ModelKey(key, VpicIndex.id(index.patternAttribute(p))));
                    case Element.TRIM, Element.SERIES -> trim = true;
                    case Element.ENGINE_MODEL,
                            Element.DISPLACEMENT_L,
                            Element.CYLINDERS,
                            Element.ENGINE_CONFIGURATION,
                            Element.FUEL_PRIMARY -> engine = true;
                    case Element.DRIVE_TYPE -> drive = true;
                    default -> {}
                }
            }
            add(trims, key, trim);
            add(engines, key, engine);
            add(drives, key, drive);
        }
        models.sort(Comparator.comparing((ModelKey m) -> m.key().text())
                .thenComparing(m -> m.modelId() == null ? Integer.MIN_VALUE : m.modelId()));
        Comparator<PatternKey> byText = Comparator.comparing(PatternKey::text);
        trims.sort(byText);
        engines.sort(byText);
        drives.sort(byText);
        return new SchemaKeys(List.copyOf(models), List.copyOf(trims), List.copyOf(engines), List.copyOf(drives));
    }

    private static void add(List<PatternKey> list, PatternKey key, boolean decodes) {
        if (decodes) {
            list.add(key);
        }
    }
}
