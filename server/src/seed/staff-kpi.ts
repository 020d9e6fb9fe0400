/**
 * Demo data of 诊断表 and 数据统计 (issue 17), after 指标树's own (metrics.ts runs first): KPI sets of
 * 前台/服务顾问 and 店长, chain targets of the five health metrics for last month and this month (a
 * little above the chain's figure, so stores show 良好, 关注 and 预警 side by side), and a 服务顾问
 * ticket-size target under each store's revenue goal (a decomposition, not a share of the sum, so
 * 指标树 does not warn). The second chain gets none.
 */
import { sql, type Queryable } from '../db/database';
import { addMonths } from '../../../contracts/dates';
import { DIAGNOSIS_METRICS } from '../../../contracts/rules/analysis';
import { monthOf, monthRange } from '../../../contracts/rules/metrics';
import { builtInValues } from '../repositories/metrics';
import type { DemoInfo } from './index';

const KPI_SETS: Record<string, { metric: string; weight: number }[]> = {
  '前台/服务顾问': [{ metric: 'revenue', weight: 40 }, { metric: 'visits', weight: 30 }, { metric: 'ticketSize', weight: 20 }, { metric: 'maintenanceVisits', weight: 10 }],
  店长: [{ metric: 'revenue', weight: 50 }, { metric: 'ticketSize', weight: 30 }, { metric: 'maintenanceVisits', weight: 20 }],
};

/** A target a manager would write: rates up to the next whole percent plus one, money up to the next ¥10. */
const goalOf = (key: string, value: number) => (key === 'ticketSize' ? Math.ceil(value / 1000) * 1000 : Math.ceil(value / 100) * 100 + 100);

export async function seed(db: Queryable, demo: DemoInfo): Promise<void> {
  const [chain] = demo.chains;
  for (const [job, items] of Object.entries(KPI_SETS)) {
    await db.run(sql`
      INSERT INTO job_kpi (job_id, chain_id, items, updated_by)
      SELECT id, chain_id, ${JSON.stringify(items)}::jsonb, '陈总' FROM job WHERE chain_id = ${chain.id} AND name = ${job}`);
  }

  const storeIds = chain.stores.map((store) => store.id);
  for (const back of [1, 0]) {
    const month = monthOf(addMonths(demo.today, -back));
    const range = monthRange(month, demo.today);
    const values = await builtInValues(db, { chainId: chain.id, storeIds, ...range, timeZone: 'Asia/Shanghai' });
    for (const key of DIAGNOSIS_METRICS) {
      const value = values[key];
      if (value === null) continue;
      await db.run(sql`INSERT INTO metric_tree_node (chain_id, month, metric, target) VALUES (${chain.id}, ${month}, ${key}, ${goalOf(key, value)})`);
    }
  }

  // Under each store's revenue goal (metrics.ts set this month's): what a 服务顾问's ticket should reach.
  const month = monthOf(demo.today);
  const lastMonth = monthRange(monthOf(addMonths(demo.today, -1)));
  for (const store of chain.stores) {
    const goal = await db.one<{ id: number }>(sql`
      SELECT id FROM metric_tree_node
       WHERE chain_id = ${chain.id} AND month = ${month} AND metric = 'revenue' AND store_id = ${store.id} AND position = '' ORDER BY id LIMIT 1`);
    const last = await db.one<{ ticket: number | null }>(sql`
      SELECT round(avg(amount) * 100)::int8 AS ticket FROM maintenance_record
       WHERE chain_id = ${chain.id} AND store_id = ${store.id} AND maint_date BETWEEN ${lastMonth.from}::date AND ${lastMonth.to}::date`);
    if (!goal || !last?.ticket) continue;
    await db.run(sql`
      INSERT INTO metric_tree_node (chain_id, parent_id, month, metric, store_id, position, target)
      VALUES (${chain.id}, ${goal.id}, ${month}, 'ticketSize', ${store.id}, '服务顾问', ${Math.ceil((Number(last.ticket) * 1.05) / 1000) * 1000})`);
  }
}
