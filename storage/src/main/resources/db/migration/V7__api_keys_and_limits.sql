-- API keys, the request-access form's submissions, and the shared rate-limit buckets.
-- Keys are stored only as the SHA-256 of the whole key; the prefix (the key's first 17
-- characters) is what operators see in listings and revoke by.
CREATE TABLE access.access_request (
    id           BIGSERIAL     PRIMARY KEY,
    name         VARCHAR(200)  NOT NULL,
    email        VARCHAR(254)  NOT NULL,
    company      VARCHAR(200),
    intended_use VARCHAR(2000) NOT NULL,
    plan         VARCHAR(16)   NOT NULL,
    client_ip    VARCHAR(64)   NOT NULL,
    submitted_at TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()
);

CREATE TABLE access.api_key (
    id                  BIGSERIAL    PRIMARY KEY,
    prefix              VARCHAR(32)  NOT NULL,
    key_hash            CHAR(64)     NOT NULL UNIQUE, -- lowercase hex
    owner               VARCHAR(200) NOT NULL,
    plan                VARCHAR(16)  NOT NULL,
    -- space-separated scope names, e.g. 'maintenance:read labor:read'
    scopes              VARCHAR(200) NOT NULL,
    -- null: the plan's own limit (every plan but enterprise has one)
    requests_per_minute INTEGER,
    reads_per_month     BIGINT,
    access_request_id   BIGINT       REFERENCES access.access_request (id),
    created_at          TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
    revoked_at          TIMESTAMP WITH TIME ZONE
);
CREATE INDEX api_key_prefix ON access.api_key (prefix);

-- Bucket4j's PostgreSQL buckets: one row per key and window, removed after expires_at
-- (milliseconds since the epoch) by the access module's purge.
CREATE TABLE access.rate_limit_bucket (
    id         VARCHAR(255) PRIMARY KEY,
    state      BYTEA,
    expires_at BIGINT
);
CREATE INDEX rate_limit_bucket_expires_at ON access.rate_limit_bucket (expires_at);
