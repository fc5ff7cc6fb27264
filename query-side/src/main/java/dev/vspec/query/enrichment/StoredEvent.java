package dev.vspec.query.enrichment;

/**
 * One event of a job as the event store holds it: the fully qualified name of the event's class and
 * its payload, JSON in UTF-8 (the events module's EventSerialization writes it).
 */
record StoredEvent(String payloadType, byte[] payload) {}
