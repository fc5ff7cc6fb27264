-- Each deployable's PostgreSQL role and what it may touch: the table "Who owns each schema" in
-- docs/architecture.md, which DeployableRolesIT checks against these grants. Flyway runs this after every
-- migrate, as the migrating user (the owner), so the grants always match this file: each role loses every
-- privilege on vspec's schemas, then gets back exactly what is listed here.
--
-- Roles are cluster-wide, so each is named after its database: <database>_command_side, _projections,
-- _query_side, _sandbox (LOGIN, no password: set one with ALTER ROLE ... PASSWORD for password logins), and
-- <database>_decoder (NOLOGIN: reads the vPIC release; each deployable is a member). They are created here when
-- the owner may create roles; on a server where it may not, docs/roles.sql creates them once, and the next
-- start grants.

-- Four deployables start at once, each migrating: concurrent GRANTs on one object fail in PostgreSQL.
SELECT pg_advisory_xact_lock(7664873630150250089);

CREATE OR REPLACE FUNCTION pg_temp.vspec_role(deployable text) RETURNS text LANGUAGE sql AS
$$ SELECT current_database() || '_' || deployable $$;

-- Runs "GRANT <what> TO <role>" when the role exists (a missing one is told above, and left to docs/roles.sql)
-- and what it names does: a migration run to a target version leaves later tables to later runs.
CREATE OR REPLACE FUNCTION pg_temp.vspec_grant(deployable text, what text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT FROM pg_roles WHERE rolname = pg_temp.vspec_role(deployable)) THEN
        EXECUTE format('GRANT %s TO %I', what, pg_temp.vspec_role(deployable));
    END IF;
EXCEPTION WHEN undefined_table OR invalid_schema_name THEN
    NULL;
END $$;

DO $$
DECLARE
    may_create boolean := (SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user);
    deployable text;
    role text;
    vspec_schema text;
BEGIN
    FOREACH deployable IN ARRAY ARRAY['command_side', 'projections', 'query_side', 'sandbox', 'decoder'] LOOP
        role := pg_temp.vspec_role(deployable);
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = role) THEN
            IF NOT may_create THEN
                RAISE WARNING 'role % does not exist and % may not create roles: run docs/roles.sql as a user who may',
                    role, current_user;
                CONTINUE;
            END IF;
            EXECUTE format('CREATE ROLE %I %s', role, CASE deployable WHEN 'decoder' THEN 'NOLOGIN' ELSE 'LOGIN' END);
        END IF;
        FOREACH vspec_schema IN ARRAY ARRAY['events', 'command', 'webhooks', 'access', 'read', 'sample', 'vpic'] LOOP
            IF EXISTS (SELECT FROM pg_namespace WHERE nspname = vspec_schema) THEN
                EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA %I FROM %I', vspec_schema, role);
                EXECUTE format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA %I FROM %I', vspec_schema, role);
                EXECUTE format('REVOKE ALL ON SCHEMA %I FROM %I', vspec_schema, role);
            END IF;
        END LOOP;
    END LOOP;
END $$;

-- The vPIC release, when installed (the installer grants a new one the same when it loads it).
DO $$
BEGIN
    IF EXISTS (SELECT FROM pg_namespace WHERE nspname = 'vpic') THEN
        PERFORM pg_temp.vspec_grant('decoder', 'USAGE ON SCHEMA vpic');
        PERFORM pg_temp.vspec_grant('decoder', 'SELECT ON ALL TABLES IN SCHEMA vpic');
    END IF;
END $$;

-- The command side: the event store and the relay's ledger, its own state, webhooks, and of access what its
-- routes write. Of the projections' schema, only the view telling whether every projection applied a job.
SELECT pg_temp.vspec_grant('command_side', 'USAGE ON SCHEMA events, webhooks, access, read');
SELECT pg_temp.vspec_grant('command_side', 'SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA events, webhooks');
SELECT pg_temp.vspec_grant('command_side', 'USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA events, webhooks');
SELECT pg_temp.vspec_grant('command_side', 'SELECT ON ALL TABLES IN SCHEMA access');
SELECT pg_temp.vspec_grant('command_side',
    'INSERT, UPDATE, DELETE ON access.access_request, access.idempotent_answer, access.rate_limit_bucket, access.spent_reads');
