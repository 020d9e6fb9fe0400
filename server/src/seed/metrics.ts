/**
 * Demo data of 指标库 and 指标树: one custom metric with entered values, and this month's revenue
 * goal of the main demo chain split over its stores (each a little above its last month) with one
 * 服务顾问's visits target, so the tree shows progress bars at once. The second chain gets none.
 */
import { sql, type Queryable } from '../db/database';
import { monthOf, monthRange, periodStart } from '../../../contracts/rules/metrics';
import { addMonths } from '../../../contracts/dates';
import type { DemoInfo } from './index';

/** Targets in whole ten-thousands of yuan (fen), as a manager would set them. */
const roundTarget = (fen: number) => Math.max(1_000_000, Math.ceil((fen * 1.1) / 1_000_000) * 1_000_000);

export async function seed(db: Queryable, demo: DemoInfo): Promise<void> {
  const [chain] = demo.chains;
  const month = monthOf(demo.today);
  const last = monthRange(monthOf(addMonths(demo.today, -1)));

  const metric = await db.one<{ id: number }>(sql`
    INSERT INTO metric_custom (chain_id, name, unit, description, period, direction)
    VALUES (${chain.id}, '好评数', '条', '大众点评与美团上本店收到的四星及以上评价数，店长每月初录入上月数。', 'month', 'higher') RETURNING id`);
  for (const [index, store] of chain.stores.entries()) {
    for (const [back, value] of [[1, 18 - index * 4], [0, 9 - index * 2]]) {
      await db.run(sql`
        INSERT INTO metric_value (metric_id, chain_id, store_id, period_start, value, updated_by)
        VALUES (${metric!.id}, ${chain.id}, ${store.id}, ${periodStart('month', addMonths(demo.today, -back))}::date, ${value}, '陈总')`);
    }
  }

  const byStore = await db.rows<{ store_id: number; revenue: number }>(sql`
    SELECT store_id, COALESCE(sum(round(amount * 100)), 0)::int8 AS revenue FROM maintenance_record
     WHERE chain_id = ${chain.id} AND maint_date BETWEEN ${last.from}::date AND ${last.to}::date GROUP BY store_id`);
  const targets = chain.stores.map((store) => ({ store, target: roundTarget(byStore.find((row) => row.store_id === store.id)?.revenue ?? 0) }));
  const root = await db.one<{ id: number }>(sql`
    INSERT INTO metric_tree_node (chain_id, month, metric, target)
    VALUES (${chain.id}, ${month}, 'revenue', ${targets.reduce((sum, each) => sum + each.target, 0)}) RETURNING id`);
  for (const { store, target } of targets) {
    const node = await db.one<{ id: number }>(sql`
      INSERT INTO metric_tree_node (chain_id, parent_id, month, metric, store_id, target)
      VALUES (${chain.id}, ${root!.id}, ${month}, 'revenue', ${store.id}, ${target}) RETURNING id`);
    if (store.id !== chain.stores[0].id) continue;
    const advisor = await db.one<{ advisor: string; visits: number }>(sql`
      SELECT advisor, count(*)::int AS visits FROM maintenance_record
       WHERE chain_id = ${chain.id} AND store_id = ${store.id} AND maint_date BETWEEN ${last.from}::date AND ${last.to}::date
       GROUP BY advisor ORDER BY count(*) DESC, advisor LIMIT 1`);
    if (!advisor) continue;
    await db.run(sql`
      INSERT INTO metric_tree_node (chain_id, parent_id, month, metric, store_id, position, staff_name, target)
      VALUES (${chain.id}, ${node!.id}, ${month}, 'visits', ${store.id}, '服务顾问', ${advisor.advisor}, ${Math.ceil(advisor.visits * 1.1)})`);
  }
}
