-- The first answer to a write sent with an Idempotency-Key, replayed to the same key for the same
-- request for 24 hours. The request is kept only as a fingerprint (SHA-256 hex).
CREATE TABLE access.idempotent_answer (
    key_id          BIGINT       NOT NULL REFERENCES access.api_key (id),
    idempotency_key VARCHAR(255) NOT NULL,
    route           VARCHAR(64)  NOT NULL,
    fingerprint     CHAR(64)     NOT NULL,
    status          SMALLINT     NOT NULL,
    body            TEXT         NOT NULL,
    created_at      TIMESTAMPTZ  NOT NULL DEFAULT now(),
    PRIMARY KEY (key_id, idempotency_key)
);
