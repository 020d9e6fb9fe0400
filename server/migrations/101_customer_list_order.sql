-- The customer list at 100k customers (tests/bench/RESULTS.md, "Customer list"):
-- the default order (last visit, newest first, never visited last) across all stores a user
-- sees, as the expression the list sorts and filters by (repositories/customer.ts LAST_VISIT_KEY),
-- so the first pages and "not visited for N days" walk this index instead of sorting every
-- customer; the brand + mileage filter starts from the chain's vehicles of that brand.
CREATE INDEX IF NOT EXISTS customer_chain_last_visit ON customer (chain_id, (COALESCE(last_visit_at, '-infinity'::timestamptz)) DESC, id DESC);
CREATE INDEX IF NOT EXISTS vehicle_brand_mileage ON vehicle (chain_id, brand, mileage);
-- "Insurance expiring / maintenance due within N days" read only the index (no table visit).
DROP INDEX IF EXISTS vehicle_insurance_expiry;
DROP INDEX IF EXISTS vehicle_next_maintenance;
CREATE INDEX vehicle_insurance_expiry ON vehicle (chain_id, insurance_expiry) INCLUDE (customer_id);
CREATE INDEX vehicle_next_maintenance ON vehicle (chain_id, next_maintenance_date) INCLUDE (customer_id);
