-- NHTSA's recall campaigns (vspec recalls import), one row per campaign and record (make, model, model year,
-- component and manufacturer part: contracts' Recall.key()), rendered as the API answers them; the vehicle rows are
-- found by model year and the make and model keys of contracts' RecallMatching. read.recall_file names each file a
-- recall was read from, for the answers' coverage.
CREATE TABLE read.recall (
    campaign_number VARCHAR(12) NOT NULL,
    recall_key VARCHAR(1000) NOT NULL,
    record_type VARCHAR(20) NOT NULL,
    model_year smallint,
    make_key VARCHAR(40) NOT NULL,
    model_key VARCHAR(260) NOT NULL,
    report_received date,
    body text NOT NULL,
    source_sha256 VARCHAR(64) NOT NULL,
    recorded_at timestamptz NOT NULL,
    PRIMARY KEY (campaign_number, recall_key)
);

CREATE INDEX recall_vehicle ON read.recall (model_year, make_key, model_key) WHERE record_type = 'vehicle';

CREATE TABLE read.recall_file (
    sha256 VARCHAR(64) PRIMARY KEY,
    file VARCHAR(255) NOT NULL,
    data_date date,
    recorded_at timestamptz NOT NULL
);
