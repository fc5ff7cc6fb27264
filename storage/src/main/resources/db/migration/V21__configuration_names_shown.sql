-- read.configuration shows every make and model in one form, whatever its source wrote (vPIC's decoder
-- "HONDA", an import's "Honda"): the configurations projection applies that form (VehicleNames) when it
-- writes a row, so that every reader, and a rebuild from the topic, sees the same names. The events keep
-- each source's own spelling. Rows written before hold the source's; the projection reads the topic again
-- from its start (its effects are idempotent, and the match columns and config_keys do not change) and
-- rewrites them. The other projections keep their offsets.
DELETE FROM read.projection_offset WHERE projection = 'configurations';
