-- Order rollup marks (issue 17 review): one trigger function for inserts, updates and deletes.
-- 510's order_rollup_mark() repeated the same two statements for new and old rows; this one
-- builds the rows the statement touched once per TG_OP (new_rows, old_rows or both: an update
-- moves an order out of one cell into another) and marks, in one statement, their (store, day)
-- cells and the cells of the two earliest orders of each customer concerned (a customer's first
-- order decides new/returning). The transition tables exist only for their own events, so the
-- source is chosen as text and run with EXECUTE (which sees them like plain SQL does).
DROP TRIGGER order_rollup_insert ON maintenance_record;
DROP TRIGGER order_rollup_update ON maintenance_record;
DROP TRIGGER order_rollup_delete ON maintenance_record;
DROP FUNCTION order_rollup_mark();

CREATE FUNCTION order_rollup_touch() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT chain_id, store_id, maint_date, customer_id FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT chain_id, store_id, maint_date, customer_id FROM old_rows'
    ELSE 'SELECT chain_id, store_id, maint_date, customer_id FROM new_rows
          UNION ALL SELECT chain_id, store_id, maint_date, customer_id FROM old_rows' END;
BEGIN
  -- UNION (not UNION ALL): each cell once, or ON CONFLICT would meet it twice in one statement.
  EXECUTE format($sql$
    INSERT INTO order_rollup_dirty (chain_id, store_id, day)
    SELECT chain_id, store_id, maint_date FROM (%1$s) t
    UNION
    SELECT f.chain_id, f.store_id, f.maint_date FROM (SELECT DISTINCT customer_id FROM (%1$s) t) c
     CROSS JOIN LATERAL (SELECT r.chain_id, r.store_id, r.maint_date FROM maintenance_record r
                          WHERE r.customer_id = c.customer_id ORDER BY r.maint_date, r.id LIMIT 2) f
    ON CONFLICT (chain_id, store_id, day) DO UPDATE SET seq = nextval('order_rollup_seq')$sql$, touched);
  RETURN NULL;
END $$;

-- A trigger with transition tables has one event (PostgreSQL's rule), so three triggers, one function.
CREATE TRIGGER order_rollup_insert AFTER INSERT ON maintenance_record
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_rollup_touch();
CREATE TRIGGER order_rollup_update AFTER UPDATE ON maintenance_record
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_rollup_touch();
CREATE TRIGGER order_rollup_delete AFTER DELETE ON maintenance_record
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_rollup_touch();

-- 工作台's tasks are made by the durable daily job 'daily-tasks' (routes/workbench.ts), once per
-- chain and business day: a row here is that day's run. Its primary key makes the run
-- exactly-once across workers: the run inserts it first, in the transaction that makes the tasks,
-- and a second worker's insert waits for the first to commit, then finds it and does nothing.
-- follow_up_generation stays 客户运营's "last generated" (its 立即生成 button makes reminders only).
CREATE TABLE daily_task_run (
  chain_id integer NOT NULL REFERENCES chain (id),
  day date NOT NULL,
  made_at timestamptz NOT NULL DEFAULT now(),
  created jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (chain_id, day)
);
