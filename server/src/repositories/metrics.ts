/**
 * The SQL of 指标库 and 指标树: built-in metrics computed from work orders (maintenance_record) and
 * customers over a set of stores and days, the chain's custom metrics with their entered values,
 * and the target tree. Definitions (口径) are contracts/rules/metrics.ts; callers pass only stores
 * the user may see.
 */
import { sql, type Queryable } from '../db/database';
import { stageCounts, stageTotals } from './stages';
import { renewalCounts } from './insurance';
import { renewalRate } from '../../../contracts/insurance';
import { today as garageToday } from '../../../contracts/dates';
import { orderTotals, type OrderTotals } from './rollups';
import { ticketFen } from '../../../contracts/rules/orders';
import { MAINTENANCE_DUE_DAYS, type BuiltInMetricKey, type MetricDirection, type MetricPeriod, type MetricUnit } from '../../../contracts/rules/metrics';

export interface Span {
  chainId: number;
  storeIds: number[];
  from: string;
  to: string;
  /** The garage's time zone, for the day a customer was created on. */
  timeZone: string;
  /** Only work orders of this 服务顾问 (record-based metrics only). */
  staffName?: string;
}

export type BuiltInValues = Record<BuiltInMetricKey, number | null>;

const inStores = (alias: string, span: Span) =>
  sql`${sql.raw(alias)}.chain_id = ${span.chainId} AND ${sql.raw(alias)}.store_id = ANY(${sql.param(span.storeIds)}::int[])`;

/**
 * Work-order metrics (营业额 in fen, 到店台次, 保养台次) from the order rollup (rollups.ts), never the
 * raw orders: the same sums 数据报表 shows. 保养台次 = orders of 服务类型 保养 (every write path keeps
 * kind 'maintenance' ⇔ service_type 'maintenance').
 */
function orderFigures(db: Queryable, span: Span): Promise<OrderTotals> {
  return orderTotals(db, { chainId: span.chainId, storeIds: span.storeIds, from: span.from, to: span.to, ...(span.staffName ? { advisor: span.staffName } : {}) });
}

/** The order metrics of a span's totals (also 数据统计's per-person rows, summed in one query). */
export function orderValues(totals: OrderTotals): Pick<BuiltInValues, 'revenue' | 'visits' | 'ticketSize' | 'maintenanceVisits'> {
  return {
    revenue: totals.revenueFen,
    visits: totals.orders,
    ticketSize: ticketFen(totals.revenueFen, totals.orders),
    maintenanceVisits: totals.maintenanceOrders,
  };
}

/** A person's built-in values: order metrics only (customer metrics belong to a store, not a person). */
export const personValues = (totals: OrderTotals): BuiltInValues => ({
  ...orderValues(totals), newCustomers: null, returnRate: null, retentionRate: null, sleepingCustomers: null, dueConversion: null, renewalRate: null,
});

/**
 * Customer metrics: new customers, the returning share of the period's visitors, and the stages at
 * the period's end (or today while it runs) from their one home (stages.ts): the board's counts.
 */
