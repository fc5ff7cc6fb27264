-- The command side's own state: tables its events keep, written in the database transaction that stores those
-- events, so a table never tells what the event store does not. The command side writes them; others may read
-- them. None is a projection: nothing rebuilds them, and they are backed up with the events.
CREATE SCHEMA IF NOT EXISTS command;

-- Each enrichment job as its events tell it (the read-model module's EnrichmentJobRows folds them), written with
-- each of the job's events. GET /api/v0/enrich answers from it; POST /api/v0/enrich decides from it.
CREATE TABLE command.enrichment_job (
    job_id        VARCHAR     NOT NULL PRIMARY KEY, -- the job aggregate's id, enr_<VIN>_<attempt>
    vin           VARCHAR     NOT NULL,
    -- the keys that may see the job: the one it was scheduled for first, then each that joined, in order
    key_ids       BIGINT[]    NOT NULL,
    status        VARCHAR(16) NOT NULL, -- scheduled, running, completed or failed
    scheduled_at  TIMESTAMPTZ NOT NULL,
    updated_at    TIMESTAMPTZ NOT NULL, -- its latest scheduling, step or end (a join is not progress)
    steps         JSONB       NOT NULL, -- [{"step", "detail", "at"}], in the order they were done
    config_key    VARCHAR,              -- once completed
    error_code    VARCHAR,              -- once failed: an error code of the API
    error_message VARCHAR,
    -- the sequence number of the job's newest event the row holds: an event delivered again changes nothing
    last_sequence BIGINT      NOT NULL,
    CONSTRAINT enrichment_job_status CHECK (status IN ('scheduled', 'running', 'completed', 'failed'))
);

-- A table of this schema whose rows for events stored before it existed are still to be written: the command
-- side writes them when it starts, in one transaction that also deletes the name here. Jobs scheduled by an
-- earlier version have events and no row until then.
CREATE TABLE command.pending_backfill (
    name VARCHAR NOT NULL PRIMARY KEY
);
INSERT INTO command.pending_backfill (name) VALUES ('enrichment_job');