SELECT pg_temp.vspec_grant('command_side', 'USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA access');
SELECT pg_temp.vspec_grant('command_side', 'SELECT ON read.job_projected');
SELECT pg_temp.vspec_grant('command_side', 'USAGE ON SCHEMA command');
SELECT pg_temp.vspec_grant('command_side', 'SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA command');
SELECT pg_temp.vspec_grant('command_side', 'USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA command');

-- The projections: the read tables, from the topic (a rebuild from the event store is the CLI's, as the owner).
SELECT pg_temp.vspec_grant('projections', 'USAGE ON SCHEMA read');
SELECT pg_temp.vspec_grant('projections', 'SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA read');
SELECT pg_temp.vspec_grant('projections', 'USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA read');

-- The query side: reads the read tables; of access, writes only the limits and the read counts.
SELECT pg_temp.vspec_grant('query_side', 'USAGE ON SCHEMA read, access');
SELECT pg_temp.vspec_grant('query_side', 'SELECT ON ALL TABLES IN SCHEMA read, access');
SELECT pg_temp.vspec_grant('query_side', 'INSERT, UPDATE, DELETE ON access.rate_limit_bucket, access.spent_reads');
-- and of the command side's state, the enrichment jobs' status
SELECT pg_temp.vspec_grant('query_side', 'USAGE ON SCHEMA command');
SELECT pg_temp.vspec_grant('query_side', 'SELECT ON command.enrichment_job');

-- The sandbox: builds schema sample, shaped like the read tables and the job table, and reads only it; its
-- per-address limits are budgets shared through access.rate_limit_bucket.
SELECT pg_temp.vspec_grant('sandbox', 'USAGE, CREATE ON SCHEMA sample');
SELECT pg_temp.vspec_grant('sandbox', 'USAGE ON SCHEMA access');
SELECT pg_temp.vspec_grant('sandbox', 'SELECT, INSERT, UPDATE, DELETE ON access.rate_limit_bucket');
SELECT pg_temp.vspec_grant('sandbox', 'SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA sample');
SELECT pg_temp.vspec_grant('sandbox', 'USAGE ON SCHEMA read, command');
-- CREATE TABLE ... (LIKE source) needs SELECT on the source
SELECT pg_temp.vspec_grant('sandbox', 'SELECT ON ALL TABLES IN SCHEMA read');
SELECT pg_temp.vspec_grant('sandbox', 'SELECT ON command.enrichment_job');

-- Every deployable decodes VINs (a membership docs/roles.sql made is left as it is).
DO $$
DECLARE
    deployable text;
BEGIN
    IF EXISTS (SELECT FROM pg_roles WHERE rolname = pg_temp.vspec_role('decoder')) THEN
        FOREACH deployable IN ARRAY ARRAY['command_side', 'projections', 'query_side', 'sandbox'] LOOP
            IF EXISTS (SELECT FROM pg_roles WHERE rolname = pg_temp.vspec_role(deployable))
                    AND NOT pg_has_role(pg_temp.vspec_role(deployable), pg_temp.vspec_role('decoder'), 'MEMBER') THEN
                PERFORM pg_temp.vspec_grant(deployable, quote_ident(pg_temp.vspec_role('decoder')));
            END IF;
        END LOOP;
    END IF;
END $$;

-- The sandbox rebuilds its tables (DROP needs their owner); those an older vspec built as another user pass to it.
DO $$
DECLARE
    sample_table text;
BEGIN
    IF EXISTS (SELECT FROM pg_roles WHERE rolname = pg_temp.vspec_role('sandbox')) THEN
        FOR sample_table IN
            SELECT tablename FROM pg_tables
            WHERE schemaname = 'sample' AND tablename <> 'reference_load'
              AND tableowner <> pg_temp.vspec_role('sandbox')
        LOOP
            EXECUTE format('ALTER TABLE sample.%I OWNER TO %I', sample_table, pg_temp.vspec_role('sandbox'));
        END LOOP;
    END IF;
EXCEPTION WHEN insufficient_privilege THEN
    RAISE WARNING 'the sandbox cannot rebuild schema sample until % owns its tables: %',
        pg_temp.vspec_role('sandbox'), SQLERRM;
END $$;
