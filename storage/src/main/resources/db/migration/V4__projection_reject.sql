-- Records a projection could never apply (not an event envelope, an unreadable payload, or data
-- the read table refuses). They are kept with their raw bytes instead of blocking the partition,
-- and the projection's offset moves past them in the same transaction. A rebuild clears a
-- projection's rows here, and replaying the topic records them again if they still fail.
CREATE TABLE read.projection_reject (
    projection    VARCHAR(64)  NOT NULL,
    topic         VARCHAR(249) NOT NULL,
    partition     INTEGER      NOT NULL,
    record_offset BIGINT       NOT NULL,
    record_key    TEXT,
    reason        TEXT         NOT NULL,
    payload       BYTEA,
    rejected_at   TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
    PRIMARY KEY (projection, topic, partition, record_offset)
);
