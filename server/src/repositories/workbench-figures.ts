/**
 * Figures of 工作台 and 智慧大屏. PROVISIONAL: read from maintenance_record by day until the orders
 * rollups (issue 17, repositories/rollups.ts) are merged; then they read the rollups only.
 */
import { sql, type Queryable } from '../db/database';
import type { TenantScope } from './scope';
import { addDays, type Day } from '../../../contracts/dates';
import { LIFECYCLE_STAGES, type LifecycleStage } from '../../../contracts/rules/customer';
import { BIG_SCREEN_TREND_DAYS, ticketFen } from '../../../contracts/rules/workbench';
import { stageSql } from './customer';

export interface DayFigures {
  revenueFen: number;
  orders: number;
  newCustomers: number;
  ticketFen: number;
}

export async function dayFigures(db: Queryable, scope: TenantScope, days: Day[]): Promise<Record<Day, DayFigures>> {
  const rows = await db.rows<{ day: string; revenue_fen: number; orders: number; new_customers: number }>(sql`
    SELECT d.day::text AS day,
           COALESCE((SELECT round(sum(m.amount) * 100)::bigint FROM maintenance_record m WHERE ${scope.storeRows('m')} AND m.maint_date = d.day), 0)::float8 AS revenue_fen,
           (SELECT count(*)::int FROM maintenance_record m WHERE ${scope.storeRows('m')} AND m.maint_date = d.day) AS orders,
           (SELECT count(*)::int FROM customer c WHERE ${scope.storeRows('c')} AND c.first_visit_at >= d.day AND c.first_visit_at < d.day + 1) AS new_customers
      FROM unnest(${sql.param(days)}::date[]) AS d(day)`);
  return Object.fromEntries(
    days.map((day) => {
      const row = rows.find((each) => each.day === day);
      const revenueFen = Number(row?.revenue_fen ?? 0);
      const orders = row?.orders ?? 0;
      return [day, { revenueFen, orders, newCustomers: row?.new_customers ?? 0, ticketFen: ticketFen(revenueFen, orders) }];
    }),
  );
}

export async function bigScreen(db: Queryable, scope: TenantScope, today: Day) {
  const from = addDays(today, -(BIG_SCREEN_TREND_DAYS - 1));
  const monthStart = `${today.slice(0, 7)}-01`;
  const [trendRows, storeRows, stageRows, title] = await Promise.all([
    db.rows<{ day: string; revenue_fen: number; orders: number }>(sql`
      SELECT maint_date::text AS day, round(sum(amount) * 100)::float8 AS revenue_fen, count(*)::int AS orders
        FROM maintenance_record m WHERE ${scope.storeRows('m')} AND m.maint_date BETWEEN ${from}::date AND ${today}::date GROUP BY maint_date`),
    db.rows<{ store_id: number; store_name: string; revenue_fen: number; orders: number }>(sql`
      SELECT g.id AS store_id, g.name AS store_name, COALESCE(round(sum(m.amount) * 100), 0)::float8 AS revenue_fen, count(m.id)::int AS orders
        FROM garage g LEFT JOIN maintenance_record m ON m.store_id = g.id AND m.chain_id = g.chain_id AND m.maint_date BETWEEN ${monthStart}::date AND ${today}::date
       WHERE g.chain_id = ${scope.chainId} AND g.id = ANY(${sql.param(scope.storeIds)}::int[]) GROUP BY g.id, g.name`),
    db.rows<{ stage: LifecycleStage; n: number }>(sql`
      SELECT s.stage, count(*)::int AS n FROM customer c CROSS JOIN LATERAL (SELECT ${stageSql(scope, 'c')} AS stage) s
       WHERE ${scope.storeRows('c')} GROUP BY s.stage`),
    db.one<{ name: string }>(sql`SELECT name FROM chain WHERE id = ${scope.chainId}`),
  ]);
  const trend = Array.from({ length: BIG_SCREEN_TREND_DAYS }, (_, index) => {
    const day = addDays(from, index);
    const row = trendRows.find((each) => each.day === day);
    return { day, revenueFen: Number(row?.revenue_fen ?? 0), orders: row?.orders ?? 0 };
  });
  const todayRow = trend[trend.length - 1]!;
  const newToday = (await dayFigures(db, scope, [today]))[today]!.newCustomers;
  return {
    today,
    title: title?.name ?? '',
    revenueTodayFen: todayRow.revenueFen,
    revenueMonthFen: storeRows.reduce((sum, row) => sum + Number(row.revenue_fen), 0),
    ordersToday: todayRow.orders,
    ordersInProgress: 0,
    newCustomersToday: newToday,
    stages: Object.fromEntries(LIFECYCLE_STAGES.map((stage) => [stage, stageRows.find((row) => row.stage === stage)?.n ?? 0])) as Record<LifecycleStage, number>,
    stores: storeRows
      .map((row) => ({ storeId: row.store_id, storeName: row.store_name, revenueFen: Number(row.revenue_fen), orders: row.orders }))
      .sort((a, b) => b.revenueFen - a.revenueFen || a.storeId - b.storeId),
    trend,
    refreshedAt: new Date().toISOString(),
  };
}
