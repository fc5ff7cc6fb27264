-- GET /v1/years counts the catalog's configurations per model year. Without this index that is a
-- sequential scan of the whole table and a sort on every request; with it, an index-only scan of
-- this narrow index in year order, which stops after a page's years. The other listings (makes,
-- models, trims, a partial /v1/configs) walk configuration_ymm_idx in its own order.
CREATE INDEX configuration_year_idx ON read.configuration (year);
