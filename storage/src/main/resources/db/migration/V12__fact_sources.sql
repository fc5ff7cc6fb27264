-- Where each recorded catalog fact came from. Every row a catalog event writes keeps the event's
-- source, rendered as the API shows it (dev.vspec.infra.readmodel.FactSources: {"kind":"import",
-- "name":...,"sha256":...}, or {"kind":"unknown"} for an event stored before events carried one),
-- the source's precedence (FactSource.precedence(): an operator's file 3, a vendor 2, vPIC 1; unknown
-- counts as 2), and when the event was stored (the envelope's occurredAt). A projection replaces a row
-- only with an event of at least the row's precedence, so a later import wins over vPIC while vPIC's
-- later decode does not replace an import; the event log keeps both.
ALTER TABLE read.configuration ADD COLUMN source TEXT NOT NULL DEFAULT '{"kind":"unknown"}';
ALTER TABLE read.configuration ADD COLUMN source_rank SMALLINT NOT NULL DEFAULT 2;
ALTER TABLE read.configuration ADD COLUMN recorded_at TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now();
ALTER TABLE read.vin ADD COLUMN source TEXT NOT NULL DEFAULT '{"kind":"unknown"}';
ALTER TABLE read.vin ADD COLUMN source_rank SMALLINT NOT NULL DEFAULT 2;
ALTER TABLE read.vin ADD COLUMN recorded_at TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now();
ALTER TABLE read.image ADD COLUMN source TEXT NOT NULL DEFAULT '{"kind":"unknown"}';
ALTER TABLE read.image ADD COLUMN source_rank SMALLINT NOT NULL DEFAULT 2;
ALTER TABLE read.image ADD COLUMN recorded_at TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now();
ALTER TABLE read.part_price_history ADD COLUMN source TEXT NOT NULL DEFAULT '{"kind":"unknown"}';
ALTER TABLE read.part_price_history ADD COLUMN source_rank SMALLINT NOT NULL DEFAULT 2;
ALTER TABLE read.part_price_history ADD COLUMN recorded_at TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now();
ALTER TABLE read.fluids_document ADD COLUMN source TEXT NOT NULL DEFAULT '{"kind":"unknown"}';
ALTER TABLE read.fluids_document ADD COLUMN source_rank SMALLINT NOT NULL DEFAULT 2;
ALTER TABLE read.fluids_document ADD COLUMN recorded_at TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now();
ALTER TABLE read.specs_document ADD COLUMN source TEXT NOT NULL DEFAULT '{"kind":"unknown"}';
ALTER TABLE read.specs_document ADD COLUMN source_rank SMALLINT NOT NULL DEFAULT 2;
ALTER TABLE read.specs_document ADD COLUMN recorded_at TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now();
ALTER TABLE read.tires_document ADD COLUMN source TEXT NOT NULL DEFAULT '{"kind":"unknown"}';
ALTER TABLE read.tires_document ADD COLUMN source_rank SMALLINT NOT NULL DEFAULT 2;
ALTER TABLE read.tires_document ADD COLUMN recorded_at TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now();
ALTER TABLE read.maintenance_schedule_document ADD COLUMN source TEXT NOT NULL DEFAULT '{"kind":"unknown"}';
ALTER TABLE read.maintenance_schedule_document ADD COLUMN source_rank SMALLINT NOT NULL DEFAULT 2;
ALTER TABLE read.maintenance_schedule_document ADD COLUMN recorded_at TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now();
ALTER TABLE read.parts_document ADD COLUMN source TEXT NOT NULL DEFAULT '{"kind":"unknown"}';
ALTER TABLE read.parts_document ADD COLUMN source_rank SMALLINT NOT NULL DEFAULT 2;
ALTER TABLE read.parts_document ADD COLUMN recorded_at TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now();
ALTER TABLE read.labor_document ADD COLUMN source TEXT NOT NULL DEFAULT '{"kind":"unknown"}';
ALTER TABLE read.labor_document ADD COLUMN source_rank SMALLINT NOT NULL DEFAULT 2;
ALTER TABLE read.labor_document ADD COLUMN recorded_at TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now();

-- The defaults fill the rows written before this migration (and rows written by hand); every
-- projection sets all three.

-- A VIN's service history is rows per visit; its source is one row per VIN, there also when the
-- history recorded is empty (the source said the VIN has no visits).
CREATE TABLE read.service_history_source (
    vin         VARCHAR(17)              NOT NULL,
    source      TEXT                     NOT NULL,
    source_rank SMALLINT                 NOT NULL,
    recorded_at TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (vin)
);

-- The query side caches a configuration with the sources of all its groups, the image's included:
-- a change to the image must drop the entry too (see V8).
-- [jooq ignore start]
CREATE TRIGGER notify_read_changed AFTER INSERT OR UPDATE OR DELETE ON read.image
    FOR EACH ROW EXECUTE FUNCTION read.notify_read_changed();
CREATE TRIGGER notify_read_truncated AFTER TRUNCATE ON read.image
    FOR EACH STATEMENT EXECUTE FUNCTION read.notify_read_changed();
-- [jooq ignore stop]

-- Replay every catalog projection from the beginning on its next start, so that each row gets its
-- event's source and time (the events of a row rank alike, and the later replaces the earlier, so
-- the rows end as a rebuild would write them).
DELETE FROM read.projection_offset
 WHERE projection IN ('configurations', 'vins', 'fluids', 'specs', 'tires', 'service_intervals', 'parts',
                      'labor_times', 'images', 'service_history');
DELETE FROM read.projection_reject
 WHERE projection IN ('configurations', 'vins', 'fluids', 'specs', 'tires', 'service_intervals', 'parts',
                      'labor_times', 'images', 'service_history');
