/**
 * The rollup of work orders (order_rollup, migration 510): one row per chain, store, business day,
 * 服务顾问 and service type with summable figures. Reports, the workbench and the big screen read
 * it through `figures` / `dayFigures`, never the raw orders.
 *
 * Freshness: a trigger on maintenance_record marks the (store, day) cells an order change touches
 * (order_rollup_dirty, in the writer's transaction); `refreshDirty` recomputes marked cells from
 * the raw orders of those cells only, and is what the durable job 'order-rollup' runs
 * (routes/report.ts). Recomputing a cell replaces its rows, so running it twice is harmless.
 *
 * Scope: callers pass only stores the user may see (request.scope.storeIds, or a filter narrowed
 * by TenantScope.canSeeStore); an empty list answers zeros.
 */
import { addDays } from '../../../contracts/dates';
import { SERVICE_TYPES, shareBp, ticketFen, type ReportGroup, type ServiceType } from '../../../contracts/rules/orders';
import type { ReportFigures, ReportRow } from '../../../contracts/api/report';
import { sql, type Database, type Queryable, type SQL } from '../db/database';
import type { Jobs } from '../jobs/queue';

export type Figures = ReportFigures;
export type FigureRow = ReportRow;

export interface FigureQuery {
  chainId: number;
  /** Stores the caller may see (already narrowed to the filter). */
  storeIds: number[];
  from: string;
  to: string;
  /** Omitted: one row, key 'total'. */
  groupBy?: ReportGroup;
  advisor?: string;
  serviceType?: ServiceType;
}

interface SumRow {
  key: string;
  revenue: number;
  labour: number;
  parts: number;
  orders: number;
  customers: number;
  new_customers: number;
  returning: number;
}

const SUMS = sql`COALESCE(sum(revenue_fen), 0)::int8 AS revenue, COALESCE(sum(labour_fen), 0)::int8 AS labour,
  COALESCE(sum(parts_fen), 0)::int8 AS parts, COALESCE(sum(orders), 0)::int8 AS orders, COALESCE(sum(customers), 0)::int8 AS customers,
  COALESCE(sum(new_customers), 0)::int8 AS new_customers, COALESCE(sum(returning_customers), 0)::int8 AS returning`;

const KEYS: Record<ReportGroup | 'total', SQL> = {
  total: sql`'total'`,
  store: sql`store_id::text`,
  day: sql`to_char(day, 'YYYY-MM-DD')`,
  week: sql`to_char(date_trunc('week', day)::date, 'YYYY-MM-DD')`,
  month: sql`to_char(day, 'YYYY-MM')`,
  advisor: sql`advisor`,
  serviceType: sql`service_type`,
};

function toFigures(row: Omit<SumRow, 'key'> | undefined | null): Figures {
  const r = row ?? { revenue: 0, labour: 0, parts: 0, orders: 0, customers: 0, new_customers: 0, returning: 0 };
  return {
    revenueFen: r.revenue,
    labourFen: r.labour,
    partsFen: r.parts,
    orders: r.orders,
    ticketFen: ticketFen(r.revenue, r.orders),
    customers: r.customers,
    newCustomers: r.new_customers,
    returningCustomers: r.returning,
    retention: shareBp(r.returning, r.customers),
  };
}

const zero = () => toFigures(null);

function where(q: FigureQuery): SQL {
  const parts = [
    sql`chain_id = ${q.chainId}`,
    sql`store_id = ANY(${sql.param(q.storeIds)}::int[])`,
    sql`day BETWEEN ${q.from}::date AND ${q.to}::date`,
  ];
  if (q.advisor !== undefined) parts.push(sql`advisor = ${q.advisor}`);
  if (q.serviceType !== undefined) parts.push(sql`service_type = ${q.serviceType}`);
  return sql.join(parts, sql` AND `);
}

