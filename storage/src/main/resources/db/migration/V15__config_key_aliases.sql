-- Keys a configuration also answers to: the config_key a newer vPIC release derives for a vehicle the
-- catalog holds under the key an earlier release derived (renamed trim, newly decoded series or engine
-- model). A lookup by config_key that names no configuration looks here before answering 404.
CREATE TABLE read.config_key_alias (
    alias       VARCHAR(160)             NOT NULL,
    config_key  VARCHAR(160)             NOT NULL,
    source      TEXT                     NOT NULL,
    source_rank SMALLINT                 NOT NULL,
    recorded_at TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (alias)
);

-- Enrichment finds the configuration an earlier release decoded for VINs of the same vehicle by the
-- VIN's descriptor: positions 1-8 (manufacturer and vehicle attributes) and 10 (model year), the part
-- of a VIN that vPIC's patterns read; 9 is the check digit, 11-17 plant and serial.
-- [jooq ignore start] (the code generator's parser reads no expression index)
CREATE INDEX vin_descriptor_idx ON read.vin ((substr(vin, 1, 8) || substr(vin, 10, 1)));
-- [jooq ignore stop]
