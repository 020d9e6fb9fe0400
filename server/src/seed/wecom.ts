/**
 * Demo data of 企业微信: the development adapter's first demo contact (wmDemoContact001, added by
 * 李店长) is bound to a 城东店 customer with vehicles and visits, so the chat sidebar shows a real
 * card under `npm start`; the other demo contacts stay unbound (search and bind, or create).
 */
import { sql, type Queryable } from '../db/database';
import { DEVELOPMENT_CONTACTS } from '../providers/wecom';
import type { DemoInfo } from './index';

export async function seed(db: Queryable, demo: DemoInfo): Promise<void> {
  const chain = demo.chains[0];
  const store = chain.stores[0];
  const customer = await db.one<{ id: number }>(sql`
    SELECT c.id FROM customer c
     WHERE c.chain_id = ${chain.id} AND c.store_id = ${store.id} AND EXISTS (SELECT 1 FROM vehicle v WHERE v.customer_id = c.id)
     ORDER BY c.visit_count DESC, c.id LIMIT 1`);
  if (!customer) return;
  const contact = DEVELOPMENT_CONTACTS[0];
  const manager = await db.one<{ id: number }>(sql`SELECT id FROM app_user WHERE chain_id = ${chain.id} AND wechat_user_id = ${contact.followUsers[0].userid}`);
  await db.run(sql`
    INSERT INTO wecom_contact (chain_id, external_userid, name, type, follow_users, customer_id, bound_by, bound_user_id, bound_at, synced_at)
    VALUES (${chain.id}, ${contact.externalUserId}, ${contact.name}, ${contact.type}, ${JSON.stringify(contact.followUsers)}::jsonb,
            ${customer.id}, 'manual', ${manager?.id ?? null}, now(), now())`);
}