/** Every period key from `from` to `to`, so a trend has its empty days too. */
function periodKeys(groupBy: 'day' | 'week' | 'month', from: string, to: string): string[] {
  const keys: string[] = [];
  if (groupBy === 'month') {
    for (let month = from.slice(0, 7); month <= to.slice(0, 7); ) {
      keys.push(month);
      const [y, m] = month.split('-').map(Number);
      month = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    }
    return keys;
  }
  let start = from;
  if (groupBy === 'week') {
    const weekday = (new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    start = addDays(from, -weekday);
  }
  for (let d = start; d <= to; d = addDays(d, groupBy === 'week' ? 7 : 1)) keys.push(d);
  return keys;
}

function labelOf(groupBy: ReportGroup, key: string, storeNames: Map<string, string>): string {
  switch (groupBy) {
    case 'store':
      return storeNames.get(key) ?? `门店 ${key}`;
    case 'week':
      return `${key} 周`;
    case 'month':
      return `${key.slice(0, 4)}年${Number(key.slice(5, 7))}月`;
    case 'advisor':
      return key || '未指定';
    case 'serviceType':
      return SERVICE_TYPES[key as ServiceType] ?? key;
    default:
      return key;
  }
}

/**
 * Figures over the stores and days, grouped. Time groups (day/week/month) list every period of
 * the range, empty ones with zeros, oldest first; the others are sorted by revenue, highest first.
 */
export async function figures(db: Queryable, q: FigureQuery): Promise<FigureRow[]> {
  const groupBy = q.groupBy;
  if (!groupBy) return [{ key: 'total', label: '合计', ...(await totalFigures(db, q)) }];
  const rows = q.storeIds.length === 0 ? [] : await db.rows<SumRow>(sql`
    SELECT ${KEYS[groupBy]} AS key, ${SUMS} FROM order_rollup WHERE ${where(q)} GROUP BY 1`);
  const storeNames = new Map<string, string>();
  if (groupBy === 'store' && rows.length > 0) {
    const stores = await db.rows<{ id: number; name: string }>(sql`SELECT id, name FROM garage WHERE id = ANY(${sql.param(rows.map((row) => Number(row.key)))}::int[])`);
    for (const store of stores) storeNames.set(String(store.id), store.name);
  }
  const toRow = (key: string, row: SumRow | undefined): FigureRow => ({ key, label: labelOf(groupBy, key, storeNames), ...toFigures(row) });
  if (groupBy === 'day' || groupBy === 'week' || groupBy === 'month') {
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return periodKeys(groupBy, q.from, q.to).map((key) => toRow(key, byKey.get(key)));
  }
  return rows.map((row) => toRow(row.key, row)).sort((a, b) => b.revenueFen - a.revenueFen || a.key.localeCompare(b.key));
}

/**
 * The total of a report's rows: every grouping splits the orders into disjoint rows and every
 * stored figure is a sum, so adding the rows up is exact (no second pass over the rollup).
 */
export function sumFigures(rows: Figures[]): Figures {
  const sum = { revenue: 0, labour: 0, parts: 0, orders: 0, customers: 0, new_customers: 0, returning: 0 };
  for (const row of rows) {
    sum.revenue += row.revenueFen;
    sum.labour += row.labourFen;
    sum.parts += row.partsFen;
    sum.orders += row.orders;
    sum.customers += row.customers;
    sum.new_customers += row.newCustomers;
    sum.returning += row.returningCustomers;
  }
  return toFigures(sum);
}

/** The figures of the whole range in one row. */
export async function totalFigures(db: Queryable, q: Omit<FigureQuery, 'groupBy'>): Promise<Figures> {
  if (q.storeIds.length === 0) return zero();
  return toFigures(await db.one<SumRow>(sql`SELECT ${SUMS} FROM order_rollup WHERE ${where(q)}`));
}

/** A day's figures against the day before and the same weekday a week earlier (工作台). */
export async function dayFigures(db: Queryable, q: { chainId: number; storeIds: number[]; day: string; advisor?: string }) {
  const yesterday = addDays(q.day, -1);
  const lastWeek = addDays(q.day, -7);
  const rows = q.storeIds.length === 0 ? [] : await db.rows<SumRow>(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS key, ${SUMS} FROM order_rollup
     WHERE chain_id = ${q.chainId} AND store_id = ANY(${sql.param(q.storeIds)}::int[])
       AND day = ANY(${sql.param([q.day, yesterday, lastWeek])}::date[]) ${q.advisor !== undefined ? sql`AND advisor = ${q.advisor}` : sql``}
     GROUP BY 1`);
  const of = (day: string) => toFigures(rows.find((row) => row.key === day));
  return { day: q.day, today: of(q.day), yesterday: of(yesterday), lastWeek: of(lastWeek) };
}

/** Revenue, orders and 保养 orders (服务类型 保养) of a span: what 指标库's order metrics read. */
export interface OrderTotals {
  revenueFen: number;
  orders: number;
  maintenanceOrders: number;
}

const ORDER_TOTALS = sql`COALESCE(sum(revenue_fen), 0)::int8 AS "revenueFen", COALESCE(sum(orders), 0)::int AS orders,
  COALESCE(sum(orders) FILTER (WHERE service_type = 'maintenance'), 0)::int AS "maintenanceOrders"`;

/** The span's order totals, optionally of one 服务顾问 (指标库, 指标树, 诊断表, 数据统计). */
export async function orderTotals(db: Queryable, q: { chainId: number; storeIds: number[]; from: string; to: string; advisor?: string }): Promise<OrderTotals> {
  if (q.storeIds.length === 0) return { revenueFen: 0, orders: 0, maintenanceOrders: 0 };
  const row = await db.one<OrderTotals>(sql`SELECT ${ORDER_TOTALS} FROM order_rollup WHERE ${where(q)}`);
  return row ?? { revenueFen: 0, orders: 0, maintenanceOrders: 0 };
}

/**
 * Order totals per store and 服务顾问 named on the span's orders (数据统计's people, one query for
 * everybody). Rollup rows exist only for cells with orders, so the list is who worked in the span.
 */
export function advisorTotals(db: Queryable, q: { chainId: number; storeIds: number[]; from: string; to: string }) {
  if (q.storeIds.length === 0) return Promise.resolve([] as (OrderTotals & { storeId: number; advisor: string })[]);
  return db.rows<OrderTotals & { storeId: number; advisor: string }>(sql`
    SELECT store_id AS "storeId", advisor, ${ORDER_TOTALS} FROM order_rollup
     WHERE ${where(q)} AND advisor <> '' GROUP BY store_id, advisor ORDER BY store_id, advisor`);
}

/** Orders not yet settled (在修 / 已完工) right now, per store: a live count, not a rollup. */
export async function ordersInProgress(db: Queryable, q: { chainId: number; storeIds: number[] }) {
  if (q.storeIds.length === 0) return { inRepair: 0, completed: 0, byStore: [] as { storeId: number; inRepair: number; completed: number }[] };
  const rows = await db.rows<{ store_id: number; in_repair: number; completed: number }>(sql`
    SELECT store_id, count(*) FILTER (WHERE status = 'in_repair')::int AS in_repair, count(*) FILTER (WHERE status = 'completed')::int AS completed
      FROM maintenance_record WHERE chain_id = ${q.chainId} AND store_id = ANY(${sql.param(q.storeIds)}::int[]) AND status <> 'settled'
     GROUP BY store_id`);
  return {
    inRepair: rows.reduce((sum, row) => sum + row.in_repair, 0),
    completed: rows.reduce((sum, row) => sum + row.completed, 0),
    byStore: rows.map((row) => ({ storeId: row.store_id, inRepair: row.in_repair, completed: row.completed })),
  };
}

// ── Keeping the rollup current ─────────────────────────────────────────────────────────────────

/** The durable job that recomputes marked cells (its worker: routes/report.ts). */
export const ORDER_ROLLUP_JOB = 'order-rollup';

/** Queues the rollup job; call it after the orders' transaction committed. */
export function requestRollup(jobs: Pick<Jobs, 'send'>): Promise<void> {
  return jobs.send(ORDER_ROLLUP_JOB, {});
}

/** Whether some cells wait to be recomputed (a startup catch-up, a test waiting for the job). */
export async function hasDirty(db: Queryable): Promise<boolean> {
  return Boolean(await db.one(sql`SELECT 1 FROM order_rollup_dirty LIMIT 1`));
}

/**
 * Recomputes up to `limit` marked cells from the raw orders of those cells and clears their marks
 * (unless marked again meanwhile). Answers how many cells were recomputed; 0 when nothing is left.
 * Cells are claimed FOR UPDATE SKIP LOCKED, so two processes never recompute the same cell at once.
 */
export async function refreshDirty(db: Database, limit = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const cells = await tx.rows<{ chain_id: number; store_id: number; day: string; seq: number }>(sql`
      SELECT chain_id, store_id, day, seq FROM order_rollup_dirty ORDER BY day DESC LIMIT ${limit} FOR UPDATE SKIP LOCKED`);
    if (cells.length === 0) return 0;
    await recomputeCells(tx, cells);
    await tx.run(sql`
      DELETE FROM order_rollup_dirty d USING unnest(${sql.param(cells.map((c) => c.chain_id))}::int[], ${sql.param(cells.map((c) => c.store_id))}::int[],
             ${sql.param(cells.map((c) => c.day))}::date[], ${sql.param(cells.map((c) => c.seq))}::int8[]) AS c(chain_id, store_id, day, seq)
       WHERE d.chain_id = c.chain_id AND d.store_id = c.store_id AND d.day = c.day AND d.seq = c.seq`);
    return cells.length;
  });
}

/** Replaces the rollup rows of the given (chain, store, day) cells with sums over their orders. */
export async function recomputeCells(db: Queryable, cells: { chain_id: number; store_id: number; day: string }[]): Promise<void> {
  if (cells.length === 0) return;
  const cellsSql = sql`unnest(${sql.param(cells.map((c) => c.chain_id))}::int[], ${sql.param(cells.map((c) => c.store_id))}::int[],
    ${sql.param(cells.map((c) => c.day))}::date[]) AS c(chain_id, store_id, day)`;
  await db.run(sql`DELETE FROM order_rollup r USING ${cellsSql} WHERE r.chain_id = c.chain_id AND r.store_id = c.store_id AND r.day = c.day`);
  await db.run(sql`
    INSERT INTO order_rollup (chain_id, store_id, day, advisor, service_type, revenue_fen, labour_fen, parts_fen, orders, customers, new_customers, returning_customers)
    SELECT chain_id, store_id, day, advisor, service_type, sum(total_fen), sum(labour_fen), sum(parts_fen), count(*),
           count(*) FILTER (WHERE first_today), count(*) FILTER (WHERE first_ever), count(*) FILTER (WHERE first_today AND came_before)
      FROM (
        SELECT r.chain_id, r.store_id, r.maint_date AS day, r.advisor, r.service_type, r.total_fen, r.labour_fen, r.parts_fen,
               row_number() OVER (PARTITION BY r.store_id, r.maint_date, r.customer_id ORDER BY r.id) = 1 AS first_today,
               EXISTS (SELECT 1 FROM maintenance_record p WHERE p.customer_id = r.customer_id AND p.maint_date < r.maint_date) AS came_before,
               NOT EXISTS (SELECT 1 FROM maintenance_record p WHERE p.customer_id = r.customer_id
                             AND (p.maint_date < r.maint_date OR (p.maint_date = r.maint_date AND p.id < r.id))) AS first_ever
          FROM maintenance_record r JOIN ${cellsSql} ON r.chain_id = c.chain_id AND r.store_id = c.store_id AND r.maint_date = c.day
      ) o
     GROUP BY chain_id, store_id, day, advisor, service_type`);
}

/**
 * Rebuilds the whole rollup in one pass (seeding, the bench): window functions over all orders
 * instead of a lookup per order. Clears every mark.
 */
export async function rebuildAll(db: Queryable): Promise<void> {
  await db.run(sql`DELETE FROM order_rollup`);
  await db.run(sql`
    INSERT INTO order_rollup (chain_id, store_id, day, advisor, service_type, revenue_fen, labour_fen, parts_fen, orders, customers, new_customers, returning_customers)
    SELECT chain_id, store_id, day, advisor, service_type, sum(total_fen), sum(labour_fen), sum(parts_fen), count(*),
           count(*) FILTER (WHERE first_today), count(*) FILTER (WHERE first_ever), count(*) FILTER (WHERE first_today AND came_before)
      FROM (
        SELECT r.chain_id, r.store_id, r.maint_date AS day, r.advisor, r.service_type, r.total_fen, r.labour_fen, r.parts_fen,
               row_number() OVER (PARTITION BY r.store_id, r.maint_date, r.customer_id ORDER BY r.id) = 1 AS first_today,
               min(r.maint_date) OVER (PARTITION BY r.customer_id) < r.maint_date AS came_before,
               row_number() OVER (PARTITION BY r.customer_id ORDER BY r.maint_date, r.id) = 1 AS first_ever
          FROM maintenance_record r
      ) o
     GROUP BY chain_id, store_id, day, advisor, service_type`);
  await db.run(sql`DELETE FROM order_rollup_dirty`);
}
