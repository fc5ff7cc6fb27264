package dev.vspec.decoder;

import dev.vspec.decoder.VpicIndex.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A release's VIN schemas and their patterns, collected in any order and laid out for decoding: grouped per
 * schema by key (so a key is matched once per schema), in pattern-id order within a key (the order in which
 * spVinDecode meets them), in parallel primitive arrays, with each key compiled once and each attribute value
 * held once. Not thread-safe.
 */
final class SchemaPatterns {

    /** The patterns laid out: {@code schemas} index into the arrays, which hold one pattern per index. */
    record Layout(Map<Integer, Schema> schemas, int[] ids, short[] elements, String[] attributes, long[] changed) {}

    private final Map<Integer, Object[]> schemaRows = new HashMap<>();
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

    void schema(int id, String name, boolean toBeQced, String notes) {
        schemaRows.put(id, new Object[] {name, toBeQced, notes});
    }

    void pattern(int id, int schemaId, String keys, int elementId, String attributeId, long changedMicros) {
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
    }

    /** The one instance of this text that the release's attribute values share. */
    String intern(String value) {
        return strings.computeIfAbsent(value, v -> v);
    }

    /** @throws IllegalStateException when a pattern belongs to a schema the release does not hold */
    Layout layOut() {
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
            schemas.put(
                    schemaId,
                    new Schema(
                            schemaId,
                            (String) row[0],
                            (Boolean) row[1],
                            (String) row[2],
                            schemaKeys.toArray(PatternKey[]::new),
                            starts.stream().mapToInt(Integer::intValue).toArray()));
        }
        schemaRows.forEach((id, row) -> schemas.computeIfAbsent(
                id,
                missing -> new Schema(
                        id, (String) row[0], (Boolean) row[1], (String) row[2], new PatternKey[0], new int[] {0})));
        return new Layout(Map.copyOf(schemas), ids, elementIds, attributes, changed);
    }
}
