/**
 * 工作台 demo data: each store's 前台/服务顾问 looks after two of every three of its customers
 * (专属顾问), so the advisor's workbench lists their own customers' tasks and the manager's also
 * shows unassigned ones. The tasks themselves are made by the first workbench of the day.
 */
import { sql, type Queryable } from '../db/database';
import type { DemoInfo } from './index';

export async function seed(db: Queryable, demo: DemoInfo): Promise<void> {
  for (const chain of demo.chains) {
    for (const store of chain.stores) {
      const advisors = chain.users.filter((user) => user.role === 'front_desk' && user.storeIds.includes(store.id)).map((user) => user.id);
      if (advisors.length === 0) continue;
      await db.run(sql`
        UPDATE customer SET advisor_id = (${sql.param(advisors)}::int[])[1 + (id / 3) % ${advisors.length}]
         WHERE chain_id = ${chain.id} AND store_id = ${store.id} AND id % 3 <> 0`);
    }
  }
}
