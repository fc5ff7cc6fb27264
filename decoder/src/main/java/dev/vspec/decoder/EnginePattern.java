package dev.vspec.decoder;

/** An engine model's attribute (cylinders, fuel, ...) as {@code EngineModelPattern} gives it. */
record EnginePattern(int id, int elementId, String attributeId, long changedOn) {}
