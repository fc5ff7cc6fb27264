package dev.vspec.events.kafka;

import java.time.Instant;
import tools.jackson.databind.JsonNode;

/**
 * What every record on the event topic carries: one stored event with the facts a consumer
 * needs to order it and to know it again. The record key is {@code aggregateId}, so one aggregate's
 * events keep their order within a partition; each stored event is on the topic once, and
 * ({@code aggregateId}, {@code aggregateSequence}) or {@code eventId} identifies it, should a consumer
 * read it again. The record's header {@code vspec-event-type} repeats {@code eventType}, so that a
 * consumer can pass over the types it does not handle without parsing the record.
 *
 * @param envelopeVersion   version of this envelope's shape
 * @param eventId           unique id of the stored event
 * @param eventType         name of the event type in the published language, e.g. {@code FluidsRecorded}
 * @param aggregateType     {@code VehicleConfiguration}, {@code Vehicle}, {@code EnrichmentJob}, {@code VpicRelease}, {@code RecallCampaign} or {@code EpaFileEntry}
 * @param aggregateId       config_key, VIN, enrichment job id, {@code vpic}, NHTSA campaign number or {@code epa-} and
 *                          the EPA id; also the record key
 * @param aggregateSequence 0-based position of the event in its aggregate's history
 * @param occurredAt        when the event was stored
 * @param payload           the event itself
 */
public record EventEnvelope(
        int envelopeVersion,
        String eventId,
        String eventType,
        String aggregateType,
        String aggregateId,
        long aggregateSequence,
        Instant occurredAt,
        JsonNode payload) {

    public static final int VERSION = 1;

    /**
     * The record header holding {@code eventType} again (UTF-8), so that a consumer can pass over
     * the types it does not handle without parsing the value. A record without it is read whole.
     */
    public static final String EVENT_TYPE_HEADER = "vspec-event-type";
}
