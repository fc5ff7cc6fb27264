-- API keys, plans, limits and access requests live here; their tables come with the access feature.
CREATE SCHEMA IF NOT EXISTS access;
