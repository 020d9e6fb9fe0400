/**
 * Demo data of the mall (issue 14): the main demo chain runs 旗舰版 until about eight months from
 * now (it uses 智慧大屏 and 自定义指标, which are 旗舰版's: issue 33), holds 网络电话 and 企业微信,
 * has SMS credits and a few past orders (a renewal, an SMS package, call minutes, one that timed
 * out), so 价格商城, 项目商城 and 续费套餐 show real pages.
 * The second chain runs 基础版. Both keep the web phone module rows of the core seed.
 */
import { sql, type Queryable } from '../db/database';
import { addDays, addMonths } from '../../../contracts/dates';
import { EDITION_MODULE, editionOf, quote, type EditionCode, type Holding } from '../../../contracts/rules/mall';
import { creditPaidOrder, reserve } from '../repositories/ledger';
import type { DemoInfo } from './index';

export const DEMO_SMS_CREDITS = 3_760;

interface PastOrder {
  orderNo: string;
  product: string;
  years?: number;
  quantity?: number;
  daysAgo: number;
  status: 'fulfilled' | 'cancelled';
  channel: 'wechat' | 'alipay' | null;
}

export async function seed(db: Queryable, demo: DemoInfo): Promise<void> {
  const { today } = demo;
  const plans: Record<number, { edition: EditionCode; expiresOn: string }> = {
    1: { edition: 'flagship', expiresOn: addDays(addMonths(today, 8), -1) },
    2: { edition: 'basic', expiresOn: addDays(addMonths(today, 3), -1) },
  };
  for (const chain of demo.chains) {
    const plan = plans[chain.id] ?? { edition: 'basic' as const, expiresOn: addMonths(today, 12) };
    await db.run(sql`
      INSERT INTO garage_module (chain_id, code, name, plan, enabled, expires_at)
      VALUES (${chain.id}, ${EDITION_MODULE}, ${editionOf(plan.edition)!.name}, ${plan.edition}, true, ${plan.expiresOn}::date)`);
  }

  const chain = demo.chains[0];
  if (!chain) return;
  const admin = chain.users.find((user) => user.role === 'garage_admin')!;
  const holding: Holding = { edition: { code: 'flagship', expiresOn: addDays(addMonths(today, -4), -1) }, addOns: {}, storeCount: chain.stores.length };
  const stamp = (daysAgo: number) => addDays(today, -daysAgo).replace(/-/g, '');
  const orders: PastOrder[] = [
    { orderNo: `M${stamp(130)}0930150000001`, product: 'edition.flagship', years: 1, daysAgo: 130, status: 'fulfilled', channel: 'wechat' },
    { orderNo: `M${stamp(95)}1410020000002`, product: 'sms.5000', quantity: 1, daysAgo: 95, status: 'fulfilled', channel: 'alipay' },
    { orderNo: `M${stamp(40)}1105330000003`, product: 'minutes.2000', quantity: 1, daysAgo: 40, status: 'fulfilled', channel: 'wechat' },
    { orderNo: `M${stamp(12)}1620450000004`, product: 'addon.insurance_quote', years: 1, daysAgo: 12, status: 'cancelled', channel: null },
  ];
  for (const [index, order] of orders.entries()) {
    const day = addDays(today, -order.daysAgo);
    const priced = quote(order.product, holding, day, { years: order.years, quantity: order.quantity });
    const at = `${day}T0${2 + index}:15:00Z`;
    const fulfilled = order.status === 'fulfilled';
    await db.run(sql`
      INSERT INTO mall_order (chain_id, order_no, idempotency_key, product_code, product_name, kind, years, quantity, store_count, amount_fen, snapshot,
                              status, channel, created_by, created_by_name, created_at, pay_before, paid_at, paid_reference, fulfilled_at,
                              cancelled_at, cancel_reason, effective_until)
      VALUES (${chain.id}, ${order.orderNo}, ${`seed-${index}`}, ${priced.productCode}, ${priced.productName}, ${priced.kind}, ${priced.years}, ${priced.quantity},
              ${priced.storeCount}, ${priced.amountFen}, ${JSON.stringify(priced)}::jsonb, ${order.status}, ${order.channel}, ${admin.id}, ${admin.nickName},
              ${at}::timestamptz, ${at}::timestamptz + interval '2 hours',
              ${fulfilled ? at : null}::timestamptz + interval '3 minutes', ${fulfilled ? `DEMO${index}` : null},
              ${fulfilled ? at : null}::timestamptz + interval '3 minutes',
              ${fulfilled ? null : at}::timestamptz + interval '2 hours', ${fulfilled ? null : 'expired'},
              ${order.product.startsWith('edition') ? plans[1]!.expiresOn : null}::date)`);
  }
  // SMS credits: the package bought, some sent since. Minutes: the package on top of the call seed's.
  const paidOrder = async (orderNo: string) => creditPaidOrder(db, (await db.one<{ id: number }>(sql`SELECT id FROM mall_order WHERE order_no = ${orderNo}`))!.id);
  await paidOrder(orders[1]!.orderNo);
  await reserve(db, chain.id, 'sms', 5_000 - DEMO_SMS_CREDITS, 'sms:demo-campaign', '保养提醒群发');
  await paidOrder(orders[2]!.orderNo);
  await db.run(sql`UPDATE ledger_entry SET created_at = created_at - interval '200 days' WHERE ref = 'welcome'`);
  await db.run(sql`UPDATE ledger_entry SET created_at = created_at - interval '95 days' WHERE ref = ${`order:${orders[1]!.orderNo}`}`);
  await db.run(sql`UPDATE ledger_entry SET created_at = created_at - interval '60 days' WHERE ref = 'sms:demo-campaign'`);
  await db.run(sql`UPDATE ledger_entry SET created_at = created_at - interval '40 days' WHERE ref = ${`order:${orders[2]!.orderNo}`}`);
}
