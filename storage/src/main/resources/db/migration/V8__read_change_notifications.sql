-- Every change to a configuration or a stored group document notifies channel
-- vspec_read_changed with its config_key when the writing transaction commits (PostgreSQL folds
-- repeats within one transaction); a TRUNCATE (a projection's rebuild) notifies '*'. Query-side
-- instances cache configurations with their documents and drop what these name. Triggers, not
-- the projections' code, so that every writer is covered: projections, rebuilds, manual fixes.
-- [jooq ignore start]
CREATE FUNCTION read.notify_read_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'TRUNCATE' THEN
        PERFORM pg_notify('vspec_read_changed', '*');
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('vspec_read_changed', OLD.config_key);
    ELSE
        PERFORM pg_notify('vspec_read_changed', NEW.config_key);
    END IF;
    RETURN NULL;
END;
$$;

DO $$
DECLARE
    watched text;
BEGIN
    FOREACH watched IN ARRAY ARRAY['configuration', 'fluids_document', 'specs_document', 'tires_document',
            'maintenance_schedule_document', 'parts_document', 'labor_document'] LOOP
        EXECUTE format('CREATE TRIGGER notify_read_changed AFTER INSERT OR UPDATE OR DELETE ON read.%I '
                || 'FOR EACH ROW EXECUTE FUNCTION read.notify_read_changed()', watched);
        EXECUTE format('CREATE TRIGGER notify_read_truncated AFTER TRUNCATE ON read.%I '
                || 'FOR EACH STATEMENT EXECUTE FUNCTION read.notify_read_changed()', watched);
    END LOOP;
END;
$$;
-- [jooq ignore stop]
