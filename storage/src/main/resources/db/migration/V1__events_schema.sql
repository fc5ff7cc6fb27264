-- Axon's JDBC event store, token store and saga store. Axon's SQL uses unquoted lower-case
-- names; payloads are BYTEA (never oid) and the global index increments by one.
CREATE SCHEMA IF NOT EXISTS events;

CREATE TABLE events.domainevententry (
    globalindex         BIGSERIAL    NOT NULL,
    eventidentifier     VARCHAR(255) NOT NULL,
    metadata            BYTEA,
    payload             BYTEA        NOT NULL,
    payloadrevision     VARCHAR(255),
    payloadtype         VARCHAR(255) NOT NULL,
    timestamp           VARCHAR(255) NOT NULL,
    aggregateidentifier VARCHAR(255) NOT NULL,
    sequencenumber      BIGINT       NOT NULL,
    type                VARCHAR(255),
    PRIMARY KEY (globalindex),
    CONSTRAINT domainevententry_aggregate_sequence_uk UNIQUE (aggregateidentifier, sequencenumber),
    CONSTRAINT domainevententry_event_uk UNIQUE (eventidentifier)
);

CREATE TABLE events.snapshotevententry (
    aggregateidentifier VARCHAR(255) NOT NULL,
    sequencenumber      BIGINT       NOT NULL,
    type                VARCHAR(255) NOT NULL,
    eventidentifier     VARCHAR(255) NOT NULL,
    metadata            BYTEA,
    payload             BYTEA        NOT NULL,
    payloadrevision     VARCHAR(255),
    payloadtype         VARCHAR(255) NOT NULL,
    timestamp           VARCHAR(255) NOT NULL,
    PRIMARY KEY (aggregateidentifier, sequencenumber),
    CONSTRAINT snapshotevententry_event_uk UNIQUE (eventidentifier)
);

CREATE TABLE events.tokenentry (
    processorname VARCHAR(255) NOT NULL,
    segment       INTEGER      NOT NULL,
    token         BYTEA,
    tokentype     VARCHAR(255),
    timestamp     VARCHAR(255),
    owner         VARCHAR(255),
    PRIMARY KEY (processorname, segment)
);

CREATE TABLE events.sagaentry (
    sagaid         VARCHAR(255) NOT NULL,
    revision       VARCHAR(255),
    sagatype       VARCHAR(255),
    serializedsaga BYTEA,
    PRIMARY KEY (sagaid)
);

CREATE TABLE events.associationvalueentry (
    id               BIGSERIAL    NOT NULL,
    associationkey   VARCHAR(255) NOT NULL,
    associationvalue VARCHAR(255),
    sagaid           VARCHAR(255) NOT NULL,
    sagatype         VARCHAR(255),
    PRIMARY KEY (id)
);

CREATE INDEX associationvalueentry_saga_idx ON events.associationvalueentry (sagaid, sagatype);
CREATE INDEX associationvalueentry_value_idx ON events.associationvalueentry (sagatype, associationkey, associationvalue);
