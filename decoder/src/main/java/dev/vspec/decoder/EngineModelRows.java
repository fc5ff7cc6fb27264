package dev.vspec.decoder;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A release's engine models and their attributes ({@code EngineModel}, {@code EngineModelPattern}), in any order. */
final class EngineModelRows {

    private final Map<Integer, String> names = new HashMap<>();
    private final List<Object[]> patterns = new ArrayList<>();

    void engineModel(int id, String name) {
        names.put(id, name);
    }

    /** @param attributeId as the index holds it (trimmed, interned) */
    void pattern(int id, int engineModelId, int elementId, String attributeId, long changedMicros) {
        patterns.add(new Object[] {id, engineModelId, elementId, attributeId, changedMicros});
    }

    /** Each engine model's attributes by its name, trimmed and lower case: spVinDecode compares names so. */
    Map<String, List<EnginePattern>> byName() {
        Map<String, List<EnginePattern>> byName = new HashMap<>();
        for (Object[] row : patterns) {
            String name = names.get((Integer) row[1]);
            if (name != null) {
                byName.computeIfAbsent(key(name), n -> new ArrayList<>())
                        .add(new EnginePattern((Integer) row[0], (Integer) row[2], (String) row[3], (Long) row[4]));
            }
        }
        byName.replaceAll((name, list) -> List.copyOf(list));
        return Map.copyOf(byName);
    }

    static String key(String engineModel) {
        return engineModel.strip().toLowerCase(Locale.ROOT);
    }
}
