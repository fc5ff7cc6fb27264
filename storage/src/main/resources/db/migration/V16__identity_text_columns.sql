-- The read tables hold whatever text the aggregates accept: a configuration's make, model, trim and engine
-- code are what its source names them (vPIC's trims run past 80 characters, e.g. 2022 Volvo's, several joined
-- by slashes), and parts' names, brands and numbers are what a catalog file says. A fixed width here turned
-- such events into projection rejects; the config_key (160) bounds none of them, being a slug. Unbounded
-- varchar (PostgreSQL's text) rewrites no rows; one column per statement, as jOOQ's code generator parses them.
ALTER TABLE read.configuration ALTER COLUMN make TYPE VARCHAR;
ALTER TABLE read.configuration ALTER COLUMN model TYPE VARCHAR;
ALTER TABLE read.configuration ALTER COLUMN trim TYPE VARCHAR;
ALTER TABLE read.configuration ALTER COLUMN make_match TYPE VARCHAR;
ALTER TABLE read.configuration ALTER COLUMN model_match TYPE VARCHAR;
ALTER TABLE read.configuration ALTER COLUMN trim_match TYPE VARCHAR;
ALTER TABLE read.configuration ALTER COLUMN engine_code TYPE VARCHAR;
ALTER TABLE read.configuration ALTER COLUMN label TYPE VARCHAR;
ALTER TABLE read.part ALTER COLUMN part_number TYPE VARCHAR;
ALTER TABLE read.part ALTER COLUMN category TYPE VARCHAR;
ALTER TABLE read.part ALTER COLUMN brand TYPE VARCHAR;
ALTER TABLE read.part ALTER COLUMN service TYPE VARCHAR;
ALTER TABLE read.part ALTER COLUMN name TYPE VARCHAR;
ALTER TABLE read.part_price_history ALTER COLUMN part_number TYPE VARCHAR;

-- A projection that refused events for a value too long (SQLSTATE 22001) reads the topic again from its start
-- (its effects are idempotent, so what it holds already is rewritten the same), and those refusals, now
-- applied, are no longer listed.
DELETE FROM read.projection_offset
WHERE projection IN (SELECT projection FROM read.projection_reject WHERE reason LIKE '%[SQLSTATE 22001]%');
DELETE FROM read.projection_reject WHERE reason LIKE '%[SQLSTATE 22001]%';
