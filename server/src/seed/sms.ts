/**
 * Demo data of 短信营销 (issue 15): each chain's signature and templates in the variables of
 * contracts/sms.ts, and in the main chain a finished maintenance-reminder campaign from 12 days
 * ago with its receipts (some undelivered), a few opted-out numbers and consent sources, so the
 * pages show something real on first start.
 */
import { sql, type Queryable } from '../db/database';
import { reserve } from '../repositories/ledger';
import { customerNextMaintenance, maintenanceDueWithin } from '../repositories/next-maintenance';
import { composeSms, countSms, renderTemplate, type SmsCategory } from '../../../contracts/sms';
import { isMobile } from '../../../contracts/rules/mobile';
import type { DemoInfo } from './index';

const SIGNATURES = ['【安途汽车】', '【华星汽车】'];

/** Name, category, body, review state, and the carrier's reason for a rejected one. */
const TEMPLATES: [string, SmsCategory, string, 'approved' | 'pending' | 'rejected', string?][] = [
  ['保养到期提醒', 'maintenance', '{称呼}您好，您的爱车{车牌}保养将于{保养到期日}到期，近期到{门店}保养可享工时 9 折，预约电话{门店电话}。', 'approved'],
  ['续保提醒', 'insurance', '{称呼}您好，您的爱车{车牌}车险将于{保险到期日}到期，到{门店}续保送全车精洗一次，详询{门店电话}。', 'approved'],
  ['春季保养节', 'marketing', '{门店}春季保养节：小保养套餐 299 元起，空调清洗免费检测，活动至本月底，详询{门店电话}。', 'approved'],
  ['生日关怀', 'marketing', '{称呼}，祝您生日快乐！生日当月到{门店}可免费领取精洗一次，期待您的光临。', 'pending'],
  ['会员日特惠', 'marketing', '会员日全场工时 5 折，名额有限先到先得，详询{门店电话}。', 'rejected', '营销内容须写明活动时间和门店名称'],
  ['取车通知', 'notice', '{称呼}您好，您的爱车{车牌}已完工，请凭此短信到{门店}取车，如有疑问请致电{门店电话}。', 'approved'],
];

/** A store's own template (the second store's: 城西店 in the main chain), beside the chain's above. */
const STORE_TEMPLATE = ['本店洗车周', 'marketing', '{门店}洗车周：普洗 15 元，精洗 68 元，本周末截止，详询{门店电话}。'] as const;

