-- What enrichment asks when a VIN's vPIC decode gives no engine code (EpaEngineResolution): the EPA's entries of
-- its model year and make. The command side's own copy of what it reads of read.epa_entry, kept from the
-- EpaEntryRecorded events in the transaction that appends them (RecordedEpaEntries), so an engine resolves as the
-- event store says, however far the projections are. One row per EPA id, from its last event: model year, make key
-- (RecallMatching.makeKey) and the entry's facts (EpaVehicle, JSON). sequence_number is the event's in its
-- aggregate: a row is replaced only by a later event, so an event applied again changes nothing.
CREATE TABLE command.epa_entry (
    epa_id          INTEGER     NOT NULL,
    model_year      SMALLINT    NOT NULL,
    make_key        VARCHAR(60) NOT NULL,
    body            TEXT        NOT NULL,
    sequence_number BIGINT      NOT NULL,
    PRIMARY KEY (epa_id)
);

CREATE INDEX epa_entry_make ON command.epa_entry (model_year, make_key);

-- Filled from the events stored so far, so an upgraded database resolves engines as it did from read.epa_entry; the
-- statement reads the whole event table once, and parses each EPA event's JSON once (OFFSET 0 keeps the subquery
-- from being merged into the outer query, which would parse it once per field). The body is the event's own JSON of
-- the facts, which EpaRows reads as it reads the JSON it writes. The make key is RecallMatching.makeKey written in
-- SQL: the make upper-cased, its letters A-Z and digits kept. Upper-casing ASCII alone (collation "C", whatever the
-- database's locale: a Turkish one upper-cases i as a dotted capital I) gives Java's key for every character but the
-- 17 whose upper case Java spells in ASCII letters (sharp s as SS, the ff and fi ligatures, the dotless i, ...),
-- which SQL drops; V28's migration test holds the two to each other over every other code point. The EPA's makes are
-- ASCII, and mapping those 17 in SQL takes literals that a database in another encoding than UTF8 refuses (LATIN1)
-- or reads byte by byte (SQL_ASCII).
-- [jooq ignore start]
INSERT INTO command.epa_entry (epa_id, model_year, make_key, body, sequence_number)
SELECT DISTINCT ON (aggregateidentifier)
       (payload ->> 'epaId')::integer,
       (payload -> 'vehicle' ->> 'year')::smallint,
       regexp_replace(upper((payload -> 'vehicle' ->> 'make') COLLATE "C"), '[^A-Z0-9]', '', 'g'),
       (payload -> 'vehicle')::text,
       sequencenumber
FROM (SELECT aggregateidentifier, sequencenumber, convert_from(payload, 'UTF8')::jsonb AS payload
      FROM events.domainevententry
      WHERE payloadtype = 'dev.vspec.contracts.epa.EpaEntryRecorded'
      OFFSET 0) recorded
ORDER BY aggregateidentifier, sequencenumber DESC;
-- [jooq ignore stop]
