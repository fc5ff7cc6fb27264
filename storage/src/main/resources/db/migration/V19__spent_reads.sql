-- The reads each key spent per calendar month (the month's index: year * 12 + month - 1), which
-- X-Monthly-Remaining reports: every instance adds what it admitted moments after (MonthlyReadCounts).
-- What a key may still spend is the shared budgets' to decide (rate_limit_bucket, leased to instances
-- a share at a time, so its tokens cannot say what was spent); these counts only tell.
CREATE TABLE access.spent_reads (
    key_id BIGINT NOT NULL REFERENCES access.api_key (id) ON DELETE CASCADE,
    month  BIGINT NOT NULL,
    reads  BIGINT NOT NULL,
    PRIMARY KEY (key_id, month)
);
