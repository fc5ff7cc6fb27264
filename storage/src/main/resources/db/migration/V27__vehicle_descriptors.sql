-- The command side's own state: tables that its events keep, written in the transaction that appends those events,
-- so that what the command side decides never depends on how far the projections are. Only the command side (and
-- the tools that append catalog events: the catalog imports, the synthetic catalog loader) writes them.
CREATE SCHEMA IF NOT EXISTS command;

-- What enrichment asks when a newer vPIC release derives another config_key for a vehicle (EarlierReleases): which
-- configuration holds VINs with the same descriptor, and whether an earlier vPIC release registered it. Each
-- registered configuration with the source its identity came from (the last ConfigurationRegistered: a
-- registration that corrects the label replaces the source), and each linked VIN with its descriptor (positions
-- 1-8 and 10) and its configuration (the last VinLinked). sequence_number is the event's in its aggregate: a row
-- is replaced only by a later event, so an event applied again changes nothing.
CREATE TABLE command.registered_configuration (
    config_key      VARCHAR(160) NOT NULL,
    source_kind     VARCHAR,
    source_sha256   VARCHAR,
    sequence_number BIGINT       NOT NULL,
    PRIMARY KEY (config_key)
);

CREATE TABLE command.linked_vin (
    vin             VARCHAR(17)  NOT NULL,
    descriptor      VARCHAR(9)   NOT NULL,
    config_key      VARCHAR(160) NOT NULL,
    sequence_number BIGINT       NOT NULL,
    PRIMARY KEY (vin)
);

CREATE INDEX linked_vin_descriptor_idx ON command.linked_vin (descriptor, config_key);

-- Filled from the events stored so far (JSON as the command side's serializer writes them; source null for an
-- event stored before events carried one), so an upgraded database decides as it did from the read tables. Both
-- statements read the whole event table once.
-- [jooq ignore start]
INSERT INTO command.registered_configuration (config_key, source_kind, source_sha256, sequence_number)
SELECT DISTINCT ON (aggregateidentifier)
       payload ->> 'configKey', payload -> 'source' ->> 'kind', payload -> 'source' ->> 'sha256', sequencenumber
FROM (SELECT aggregateidentifier, sequencenumber, convert_from(payload, 'UTF8')::jsonb AS payload
      FROM events.domainevententry
      WHERE payloadtype = 'dev.vspec.contracts.catalog.ConfigurationRegistered') registered
ORDER BY aggregateidentifier, sequencenumber DESC;

INSERT INTO command.linked_vin (vin, descriptor, config_key, sequence_number)
SELECT DISTINCT ON (aggregateidentifier)
       payload ->> 'vin', substr(payload ->> 'vin', 1, 8) || substr(payload ->> 'vin', 10, 1),
       payload ->> 'configKey', sequencenumber
FROM (SELECT aggregateidentifier, sequencenumber, convert_from(payload, 'UTF8')::jsonb AS payload
      FROM events.domainevententry
      WHERE payloadtype = 'dev.vspec.contracts.catalog.VinLinked') linked
ORDER BY aggregateidentifier, sequencenumber DESC;
-- [jooq ignore stop]

-- Enrichment read read.vin by descriptor through this index; nothing else does.
-- [jooq ignore start] (the code generator never read the index: V15 hides it)
DROP INDEX read.vin_descriptor_idx;
-- [jooq ignore stop]
