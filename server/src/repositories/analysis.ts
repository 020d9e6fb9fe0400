/**
 * The SQL of 诊断表 and 数据统计 (KPI) beyond the figures themselves, which come from builtInValues
 * (repositories/metrics.ts) and the order rollup (rollups.ts) so 指标库, 指标树, 诊断表 and KPI cannot
 * disagree: the chain's open stores, the month's targets of 指标树, the positions' KPI sets.
 */
import { sql, type Queryable } from '../db/database';
import type { KpiItem } from '../../../contracts/rules/analysis';

/** Every open store of the chain (the median is the chain's, whoever asks). */
export function openStores(db: Queryable, chainId: number) {
  return db.rows<{ id: number; name: string }>(sql`
    SELECT id, name FROM garage WHERE chain_id = ${chainId} AND NOT is_hq AND enabled ORDER BY sort, id`);
}

export interface TargetRecord {
  id: number;
  metric: string;
  store_id: number | null;
  position: string;
  staff_name: string;
  target: number;
}

/** 指标树's targets of a month, newest last (a later node of the same place wins). */
export function monthTargets(db: Queryable, chainId: number, month: string) {
  return db.rows<TargetRecord>(sql`
    SELECT id, metric, store_id, position, staff_name, target FROM metric_tree_node WHERE chain_id = ${chainId} AND month = ${month} ORDER BY id`);
}

export interface JobKpiRecord {
  jobId: number;
  name: string;
  builtIn: boolean;
  items: KpiItem[];
  version: number;
  updatedBy: string;
}

export function listJobKpi(db: Queryable, chainId: number) {
  return db.rows<JobKpiRecord>(sql`
    SELECT j.id AS "jobId", j.name, j.built_in AS "builtIn", COALESCE(k.items, '[]'::jsonb) AS items,
           COALESCE(k.version, 0) AS version, COALESCE(k.updated_by, '') AS "updatedBy"
      FROM job j LEFT JOIN job_kpi k ON k.job_id = j.id
     WHERE j.chain_id = ${chainId} ORDER BY j.sort, j.id`);
}

export async function findJobKpi(db: Queryable, chainId: number, jobId: number) {
  return (await listJobKpi(db, chainId)).find((job) => job.jobId === jobId);
}

/** The new version, or undefined when `version` is no longer the saved one (0 = none saved yet). */
export async function saveJobKpiRow(tx: Queryable, entry: { chainId: number; jobId: number; version: number; items: KpiItem[]; by: string }) {
  const items = JSON.stringify(entry.items);
  if (entry.version === 0) {
    const row = await tx.one<{ version: number }>(sql`
      INSERT INTO job_kpi (job_id, chain_id, items, updated_by) VALUES (${entry.jobId}, ${entry.chainId}, ${items}::jsonb, ${entry.by})
      ON CONFLICT (job_id) DO NOTHING RETURNING version`);
    return row?.version;
  }
  const row = await tx.one<{ version: number }>(sql`
    UPDATE job_kpi SET items = ${items}::jsonb, updated_by = ${entry.by}, updated_at = now(), version = version + 1
     WHERE job_id = ${entry.jobId} AND chain_id = ${entry.chainId} AND version = ${entry.version} RETURNING version`);
  return row?.version;
}

export async function positionOf(db: Queryable, userId: number) {
  const row = await db.one<{ job: string }>(sql`SELECT j.name AS job FROM app_user u JOIN job j ON j.id = u.job_id WHERE u.id = ${userId}`);
  return row?.job ?? '';
}

/** Customers with a work order in the stores and days (营业额 = 客户数 × 人均台次 × 客单价). */
export async function visitingCustomers(db: Queryable, chainId: number, storeIds: number[], from: string, to: string) {
  const row = await db.one<{ n: number }>(sql`
    SELECT count(DISTINCT r.customer_id)::int AS n FROM maintenance_record r
     WHERE r.chain_id = ${chainId} AND r.store_id = ANY(${sql.param(storeIds)}::int[]) AND r.maint_date BETWEEN ${from}::date AND ${to}::date`);
  return row?.n ?? 0;
}
