-- Where the event topic ended, partition by partition, once an enrichment job's completion was on
-- it. The relay writes these in the transaction that moves its token past the EnrichmentCompleted
-- event; the query side tells the job completed only once every projection's stored offsets
-- (read.projection_offset) reach them, so every read route then answers the job's VIN.
CREATE TABLE events.job_published_offsets (
    job_id      VARCHAR(255) NOT NULL,
    topic       VARCHAR(249) NOT NULL,
    partition   INTEGER      NOT NULL,
    next_offset BIGINT       NOT NULL,
    PRIMARY KEY (job_id, topic, partition)
);

-- Jobs completed before this table existed were published long ago: nothing for them to wait for
-- (no topic, offset 0).
-- [jooq ignore start]
INSERT INTO events.job_published_offsets (job_id, topic, partition, next_offset)
SELECT aggregateidentifier, '', 0, 0 FROM events.domainevententry
WHERE payloadtype = 'dev.vspec.contracts.enrichment.EnrichmentCompleted';
-- [jooq ignore stop]
