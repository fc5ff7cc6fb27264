-- The keyless sandbox's own schema. The sandbox builds its tables at start (SampleSchema): an event
-- log shaped like events.domainevententry and read tables shaped like read.*, filled by the
-- projections' own code from the reference event stream it ships. This row records which stream,
-- over which table shapes, the tables hold, so a start with nothing new changes nothing.
CREATE SCHEMA IF NOT EXISTS sample;

CREATE TABLE sample.reference_load (
    id          SMALLINT    PRIMARY KEY CHECK (id = 1),
    fingerprint CHAR(64)    NOT NULL, -- SHA-256 of the stream and of the source tables' columns
    events      INTEGER     NOT NULL,
    loaded_at   TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()
);
