-- Webhooks (command side only; nothing else reads this schema). An endpoint is an HTTPS URL a key
-- registered to hear when its enrichment jobs end; its signing secret is kept as issued, since every
-- delivery is signed with it (HMAC-SHA256), and is shown to the key once, at registration.
CREATE SCHEMA IF NOT EXISTS webhooks;

CREATE TABLE webhooks.endpoint (
    id         VARCHAR(32)   NOT NULL PRIMARY KEY,
    key_id     BIGINT        NOT NULL REFERENCES access.api_key (id),
    url        VARCHAR(2048) NOT NULL,
    secret     VARCHAR(64)   NOT NULL,
    created_at TIMESTAMPTZ   NOT NULL DEFAULT now()
);
CREATE INDEX endpoint_key_id ON webhooks.endpoint (key_id);

-- One delivery per (event, endpoint): the job's end, as JSON frozen when the event was processed,
-- sent until the endpoint answers 2xx or the retry window closes. state: pending, delivered, failed.
-- A pending delivery is due at next_attempt_at; a sender claiming it moves that past its own attempt
-- (a lease), so a sender that dies mid-attempt leaves it due again.
CREATE TABLE webhooks.delivery (
    id              BIGSERIAL    NOT NULL PRIMARY KEY,
    event_id        VARCHAR(64)  NOT NULL,
    endpoint_id     VARCHAR(32)  NOT NULL REFERENCES webhooks.endpoint (id) ON DELETE CASCADE,
    key_id          BIGINT       NOT NULL,
    type            VARCHAR(32)  NOT NULL,
    job_id          VARCHAR(64)  NOT NULL,
    body            TEXT         NOT NULL,
    state           VARCHAR(16)  NOT NULL,
    attempts        INTEGER      NOT NULL DEFAULT 0,
    created_at      TIMESTAMPTZ  NOT NULL,
    next_attempt_at TIMESTAMPTZ,
    CONSTRAINT delivery_once UNIQUE (event_id, endpoint_id)
);
CREATE INDEX delivery_key_id ON webhooks.delivery (key_id, id);
-- [jooq ignore start]
CREATE INDEX delivery_due ON webhooks.delivery (next_attempt_at) WHERE state = 'pending';
-- [jooq ignore stop]

-- Each attempt of a delivery: the receiver's status code, or the error that kept it from answering.
CREATE TABLE webhooks.attempt (
    delivery_id BIGINT       NOT NULL REFERENCES webhooks.delivery (id) ON DELETE CASCADE,
    number      INTEGER      NOT NULL,
    at          TIMESTAMPTZ  NOT NULL,
    duration_ms INTEGER      NOT NULL,
    status_code INTEGER,
    error       VARCHAR(300),
    PRIMARY KEY (delivery_id, number)
);
