-- Webhooks hear of NHTSA recall campaigns too. events: what an endpoint subscribed to (those registered before
-- hear of their enrichment jobs' ends, as they did); recall_makes: the make keys (contracts' RecallMatching) of the
-- campaigns it hears of, null for every make. A recall delivery names its campaign, not a job.
ALTER TABLE webhooks.endpoint ADD COLUMN events TEXT[] NOT NULL DEFAULT '{enrichment.completed,enrichment.failed}';
ALTER TABLE webhooks.endpoint ADD COLUMN recall_makes TEXT[];
ALTER TABLE webhooks.delivery ALTER COLUMN job_id DROP NOT NULL;
ALTER TABLE webhooks.delivery ADD COLUMN campaign_number VARCHAR(12);

-- Each recalls file the notifier met, with the date its campaigns must be reported after to be news (command-side's
-- RecallFiles): null for the first file met, so a first import floods nobody.
CREATE TABLE webhooks.recall_file (
    sha256         VARCHAR(64) PRIMARY KEY,
    data_date      date,
    announce_after date
);
