-- Where the relay's records end on the event topic, partition by partition: the offset after the
-- last record Kafka acknowledged. The relay keeps it in the transaction that moves its token, and an
-- enrichment job's completion copies it into events.job_published_offsets. The broker is then not
-- asked again once it holds a batch: a broker lost at that moment would fail a batch already on the
-- topic, and its retry would put the batch's records there twice.
CREATE TABLE events.relay_topic_ends (
    topic       VARCHAR(249) NOT NULL,
    partition   INTEGER      NOT NULL,
    next_offset BIGINT       NOT NULL,
    PRIMARY KEY (topic, partition)
);
