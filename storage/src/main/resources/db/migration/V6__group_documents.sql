-- Pre-rendered group documents: per configuration, a data group's JSON exactly as the API answers it
-- under the group's key (dev.vspec.infra.readmodel.GroupDocument renders it). The query side reads a
-- vehicle and every group it asks for in one primary-key join and writes these bodies out verbatim,
-- so a group route and include= answer the same bytes. Each table belongs to one projection, which
-- writes it in the same transaction as its offsets. A configuration without a document has the
-- group's empty value.
CREATE TABLE read.fluids_document (
    config_key VARCHAR(160) NOT NULL,
    body       TEXT         NOT NULL,
    PRIMARY KEY (config_key)
);

CREATE TABLE read.specs_document (
    config_key VARCHAR(160) NOT NULL,
    body       TEXT         NOT NULL,
    PRIMARY KEY (config_key)
);

CREATE TABLE read.tires_document (
    config_key VARCHAR(160) NOT NULL,
    body       TEXT         NOT NULL,
    PRIMARY KEY (config_key)
);

CREATE TABLE read.maintenance_schedule_document (
    config_key VARCHAR(160) NOT NULL,
    body       TEXT         NOT NULL,
    PRIMARY KEY (config_key)
);

CREATE TABLE read.parts_document (
    config_key VARCHAR(160) NOT NULL,
    body       TEXT         NOT NULL,
    PRIMARY KEY (config_key)
);

CREATE TABLE read.labor_document (
    config_key VARCHAR(160) NOT NULL,
    body       TEXT         NOT NULL,
    PRIMARY KEY (config_key)
);

-- Keep bodies up to a page uncompressed and in the row: a read then costs one heap fetch per
-- group, without TOAST lookups or decompression. Larger bodies are still compressed and moved out.
-- [jooq ignore start]
ALTER TABLE read.fluids_document SET (toast_tuple_target = 8160);
ALTER TABLE read.specs_document SET (toast_tuple_target = 8160);
ALTER TABLE read.tires_document SET (toast_tuple_target = 8160);
ALTER TABLE read.maintenance_schedule_document SET (toast_tuple_target = 8160);
ALTER TABLE read.parts_document SET (toast_tuple_target = 8160);
ALTER TABLE read.labor_document SET (toast_tuple_target = 8160);
-- [jooq ignore stop]

-- The row tables these documents replace: no route reads them any more. read.part and
-- read.part_price_history stay: the parts projection renders its document from them.
DROP TABLE read.fluid;
DROP TABLE read.spec;
DROP TABLE read.tire;
DROP TABLE read.service_interval;
DROP TABLE read.labor_time;
DROP TABLE read.part_price_current;

-- Rebuild the projections that now write documents: without stored offsets they replay the topic
-- from the beginning on their next start and render every document (what a rebuild does).
DELETE FROM read.part;
DELETE FROM read.part_price_history;
DELETE FROM read.projection_offset
 WHERE projection IN ('fluids', 'specs', 'tires', 'service_intervals', 'parts', 'labor_times');
DELETE FROM read.projection_reject
 WHERE projection IN ('fluids', 'specs', 'tires', 'service_intervals', 'parts', 'labor_times');
