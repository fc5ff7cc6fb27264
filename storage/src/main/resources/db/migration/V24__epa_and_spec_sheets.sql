-- The EPA's fuel-economy file (vspec catalog import-epa) and a spec sheet merged fact by fact.
--
-- Precedence gains a level: an operator's file 4, a vendor 3, the EPA's file 2, vPIC 1 (an event stored before
-- events carried a source ranks as a vendor, 3). The ranks stored so far move up with them.
-- [jooq ignore start]
DO $$
DECLARE
    ranked record;
BEGIN
    FOR ranked IN
        SELECT table_schema, table_name FROM information_schema.columns
         WHERE column_name = 'source_rank' AND table_schema IN ('read', 'sample')
    LOOP
        EXECUTE format('UPDATE %I.%I SET source_rank = source_rank + 1 WHERE source_rank >= 2',
                       ranked.table_schema, ranked.table_name);
        EXECUTE format('ALTER TABLE %I.%I ALTER COLUMN source_rank SET DEFAULT 3',
                       ranked.table_schema, ranked.table_name);
    END LOOP;
END $$;
-- [jooq ignore stop]

-- Each source's latest spec sheet of a configuration, one per precedence (a sheet replaces the earlier sheet of its
-- own precedence); read.specs_document is their merge, each fact (section and name) from the highest that states it.
CREATE TABLE read.specs_sheet (
    config_key  VARCHAR(160)             NOT NULL,
    source_rank SMALLINT                 NOT NULL,
    body        TEXT                     NOT NULL,
    source      TEXT                     NOT NULL,
    recorded_at TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (config_key, source_rank)
);

-- When the merged sheet last changed: its highest sheet's time (recorded_at, which coverage shows) or a lower one's.
ALTER TABLE read.specs_document ADD COLUMN changed_at TIMESTAMP WITH TIME ZONE;
-- [jooq ignore start]
UPDATE read.specs_document SET changed_at = recorded_at;
-- [jooq ignore stop]
ALTER TABLE read.specs_document ALTER COLUMN changed_at SET NOT NULL;

-- Each line of the sheets held now names its source: the document's (text kept as written, so answers keep their
-- key order).
-- [jooq ignore start]
UPDATE read.specs_document document
   SET body = (SELECT '[' || coalesce(string_agg(left(line::text, -1) || ',"source":' || document.source || '}', ','
                                                 ORDER BY position), '') || ']'
                 FROM json_array_elements(document.body::json) WITH ORDINALITY AS lines(line, position));
-- [jooq ignore stop]

-- The sheets held now: each configuration's shown sheet is its highest source's.
-- [jooq ignore start]
INSERT INTO read.specs_sheet (config_key, source_rank, body, source, recorded_at)
SELECT config_key, source_rank, body, source, recorded_at FROM read.specs_document;
-- [jooq ignore stop]

-- The EPA's entries, one per EPA id, found by model year and make (contracts' EpaMatching decides the rest): the
-- entry's facts as recorded (contracts' EpaVehicle, JSON) and its source as answers render it.
CREATE TABLE read.epa_entry (
    epa_id      INTEGER                  PRIMARY KEY,
    model_year  SMALLINT                 NOT NULL,
    make_key    VARCHAR(60)              NOT NULL,
    body        TEXT                     NOT NULL,
    source      TEXT                     NOT NULL,
    recorded_at TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE INDEX epa_entry_make ON read.epa_entry (model_year, make_key);
