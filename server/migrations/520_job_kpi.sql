-- 数据统计 (issue 17): each position's KPI set (岗位池) — the metrics its holders are scored on and
-- their weights (whole percent, adding up to 100, checked by contracts/rules/analysis.ts). One
-- versioned row per position, so two admins saving the same set cannot overwrite each other.
CREATE TABLE job_kpi (
  job_id integer PRIMARY KEY REFERENCES job (id) ON DELETE CASCADE,
  chain_id integer NOT NULL REFERENCES chain (id),
  -- [{ "metric": "revenue", "weight": 40 }, …] in the order shown
  items jsonb NOT NULL DEFAULT '[]',
  version integer NOT NULL DEFAULT 1,
  updated_by text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_kpi_chain ON job_kpi (chain_id);
