/** 客户分析 (issue 17): the main demo chain holds the add-on, the second does not (it sees the 项目商城 page). */
import { sql, type Queryable } from '../db/database';
import { addMonths } from '../../../contracts/dates';
import type { DemoInfo } from './index';

export async function seed(db: Queryable, demo: DemoInfo): Promise<void> {
  const main = demo.chains[0];
  if (!main) return;
  await db.run(sql`
    INSERT INTO garage_module (chain_id, code, name, enabled, expires_at)
    VALUES (${main.id}, 'customer_analysis', '客户分析', true, ${addMonths(demo.today, 12)}::date)
    ON CONFLICT DO NOTHING`);
}
