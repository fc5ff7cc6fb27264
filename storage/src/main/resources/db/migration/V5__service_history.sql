-- Sanitized per-VIN service history: structured fields only.
CREATE TABLE read.service_record (
    vin            VARCHAR(17)  NOT NULL,
    position       INTEGER      NOT NULL,
    performed_on   DATE         NOT NULL,
    odometer_miles INTEGER,
    odometer_km    INTEGER,
    performed_by   VARCHAR(16)  NOT NULL,
    -- the visit's service codes, comma-separated, in recorded order
    services       VARCHAR(500) NOT NULL,
    PRIMARY KEY (vin, position)
);
