/**
 * Figures of 工作台 and 智慧大屏, all from the order rollup (repositories/rollups.ts), never a scan
 * of the orders; only 在修工单 is a live count (a partial index keeps it small) and 客户阶段 the
 * customer board's own rule over the customers.
 */
import { sql, type Queryable } from '../db/database';
import type { TenantScope } from './scope';
import { addDays, type Day } from '../../../contracts/dates';
import { BIG_SCREEN_TREND_DAYS } from '../../../contracts/rules/workbench';
import { stageCounts, stageTotals } from './stages';
import * as rollups from './rollups';

export interface DayFigures {
  revenueFen: number;
  orders: number;
  newCustomers: number;
  ticketFen: number;
}

const dayOf = (figures: rollups.Figures): DayFigures => ({
  revenueFen: figures.revenueFen,
  orders: figures.orders,
  newCustomers: figures.newCustomers,
  ticketFen: figures.ticketFen ?? 0,
});

/** Today, yesterday and the same weekday last week in the caller's stores. */
export async function workbenchFigures(db: Queryable, scope: TenantScope, today: Day) {
  const byDay = await rollups.dayFigures(db, { chainId: scope.chainId, storeIds: scope.storeIds, day: today });
  return {
    today,
    yesterday: addDays(today, -1),
    lastWeek: addDays(today, -7),
    figures: { today: dayOf(byDay.today), yesterday: dayOf(byDay.yesterday), lastWeek: dayOf(byDay.lastWeek) },
  };
}

export async function bigScreen(db: Queryable, scope: TenantScope, today: Day) {
  const query = { chainId: scope.chainId, storeIds: scope.storeIds };
  const from = addDays(today, -(BIG_SCREEN_TREND_DAYS - 1));
  const monthStart = `${today.slice(0, 7)}-01`;
  const [trend, stores, month, inProgress, stageRows, chain, storeNames] = await Promise.all([
    rollups.figures(db, { ...query, from, to: today, groupBy: 'day' }),
    rollups.figures(db, { ...query, from: monthStart, to: today, groupBy: 'store' }),
    rollups.totalFigures(db, { ...query, from: monthStart, to: today }),
    rollups.ordersInProgress(db, query),
    stageCounts(db, { chainId: scope.chainId, today, storeIds: scope.storeIds }),
    db.one<{ name: string }>(sql`SELECT name FROM chain WHERE id = ${scope.chainId}`),
    db.rows<{ id: number; name: string }>(sql`SELECT id, name FROM garage WHERE chain_id = ${scope.chainId} AND id = ANY(${sql.param(scope.storeIds)}::int[]) ORDER BY sort, id`),
  ]);
  const todayRow = trend.find((row) => row.key === today);
  // Every store of the caller, also one without orders this month (the rollup has no row for it).
  const ranking = storeNames
    .map((store) => {
      const row = stores.find((each) => each.key === String(store.id));
      return { storeId: store.id, storeName: store.name, revenueFen: row?.revenueFen ?? 0, orders: row?.orders ?? 0 };
    })
    .sort((a, b) => b.revenueFen - a.revenueFen || a.storeId - b.storeId);
  return {
    today,
    title: chain?.name ?? '',
    revenueTodayFen: todayRow?.revenueFen ?? 0,
    revenueMonthFen: month.revenueFen,
    ordersToday: todayRow?.orders ?? 0,
    ordersInProgress: inProgress.inRepair,
    newCustomersToday: todayRow?.newCustomers ?? 0,
    stages: stageTotals(stageRows),
    stores: ranking,
    trend: trend.map((row) => ({ day: row.key, revenueFen: row.revenueFen, orders: row.orders })),
    refreshedAt: new Date().toISOString(),
  };
}
