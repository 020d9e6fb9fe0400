-- Indexes of the customer list (issue 5): keyword search, default order and filters, so
-- /client/list stays fast at 100k customers / 150k vehicles.
-- Keyword search is prefix matching (text_pattern_ops works under any collation): name prefix,
-- mobile prefix and last digits (reverse), plate with or without the province character, VIN
-- prefix and last digits. PGlite ships without pg_trgm loaded, so no trigram indexes.
CREATE INDEX customer_name_prefix ON customer (chain_id, name text_pattern_ops);
CREATE INDEX customer_mobile_prefix ON customer (chain_id, mobile text_pattern_ops);
CREATE INDEX customer_mobile_suffix ON customer (chain_id, reverse(mobile) text_pattern_ops);
CREATE INDEX vehicle_plate_prefix ON vehicle (chain_id, plate text_pattern_ops);
CREATE INDEX vehicle_plate_no_province ON vehicle (chain_id, substr(plate, 2) text_pattern_ops);
CREATE INDEX vehicle_vin_prefix ON vehicle (chain_id, vin text_pattern_ops);
CREATE INDEX vehicle_vin_suffix ON vehicle (chain_id, reverse(vin) text_pattern_ops);

-- The default order (last visit, newest first) per store, and the spend filter/sort.
CREATE INDEX customer_store_last_visit ON customer (chain_id, store_id, last_visit_at DESC NULLS LAST, id DESC);
CREATE INDEX customer_total_spend ON customer (chain_id, total_spend);

-- "Within N days" filters look for vehicles by date, then their owners.
CREATE INDEX vehicle_insurance_expiry ON vehicle (chain_id, insurance_expiry);
CREATE INDEX vehicle_next_maintenance ON vehicle (chain_id, next_maintenance_date);

-- Group membership from the customer's side (group filter, customer detail).
CREATE INDEX customer_group_member_customer ON customer_group_member (customer_id);
