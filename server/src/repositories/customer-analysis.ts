/**
 * The SQL of 客户分析: cohorts, newly lost customers and the spend distribution over the work orders
 * (maintenance_record) of the stores in scope, and the stages from their one home (stages.ts, the
 * board's counts at the reference day). 口径: contracts/rules/customer-analysis.ts. Every query
 * reads the orders once, grouped per customer; the stage days are the chain's own (客户运营).
 */
import { sql, type Queryable, type SQL } from '../db/database';
import type { TenantScope } from './scope';
import { chainLifecycleSql } from './customer-operations';
import { stageCounts, stageTotals } from './stages';
import { SPEND_BANDS_FEN } from '../../../contracts/rules/customer-analysis';

export interface AnalysisSpan {
  /** First day of the first month. */
  from: string;
  /** The reference day: the last day of the range, or today while that month runs. */
  asOf: string;
  today: string;
  /** The stores in scope (data scope ∩ the filter). */
  storeIds: number[];
}

export async function customerAnalysisOf(db: Queryable, scope: TenantScope, span: AnalysisSpan) {
  const inScope: SQL = sql`r.chain_id = ${scope.chainId} AND r.store_id = ANY(${sql.param(span.storeIds)}::int[]) AND r.maint_date <= ${span.asOf}::date`;
  const { newWithinDays, activeWithinDays, sleepingWithinDays } = chainLifecycleSql(scope.chainId);
  const bands = sql.param([...SPEND_BANDS_FEN]);
  const [cohorts, byStore, newlyLost, spend, thresholds] = await Promise.all([
    // Per cohort (month of the first order) and month offset: customers who came that month.
    db.rows<{ cohort: string; offset: number; customers: number }>(sql`
      WITH months AS (
        SELECT DISTINCT r.customer_id, date_trunc('month', r.maint_date)::date AS month FROM maintenance_record r WHERE ${inScope}),
      firsts AS (SELECT customer_id, min(month) AS cohort FROM months GROUP BY customer_id)
      SELECT to_char(f.cohort, 'YYYY-MM') AS cohort,
             ((extract(year FROM m.month) - extract(year FROM f.cohort)) * 12 + extract(month FROM m.month) - extract(month FROM f.cohort))::int AS "offset",
             count(*)::int AS customers
        FROM firsts f JOIN months m ON m.customer_id = f.customer_id
       WHERE f.cohort >= ${span.from}::date
       GROUP BY 1, 2 ORDER BY 1, 2`),
    stageCounts(db, { chainId: scope.chainId, today: span.today, asOf: span.asOf, storeIds: span.storeIds }),
    // A customer crosses into 流失 the day after 沉睡天数 without an order: after an order day that
    // no later order follows within that many days.
    db.rows<{ month: string; customers: number }>(sql`
      WITH days AS (SELECT DISTINCT r.customer_id, r.maint_date FROM maintenance_record r WHERE ${inScope}),
      gaps AS (
        SELECT customer_id, maint_date + ${sleepingWithinDays} + 1 AS lost_on,
               lead(maint_date) OVER (PARTITION BY customer_id ORDER BY maint_date) AS next FROM days)
      SELECT to_char(lost_on, 'YYYY-MM') AS month, count(DISTINCT customer_id)::int AS customers
        FROM gaps WHERE (next IS NULL OR next > lost_on) AND lost_on BETWEEN ${span.from}::date AND ${span.asOf}::date
       GROUP BY 1 ORDER BY 1`),
    db.rows<{ band: number; customers: number; totalFen: number; medianFen: number }>(sql`
      WITH per AS (
        SELECT r.customer_id, sum(round(r.amount * 100))::int8 AS fen FROM maintenance_record r
         WHERE ${inScope} AND r.maint_date >= ${span.from}::date GROUP BY 1)
      SELECT GREATEST(width_bucket(fen, ${bands}::int8[]) - 1, 0) AS band, count(*)::int AS customers, sum(fen)::int8 AS "totalFen",
             (SELECT COALESCE(percentile_disc(0.5) WITHIN GROUP (ORDER BY fen), 0) FROM per)::int8 AS "medianFen"
        FROM per GROUP BY 1 ORDER BY 1`),
    db.one<{ newWithinDays: number; activeWithinDays: number; sleepingWithinDays: number }>(sql`
      SELECT ${newWithinDays} AS "newWithinDays", ${activeWithinDays} AS "activeWithinDays", ${sleepingWithinDays} AS "sleepingWithinDays"`),
  ]);
  return { cohorts, byStore, totals: stageTotals(byStore), newlyLost, spend, thresholds: thresholds! };
}
