-- When a configuration's parts answer last changed, which its Last-Modified says: the later of its
-- list's recorded_at and the latest recorded_at of a price of a part it lists. recorded_at stays the
-- list's alone (its provenance, which coverage shows), while a price recorded later changes the body
-- too. The parts projection sets it in the transaction that renders the body; a rebuild's copy of
-- the table (CREATE TABLE ... LIKE) has the column and its projection writes it alike.
ALTER TABLE read.parts_document ADD COLUMN changed_at TIMESTAMP WITH TIME ZONE;

-- The documents held now, from the rows they were rendered from.
-- [jooq ignore start]
UPDATE read.parts_document document
   SET changed_at = GREATEST(document.recorded_at, (
       SELECT max(price.recorded_at)
         FROM read.part_price_history price
         JOIN read.part listed ON listed.config_key = price.config_key AND listed.part_number = price.part_number
        WHERE price.config_key = document.config_key));
-- [jooq ignore stop]

ALTER TABLE read.parts_document ALTER COLUMN changed_at SET NOT NULL;
