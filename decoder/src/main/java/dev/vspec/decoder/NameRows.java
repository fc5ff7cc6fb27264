package dev.vspec.decoder;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A release's names (makes, models, manufacturers, the lookup tables) and which makes build each model. */
final class NameRows {

    private final Map<Integer, String> makes = new HashMap<>();
    private final Map<Integer, String> models = new HashMap<>();
    private final Map<Integer, String> manufacturers = new HashMap<>();
    private final Map<Integer, List<Integer>> modelMakes = new HashMap<>();
    private final Map<String, Map<Integer, String>> lookups = new HashMap<>();

    void make(int id, String name) {
        makes.put(id, name);
    }

    void model(int id, String name) {
        models.put(id, name);
    }

    void makeModel(int makeId, int modelId) {
        modelMakes.computeIfAbsent(modelId, id -> new ArrayList<>()).add(makeId);
    }

    void manufacturer(int id, String name) {
        manufacturers.put(id, name);
    }

    void lookup(String table, int id, String name) {
        lookups.computeIfAbsent(table, t -> new HashMap<>()).put(id, name);
    }

    Map<Integer, String> makes() {
        return Map.copyOf(makes);
    }

    Map<Integer, String> models() {
        return Map.copyOf(models);
    }

    Map<Integer, String> manufacturers() {
        return Map.copyOf(manufacturers);
    }

    Map<Integer, int[]> makesOfModel() {
        Map<Integer, int[]> result = new HashMap<>();
        modelMakes.forEach((model, list) ->
                result.put(model, list.stream().mapToInt(Integer::intValue).toArray()));
        return Map.copyOf(result);
    }

    /** Each lookup table (BodyStyle, FuelType, Country, ...) by name. */
    Map<String, Map<Integer, String>> lookups() {
        return lookups;
    }
}
