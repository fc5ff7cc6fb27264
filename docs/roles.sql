-- vspec's PostgreSQL roles, for a server where the schemas' owner may not create roles (the migrations create
-- them where it may; docs/architecture.md#who-owns-each-schema says what each may touch). Run it once, as a user
-- who may create roles, naming vspec's database:
--
--   psql -v database=vspec -f docs/roles.sql
--
-- then give each login role a password (ALTER ROLE vspec_query_side PASSWORD '...') and each deployable its
-- role's password (VSPEC_DB_ROLE_PASSWORD; docs/configuration.md#database). The next start of any deployable
-- grants the roles what they may touch. Running it again changes nothing.
\set ON_ERROR_STOP on

SELECT format('CREATE ROLE %I LOGIN', :'database' || '_' || deployable)
FROM unnest(ARRAY['command_side', 'projections', 'query_side', 'sandbox']) AS deployable
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'database' || '_' || deployable)
\gexec

SELECT format('CREATE ROLE %I NOLOGIN', :'database' || '_decoder')
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'database' || '_decoder')
\gexec

-- Every deployable reads the vPIC release as a member of <database>_decoder.
SELECT format('GRANT %I TO %I', :'database' || '_decoder', :'database' || '_' || deployable)
FROM unnest(ARRAY['command_side', 'projections', 'query_side', 'sandbox']) AS deployable
\gexec
