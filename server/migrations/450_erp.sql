-- ERP binding state (issue 12): what the ERP calls the bound store, and the last sync's outcome,
-- so 系统设置 can show 已绑定 · 上次同步 … without asking the ERP on every page view.
ALTER TABLE erp_binding ADD COLUMN erp_store_name text NOT NULL DEFAULT '';
ALTER TABLE erp_binding ADD COLUMN last_sync_at timestamptz;
-- 'ok' or the ERP's refusal in Chinese; empty before the first sync.
ALTER TABLE erp_binding ADD COLUMN last_sync_result text NOT NULL DEFAULT '';
ALTER TABLE erp_binding ADD COLUMN last_sync_customers integer NOT NULL DEFAULT 0;
ALTER TABLE erp_binding ADD COLUMN last_sync_orders integer NOT NULL DEFAULT 0;
