-- Read model: tables built by the projections from the Kafka topic and read by the query side.
-- Every table is keyed so that applying the same event twice leaves it unchanged.
CREATE SCHEMA IF NOT EXISTS read;

-- Per projection and partition, the next Kafka offset to apply; written in the same
-- transaction as the rows it covers, so a redelivered batch is recognised and skipped.
CREATE TABLE read.projection_offset (
    projection  VARCHAR(64)  NOT NULL,
    topic       VARCHAR(249) NOT NULL,
    partition   INTEGER      NOT NULL,
    next_offset BIGINT       NOT NULL,
    updated_at  TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
    PRIMARY KEY (projection, topic, partition)
);

CREATE TABLE read.configuration (
    config_key  VARCHAR(160) NOT NULL,
    year        INTEGER      NOT NULL,
    make        VARCHAR(80)  NOT NULL,
    model       VARCHAR(80)  NOT NULL,
    trim        VARCHAR(80)  NOT NULL,
    engine_code VARCHAR(40)  NOT NULL,
    drivetrain  VARCHAR(16),
    label       VARCHAR(240) NOT NULL,
    -- lower-cased, whitespace-folded forms that YMMT lookups match on
    make_match  VARCHAR(80)  NOT NULL,
    model_match VARCHAR(80)  NOT NULL,
    trim_match  VARCHAR(80)  NOT NULL,
    PRIMARY KEY (config_key)
);
CREATE INDEX configuration_ymm_idx ON read.configuration (year, make_match, model_match, trim_match);

CREATE TABLE read.vin (
    vin        VARCHAR(17)  NOT NULL,
    config_key VARCHAR(160) NOT NULL,
    PRIMARY KEY (vin)
);
CREATE INDEX vin_config_idx ON read.vin (config_key);

CREATE TABLE read.fluid (
    config_key         VARCHAR(160) NOT NULL,
    position           INTEGER      NOT NULL,
    fluid_type         VARCHAR(64)  NOT NULL,
    specification      VARCHAR(240) NOT NULL,
    capacity_litres    NUMERIC(8, 2),
    capacity_us_quarts NUMERIC(8, 2),
    notes              VARCHAR(500),
    PRIMARY KEY (config_key, position)
);

CREATE TABLE read.spec (
    config_key VARCHAR(160) NOT NULL,
    position   INTEGER      NOT NULL,
    section    VARCHAR(64)  NOT NULL,
    name       VARCHAR(120) NOT NULL,
    value      VARCHAR(240) NOT NULL,
    unit       VARCHAR(32),
    PRIMARY KEY (config_key, position)
);

CREATE TABLE read.tire (
    config_key   VARCHAR(160) NOT NULL,
    position     INTEGER      NOT NULL,
    axle         VARCHAR(16)  NOT NULL,
    size         VARCHAR(40)  NOT NULL,
    load_index   INTEGER      NOT NULL,
    speed_rating VARCHAR(4)   NOT NULL,
    pressure_kpa INTEGER      NOT NULL,
    pressure_psi INTEGER      NOT NULL,
    PRIMARY KEY (config_key, position)
);

CREATE TABLE read.service_interval (
    config_key  VARCHAR(160) NOT NULL,
    position    INTEGER      NOT NULL,
    schedule    VARCHAR(16)  NOT NULL,
    service     VARCHAR(80)  NOT NULL,
    description VARCHAR(500) NOT NULL,
    miles       INTEGER,
    kilometres  INTEGER,
    months      INTEGER,
    PRIMARY KEY (config_key, position)
);

CREATE TABLE read.part (
    config_key  VARCHAR(160) NOT NULL,
    part_number VARCHAR(64)  NOT NULL,
    position    INTEGER      NOT NULL,
    name        VARCHAR(240) NOT NULL,
    category    VARCHAR(64)  NOT NULL,
    brand       VARCHAR(80)  NOT NULL,
    quantity    INTEGER      NOT NULL,
    service     VARCHAR(80),
    PRIMARY KEY (config_key, part_number)
);

CREATE TABLE read.part_price_history (
    config_key  VARCHAR(160)   NOT NULL,
    part_number VARCHAR(64)    NOT NULL,
    as_of       DATE           NOT NULL,
    currency    VARCHAR(3)     NOT NULL,
    amount      NUMERIC(12, 2) NOT NULL,
    PRIMARY KEY (config_key, part_number, currency, as_of)
);

-- The latest price per part and currency: the history row with the greatest as_of.
CREATE TABLE read.part_price_current (
    config_key  VARCHAR(160)   NOT NULL,
    part_number VARCHAR(64)    NOT NULL,
    currency    VARCHAR(3)     NOT NULL,
    as_of       DATE           NOT NULL,
    amount      NUMERIC(12, 2) NOT NULL,
    PRIMARY KEY (config_key, part_number, currency)
);

CREATE TABLE read.labor_time (
    config_key  VARCHAR(160) NOT NULL,
    operation   VARCHAR(80)  NOT NULL,
    position    INTEGER      NOT NULL,
    description VARCHAR(500) NOT NULL,
    hours       NUMERIC(6, 2) NOT NULL,
    PRIMARY KEY (config_key, operation)
);

CREATE TABLE read.image (
    config_key   VARCHAR(160) NOT NULL,
    content_type VARCHAR(100) NOT NULL,
    bytes        BYTEA        NOT NULL,
    sha256       VARCHAR(64)  NOT NULL,
    PRIMARY KEY (config_key)
);