export async function seed(db: Queryable, demo: DemoInfo): Promise<void> {
  for (const [index, chain] of demo.chains.entries()) {
    await db.run(sql`INSERT INTO sms_setting (chain_id, signature, daily_marketing_limit) VALUES (${chain.id}, ${SIGNATURES[index] ?? '【门店管家】'}, 1)`);
    await db.run(sql`DELETE FROM sms_template WHERE chain_id = ${chain.id}`);
    for (const [name, category, body, status, reviewNote = ''] of TEMPLATES) {
      await db.run(sql`
        INSERT INTO sms_template (chain_id, name, kind, category, content, status, review_note)
        VALUES (${chain.id}, ${name}, ${category === 'notice' ? 'notice' : 'marketing'}, ${category}, ${body}, ${status}, ${reviewNote})`);
    }
    const store = chain.stores[1];
    if (store) {
      const [name, category, body] = STORE_TEMPLATE;
      await db.run(sql`INSERT INTO sms_template (chain_id, store_id, name, kind, category, content, status) VALUES (${chain.id}, ${store.id}, ${name}, 'marketing', ${category}, ${body}, 'approved')`);
    }
  }

  const chain = demo.chains[0]!;
  const store = chain.stores[0]!;
  const admin = chain.users.find((user) => user.role === 'garage_admin')!;
  const signature = SIGNATURES[0]!;
  const template = await db.one<{ id: number; content: string }>(sql`SELECT id, content FROM sms_template WHERE chain_id = ${chain.id} AND name = '保养到期提醒'`);
  // The customers due within 30 days on the day it went out (the list's 保养到期(天内) = 30 then).
  const sentOn = sql`${demo.today}::date - 12`;
  const customers = await db.rows<{ id: number; name: string; gender: 'M' | 'F' | null; mobile: string; plate: string | null; due: string | null; insurance: string | null; phone: string }>(sql`
    SELECT c.id, c.name, c.gender, c.mobile, n.plate, n.date::text AS due, v.insurance_expiry::text AS insurance, g.phone
      FROM customer c JOIN garage g ON g.id = c.store_id
      LEFT JOIN LATERAL ${customerNextMaintenance('c', sentOn)} n ON TRUE
      LEFT JOIN LATERAL (SELECT insurance_expiry FROM vehicle v WHERE v.customer_id = c.id ORDER BY insurance_expiry NULLS LAST, id LIMIT 1) v ON TRUE
     WHERE c.chain_id = ${chain.id} AND c.store_id = ${store.id}
       AND EXISTS (SELECT 1 FROM vehicle v WHERE v.customer_id = c.id AND ${maintenanceDueWithin('v', sentOn, 30)})
     ORDER BY c.id LIMIT 60`);
  const recipients = customers
    .filter((customer) => isMobile(customer.mobile))
    .map((customer) => {
      const text = composeSms({
        signature,
        body: renderTemplate(template!.content, {
          name: customer.name,
          gender: customer.gender,
          plate: customer.plate ?? '',
          storeName: store.name,
          maintenanceDue: customer.due ?? '',
          insuranceDue: customer.insurance ?? '',
          storePhone: customer.phone,
        }),
        category: 'maintenance',
      });
      return { ...customer, text, segments: countSms(text).segments, failed: Number(customer.mobile.slice(-2)) % 20 === 0 };
    });
  if (recipients.length === 0) return;
  const credits = recipients.reduce((sum, recipient) => sum + recipient.segments, 0);
  const sentAt = sql`(${demo.today}::date - 12 + time '10:00') AT TIME ZONE 'Asia/Shanghai'`;
  const campaign = await db.one<{ id: number }>(sql`
    INSERT INTO sms_campaign (chain_id, store_id, name, template_id, template_name, category, signature, body, state, send_at, total, credits_reserved, created_by, created_at, started_at, finished_at)
    VALUES (${chain.id}, ${store.id}, '保养到期提醒·本月到期客户', ${template!.id}, '保养到期提醒', 'maintenance', ${signature}, ${template!.content}, 'done',
            ${sentAt}, ${recipients.length}, ${credits}, ${admin.id}, ${sentAt}, ${sentAt}, ${sentAt} + interval '2 minutes')
    RETURNING id`);
  const id = campaign!.id;
  await reserve(db, chain.id, 'sms', credits, `sms:campaign:${id}`);
  await db.run(sql`UPDATE ledger_entry SET created_at = ${sentAt} WHERE ref = ${`sms:campaign:${id}`}`);
  for (const [n, recipient] of recipients.entries()) {
    const row = await db.one<{ id: number }>(sql`
      INSERT INTO sms_recipient (campaign_id, chain_id, customer_id, customer_name, mobile, text, segments, state, reason, submitted_at, done_at)
      VALUES (${id}, ${chain.id}, ${recipient.id}, ${recipient.name}, ${recipient.mobile}, ${recipient.text}, ${recipient.segments},
              ${recipient.failed ? 'failed' : 'delivered'}, ${recipient.failed ? 'receipt:UNDELIV:001' : ''}, ${sentAt} + interval '1 minute', ${sentAt} + interval '2 minutes')
      RETURNING id`);
    for (let part = 0; part < recipient.segments; part += 1) {
      await db.run(sql`INSERT INTO sms_part (message_id, recipient_id, stat, err) VALUES (${`SEED${id}-${n}-${part}`}, ${row!.id}, ${recipient.failed ? 'UNDELIV' : 'DELIVRD'}, ${recipient.failed ? '001' : '000'})`);
    }
  }
  // Two replied T after the campaign; staff marked one who asked at the counter.
  const optOuts = recipients.filter((recipient) => !recipient.failed).slice(3, 6);
  for (const [n, recipient] of optOuts.entries()) {
    await db.run(sql`
      INSERT INTO sms_opt_out (chain_id, mobile, source, note, created_by, created_at)
      VALUES (${chain.id}, ${recipient.mobile}, ${n < 2 ? 'reply' : 'staff'}, ${n < 2 ? '回复「T」' : '到店时要求不再接收活动短信'}, ${n < 2 ? null : admin.id}, ${sentAt} + ${`${n + 1} hours`}::interval)`);
  }
  for (const [n, recipient] of recipients.entries()) {
    await db.run(sql`INSERT INTO sms_consent (customer_id, chain_id, source, recorded_at) VALUES (${recipient.id}, ${chain.id}, ${n % 3 === 0 ? 'wechat' : 'store'}, ${sentAt} - interval '30 days')`);
  }
}
