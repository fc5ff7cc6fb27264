-- Whether every read table answers what an enrichment job recorded, in one place: the relay has recorded where
-- the topic ended once the job's completion was on it (events.job_published_offsets), and no projection is behind
-- that end on any partition (a projection without an offset for a partition has applied none of it; a topic no
-- projection reads holds nothing to wait for). A job has a row once its completion was published. The poll says
-- completed, and a webhook tells of the completion, only when projected holds, so a client reading right after
-- either is answered in full. It belongs to the projections, whose offsets it reads.
CREATE VIEW read.job_projected AS
SELECT published.job_id,
       bool_and(projections.projection IS NULL
                OR published.next_offset <= coalesce(applied.next_offset, 0)) AS projected
FROM events.job_published_offsets published
LEFT JOIN (SELECT DISTINCT projection, topic FROM read.projection_offset) projections
       ON projections.topic = published.topic
LEFT JOIN read.projection_offset applied
       ON applied.projection = projections.projection
      AND applied.topic = published.topic
      AND applied.partition = published.partition
GROUP BY published.job_id;
