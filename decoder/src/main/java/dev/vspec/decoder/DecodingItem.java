package dev.vspec.decoder;

import java.util.Comparator;

/** A decoded element value, as spVinDecode's {@code tblDecodingItem}: what it says, where it came from, its rank. */
record DecodingItem(
        int elementId,
        String attributeId,
        String value,
        Source source,
        int priority,
        long changedOn,
        PatternKey key,
        Integer patternId,
        Integer schemaId) {

    /** What pattern {@code pattern} of {@code schema}, matched by {@code key}, says of its element. */
    static DecodingItem ofPattern(
            VpicIndex index,
            int pattern,
            PatternKey key,
            VpicIndex.Schema schema,
            String value,
            Source source,
            int priority) {
        return new DecodingItem(
                index.patternElement(pattern),
                index.patternAttribute(pattern),
                value,
                source,
                priority,
                index.patternChanged(pattern),
                key,
                index.patternId(pattern),
                schema.id());
    }

    /** An item no pattern gave (the WMI's, the model year's): it ranks by priority alone and has no key. */
    static DecodingItem withoutPattern(int elementId, String attributeId, String value, Source source, int priority) {
        return new DecodingItem(elementId, attributeId, value, source, priority, Long.MIN_VALUE, null, null, null);
    }

    /** An item that follows from another (a model's make, a converted unit), carrying that item's pattern. */
    static DecodingItem derivedFrom(
            DecodingItem from, int elementId, String attributeId, String value, Source source, int priority) {
        return new DecodingItem(
                elementId,
                attributeId,
                value,
                source,
                priority,
                Long.MIN_VALUE,
                from.key(),
                from.patternId(),
                from.schemaId());
    }

    enum Source {
        PATTERN("pattern"),
        ENGINE_MODEL("engine_model"),
        FORMULA("formula"),
        WMI("wmi"),
        MODEL("model"),
        MODEL_YEAR("model_year"),
        CONVERSION("conversion");

        final String label;

        Source(String label) {
            this.label = label;
        }

        boolean fromPatterns() {
            return this == PATTERN || this == ENGINE_MODEL || this == FORMULA || this == MODEL;
        }
    }

    /**
     * spVinDecode's ranking of an element's candidates: the higher priority (for a pattern, the first year of
     * its schema's link), then the newer pattern, then the key with fewer fixed characters (NHTSA's
     * {@code LEN(REPLACE(Keys, '*', ''))} ascending). NHTSA breaks a remaining tie at random ({@code NEWID()});
     * vspec breaks it by the key without brackets, then the pattern id, as NHTSA's PostgreSQL port does, so
     * that a decode never changes between two calls.
     */
    static final Comparator<DecodingItem> RANKING = Comparator.comparingInt(DecodingItem::priority)
            .reversed()
            .thenComparing(Comparator.comparingLong(DecodingItem::changedOn).reversed())
            .thenComparingInt(item -> item.key() == null ? 0 : item.key().literalLength())
            .thenComparing(item -> item.key() == null ? "" : item.key().withoutBrackets())
            .thenComparingInt(item -> item.patternId() == null ? Integer.MAX_VALUE : item.patternId());

    /**
     * The item's text: a lookup id resolved through its table; tabs and line breaks as spaces, as vPIC's decoder
     * answers them; null for nothing and for "Not Applicable", which says nothing of the vehicle.
     */
    String text(VpicIndex index) {
        String text = value != null ? value : index.value(elementId, attributeId);
        if (text == null) {
            return null;
        }
        String flat =
                text.replace('\t', ' ').replace('\r', ' ').replace('\n', ' ').strip();
        return flat.isEmpty() || flat.equalsIgnoreCase("Not Applicable") ? null : flat;
    }
}
