/**
 * 客户阶段 (issue 33): the one SQL home of a customer's lifecycle stage and of the stage counts.
 * The rule is contracts/rules/customer.ts (stageOf); the days are the chain's (客户运营). Every page
 * reads it from here: 客户列表 (column and filter), 客户详情 and the WeCom sidebar, 客户看板,
 * 客户运营's preview, 工作台 and 智慧大屏, 客户分析, and 指标库's 沉睡客户数 / 留存率 (诊断表, 指标树).
 */
import { sql, type Queryable, type SQL } from '../db/database';
import { addDays, today as garageToday, type Day } from '../../../contracts/dates';
import { LIFECYCLE_STAGES, type LifecycleStage } from '../../../contracts/rules/customer';
import type { LifecycleRules } from '../../../contracts/rules/customer-operations';
import { chainLifecycleSql } from './customer-operations';
import type { TenantScope } from './scope';

export interface StageDay {
  chainId: number;
  /** Today in the garage's time zone. */
  today: Day;
  /** The day the stage is taken at (default today); a past day reads the work orders up to it. */
  asOf?: Day;
  /** A draft's thresholds (the 客户运营 page's preview); default the chain's, read inside the query. */
  rules?: LifecycleRules;
}

/** Today's stage for the caller's chain. */
export const stageToday = (scope: TenantScope, rules?: LifecycleRules): StageDay => ({ chainId: scope.chainId, today: garageToday(scope.timeZone), ...(rules ? { rules } : {}) });

function thresholds(on: StageDay): Record<keyof LifecycleRules, SQL> {
  if (!on.rules) return chainLifecycleSql(on.chainId);
  return {
    newWithinDays: sql`${on.rules.newWithinDays}::int`,
    activeWithinDays: sql`${on.rules.activeWithinDays}::int`,
    sleepingWithinDays: sql`${on.rules.sleepingWithinDays}::int`,
  };
}

const isPast = (on: StageDay) => on.asOf !== undefined && on.asOf < on.today;

/**
 * Stage of the customer row `alias`, as SQL (rule: contracts/rules/customer.ts). Today it reads the
 * row's first and last visit; at a past day the visits after it are not yet made, so a customer who
 * came since has as last visit their last work order up to that day. A date compared with a timestamptz is midnight in the
 * session time zone, which is the garage's.
 */
export function stageSql(on: StageDay, alias = 'c'): SQL {
  const c = sql.raw(alias);
  const day = on.asOf && isPast(on) ? on.asOf : on.today;
  const end = sql`${addDays(day, 1)}::date`;
  const first = isPast(on) ? sql`(CASE WHEN ${c}.first_visit_at < ${end} THEN ${c}.first_visit_at END)` : sql`${c}.first_visit_at`;
  const last = isPast(on)
    ? sql`(CASE WHEN ${c}.last_visit_at IS NULL OR ${c}.last_visit_at < ${end} THEN ${c}.last_visit_at
               ELSE (SELECT max(r.maint_date)::timestamptz FROM maintenance_record r WHERE r.customer_id = ${c}.id AND r.maint_date < ${end}) END)`
    : sql`${c}.last_visit_at`;
  const { newWithinDays, activeWithinDays, sleepingWithinDays } = thresholds(on);
  const at = sql`${day}::date`;
  return sql`CASE
    WHEN ${first} >= ${at} - ${newWithinDays} OR (${last} IS NULL AND ${c}.created_at >= ${at} - ${newWithinDays}) THEN 'new'
    WHEN ${last} >= ${at} - ${activeWithinDays} THEN 'active'
    WHEN ${last} >= ${at} - ${sleepingWithinDays} THEN 'sleeping'
    ELSE 'lost' END`;
}

export type StageCounts = Record<LifecycleStage, number>;
export interface StoreStages extends StageCounts {
  storeId: number;
  storeName: string;
}

/**
 * Customers per stage and home store (the store a customer belongs to), for the given stores of
 * the chain. At a past day, only customers registered by then count.
 */
export async function stageCounts(db: Queryable, on: StageDay & { storeIds: number[] }): Promise<StoreStages[]> {
  const registered = isPast(on) ? sql`AND c.created_at < ${addDays(on.asOf!, 1)}::date` : sql``;
  const rows = await db.rows<{ storeId: number; storeName: string; stage: LifecycleStage; n: number }>(sql`
    SELECT c.store_id AS "storeId", g.name AS "storeName", s.stage, count(*)::int AS n
      FROM customer c JOIN garage g ON g.id = c.store_id
      CROSS JOIN LATERAL (SELECT ${stageSql(on, 'c')} AS stage) s
     WHERE c.chain_id = ${on.chainId} AND c.store_id = ANY(${sql.param(on.storeIds)}::int[]) ${registered}
     GROUP BY c.store_id, g.name, g.sort, s.stage ORDER BY g.sort, c.store_id`);
  const stores = new Map<number, StoreStages>();
  for (const row of rows) {
    const store = stores.get(row.storeId) ?? { storeId: row.storeId, storeName: row.storeName, ...noStages() };
    store[row.stage] = row.n;
    stores.set(row.storeId, store);
  }
  return [...stores.values()];
}

export const noStages = (): StageCounts => Object.fromEntries(LIFECYCLE_STAGES.map((stage) => [stage, 0])) as StageCounts;

/** The chain's (or the stores') counts: the stores' summed. */
export function stageTotals(stores: readonly StageCounts[]): StageCounts {
  const totals = noStages();
  for (const store of stores) for (const stage of LIFECYCLE_STAGES) totals[stage] += store[stage];
  return totals;
}