async function customerFigures(db: Queryable, span: Span) {
  const today = garageToday(span.timeZone);
  const [created, visits, stores] = await Promise.all([
    db.one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM customer c
       WHERE ${inStores('c', span)} AND (c.created_at AT TIME ZONE ${span.timeZone})::date BETWEEN ${span.from}::date AND ${span.to}::date`),
    // Per customer of the stores' work orders up to the period's end: whether they came in the period and before it.
    db.one<{ visiting: number; returning: number }>(sql`
      WITH per AS (
        SELECT bool_or(r.maint_date >= ${span.from}::date) AS came, bool_or(r.maint_date < ${span.from}::date) AS before
          FROM maintenance_record r
         WHERE ${inStores('r', span)} AND r.maint_date <= ${span.to}::date GROUP BY r.customer_id)
      SELECT count(*) FILTER (WHERE came)::int AS visiting, count(*) FILTER (WHERE came AND before)::int AS returning FROM per`),
    stageCounts(db, { chainId: span.chainId, storeIds: span.storeIds, today, asOf: span.to < today ? span.to : today }),
  ]);
  return { created: created?.n ?? 0, ...(visits ?? { visiting: 0, returning: 0 }), stages: stageTotals(stores) };
}

/**
 * 诊断表's conversions: vehicles whose last 保养 before the period falls due in it (MAINTENANCE_DUE_DAYS later)
 * and how many came back for 保养 in the period; the terms due in the period and how many were renewed
 * (the renewal figures' one home, repositories/insurance.ts).
 */
async function conversionFigures(db: Queryable, span: Span) {
  // Only the window that can fall due matters: a later 保养 before the period would move the due day past it.
  const [row, renewals] = await Promise.all([
    db.one<{ due: number; converted: number }>(sql`
      WITH last AS (
        SELECT r.vehicle_id, max(r.maint_date) AS day FROM maintenance_record r
         WHERE ${inStores('r', span)} AND r.kind = 'maintenance'
           AND r.maint_date >= ${span.from}::date - ${MAINTENANCE_DUE_DAYS}::int AND r.maint_date < ${span.from}::date
         GROUP BY r.vehicle_id),
      due AS (SELECT vehicle_id FROM last WHERE day + ${MAINTENANCE_DUE_DAYS}::int <= ${span.to}::date)
      SELECT (SELECT count(*)::int FROM due) AS due,
             (SELECT count(*)::int FROM due WHERE EXISTS (
                SELECT 1 FROM maintenance_record r WHERE r.vehicle_id = due.vehicle_id AND ${inStores('r', span)} AND r.kind = 'maintenance'
                   AND r.maint_date BETWEEN ${span.from}::date AND ${span.to}::date)) AS converted`),
    renewalCounts(db, { chainId: span.chainId, storeIds: span.storeIds, from: span.from, to: span.to }),
  ]);
  return {
    ...(row ?? { due: 0, converted: 0 }),
    expiring: renewals.reduce((sum, each) => sum + each.due, 0),
    renewed: renewals.reduce((sum, each) => sum + each.renewed, 0),
  };
}

/** A share as the raw integer of a percentage (0.01 %), or null with nothing to divide by. */
const share = (part: number, whole: number) => (whole > 0 ? Math.round((part * 10_000) / whole) : null);

/** Every built-in metric over the span; customer metrics are null when the span is one person. */
export async function builtInValues(db: Queryable, span: Span): Promise<BuiltInValues> {
  if (span.storeIds.length === 0) {
    return { revenue: 0, visits: 0, ticketSize: null, maintenanceVisits: 0, newCustomers: 0, returnRate: null, retentionRate: null, sleepingCustomers: 0, dueConversion: null, renewalRate: null };
  }
  const totals = await orderFigures(db, span);
  if (span.staffName) return personValues(totals);
  const values = orderValues(totals);
  const [customers, conversions] = await Promise.all([customerFigures(db, span), conversionFigures(db, span)]);
  return {
    ...values,
    newCustomers: customers.created,
    returnRate: share(customers.returning, customers.visiting),
    retentionRate: share(customers.stages.new + customers.stages.active, customers.stages.new + customers.stages.active + customers.stages.sleeping),
    sleepingCustomers: customers.stages.sleeping,
    dueConversion: share(conversions.converted, conversions.due),
    renewalRate: renewalRate(conversions.renewed, conversions.expiring),
  };
}

// ── Custom metrics ───────────────────────────────────────────────────────────────────────────────

export interface CustomMetricRecord {
  id: number;
  name: string;
  unit: MetricUnit;
  description: string;
  period: MetricPeriod;
  direction: MetricDirection;
  version: number;
}

export function listCustom(db: Queryable, chainId: number) {
  return db.rows<CustomMetricRecord>(sql`
    SELECT id, name, unit, description, period, direction, version FROM metric_custom WHERE chain_id = ${chainId} ORDER BY id`);
}

export function findCustom(db: Queryable, chainId: number, id: number) {
  return db.one<CustomMetricRecord>(sql`
    SELECT id, name, unit, description, period, direction, version FROM metric_custom WHERE chain_id = ${chainId} AND id = ${id}`);
}

export async function customNameTaken(db: Queryable, chainId: number, name: string, exceptId = 0) {
  return Boolean(await db.one(sql`SELECT 1 FROM metric_custom WHERE chain_id = ${chainId} AND name = ${name} AND id <> ${exceptId}`));
}

type CustomFields = Omit<CustomMetricRecord, 'id' | 'version'>;

export async function insertCustom(tx: Queryable, chainId: number, metric: CustomFields) {
  const row = await tx.one<{ id: number }>(sql`
    INSERT INTO metric_custom (chain_id, name, unit, description, period, direction)
    VALUES (${chainId}, ${metric.name}, ${metric.unit}, ${metric.description}, ${metric.period}, ${metric.direction}) RETURNING id`);
  return row!.id;
}

/** The new version, or undefined when `version` is no longer current. */
export async function updateCustomRow(tx: Queryable, chainId: number, metric: CustomFields & { id: number; version: number }) {
  const row = await tx.one<{ version: number }>(sql`
    UPDATE metric_custom SET name = ${metric.name}, unit = ${metric.unit}, description = ${metric.description},
           period = ${metric.period}, direction = ${metric.direction}, version = version + 1
     WHERE chain_id = ${chainId} AND id = ${metric.id} AND version = ${metric.version} RETURNING version`);
  return row?.version;
}

export async function deleteCustomRow(tx: Queryable, chainId: number, id: number, version: number) {
  return (await tx.run(sql`DELETE FROM metric_custom WHERE chain_id = ${chainId} AND id = ${id} AND version = ${version}`)) > 0;
}

/** Entered values and targets that read the metric's raw integers (a unit change would misread them). */
export async function customUsage(db: Queryable, chainId: number, id: number) {
  const row = await db.one<{ nodes: number; entries: number }>(sql`
    SELECT (SELECT count(*)::int FROM metric_tree_node WHERE chain_id = ${chainId} AND metric = ${`custom:${id}`}) AS nodes,
           (SELECT count(*)::int FROM metric_value WHERE chain_id = ${chainId} AND metric_id = ${id}) AS entries`);
  return row ?? { nodes: 0, entries: 0 };
}

/** The month's entered values over the stores: summed, or averaged for a percentage; null when none. */
export async function customValue(db: Queryable, chainId: number, metric: { id: number; unit: MetricUnit }, storeIds: number[], from: string, to: string) {
  const aggregate = metric.unit === '%' ? sql`round(avg(value))::int8` : sql`sum(value)::int8`;
  const row = await db.one<{ value: number | null }>(sql`
    SELECT ${aggregate} AS value FROM metric_value
     WHERE chain_id = ${chainId} AND metric_id = ${metric.id} AND store_id = ANY(${sql.param(storeIds)}::int[])
       AND period_start BETWEEN ${from}::date AND ${to}::date`);
  return row?.value ?? null;
}

export function listCustomValues(db: Queryable, chainId: number, metricId: number, storeIds: number[], from: string, to: string) {
  return db.rows<{ storeId: number; storeName: string; periodStart: string; value: number; updatedBy: string }>(sql`
    SELECT v.store_id AS "storeId", g.name AS "storeName", v.period_start AS "periodStart", v.value, v.updated_by AS "updatedBy"
      FROM metric_value v JOIN garage g ON g.id = v.store_id
     WHERE v.chain_id = ${chainId} AND v.metric_id = ${metricId} AND v.store_id = ANY(${sql.param(storeIds)}::int[])
       AND v.period_start BETWEEN ${from}::date AND ${to}::date
     ORDER BY v.period_start DESC, g.sort, g.id`);
}

export async function upsertCustomValue(tx: Queryable, entry: { chainId: number; metricId: number; storeId: number; periodStart: string; value: number; by: string }) {
  await tx.run(sql`
    INSERT INTO metric_value (metric_id, chain_id, store_id, period_start, value, updated_by)
    VALUES (${entry.metricId}, ${entry.chainId}, ${entry.storeId}, ${entry.periodStart}::date, ${entry.value}, ${entry.by})
    ON CONFLICT (metric_id, store_id, period_start) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`);
}

// ── The tree ─────────────────────────────────────────────────────────────────────────────────────

export interface NodeRecord {
  id: number;
  parent_id: number | null;
  month: string;
  metric: string;
  store_id: number | null;
  position: string;
  staff_name: string;
  target: number;
  version: number;
}

const nodeColumns = sql`id, parent_id, month, metric, store_id, position, staff_name, target, version`;

export function listNodes(db: Queryable, chainId: number, month: string) {
  return db.rows<NodeRecord>(sql`SELECT ${nodeColumns} FROM metric_tree_node WHERE chain_id = ${chainId} AND month = ${month} ORDER BY id`);
}

export function findNode(db: Queryable, chainId: number, id: number) {
  return db.one<NodeRecord>(sql`SELECT ${nodeColumns} FROM metric_tree_node WHERE chain_id = ${chainId} AND id = ${id}`);
}

export function childStores(db: Queryable, id: number) {
  return db.rows<{ store_id: number | null }>(sql`SELECT DISTINCT store_id FROM metric_tree_node WHERE parent_id = ${id}`);
}

type NodeFields = { metric: string; storeId: number | null; position: string; staffName: string; target: number };

export async function insertNode(tx: Queryable, chainId: number, node: NodeFields & { parentId: number | null; month: string }) {
  const row = await tx.one<{ id: number }>(sql`
    INSERT INTO metric_tree_node (chain_id, parent_id, month, metric, store_id, position, staff_name, target)
    VALUES (${chainId}, ${node.parentId}, ${node.month}, ${node.metric}, ${node.storeId}, ${node.position}, ${node.staffName}, ${node.target})
    RETURNING id`);
  return row!.id;
}

export async function updateNodeRow(tx: Queryable, chainId: number, node: NodeFields & { id: number; version: number }) {
  const row = await tx.one<{ version: number }>(sql`
    UPDATE metric_tree_node SET metric = ${node.metric}, store_id = ${node.storeId}, position = ${node.position},
           staff_name = ${node.staffName}, target = ${node.target}, version = version + 1
     WHERE chain_id = ${chainId} AND id = ${node.id} AND version = ${node.version} RETURNING version`);
  return row?.version;
}

export async function deleteNodeRow(tx: Queryable, chainId: number, id: number, version: number) {
  return (await tx.run(sql`DELETE FROM metric_tree_node WHERE chain_id = ${chainId} AND id = ${id} AND version = ${version}`)) > 0;
}

export function storesOf(db: Queryable, chainId: number, storeIds: number[]) {
  return db.rows<{ id: number; name: string }>(sql`
    SELECT id, name FROM garage WHERE chain_id = ${chainId} AND NOT is_hq AND id = ANY(${sql.param(storeIds)}::int[]) ORDER BY sort, id`);
}

/** 服务顾问 named on the stores' work orders since `since`. */
export async function staffNames(db: Queryable, chainId: number, storeIds: number[], since: string) {
  const rows = await db.rows<{ advisor: string }>(sql`
    SELECT DISTINCT advisor FROM maintenance_record
     WHERE chain_id = ${chainId} AND store_id = ANY(${sql.param(storeIds)}::int[]) AND maint_date >= ${since}::date AND advisor <> ''
     ORDER BY advisor`);
  return rows.map((row) => row.advisor);
}
