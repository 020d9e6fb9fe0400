/**
 * Making a campaign in steps (server/src/sms/campaign.ts, makeCampaign): the audience is read in
 * pages of customers and the recipients stored in short transactions before the campaign row, so
 * other staff's pages are answered in between. What a user would notice if a step went wrong: a
 * number texted twice across a page boundary, an opted-out number in a later page, a recipient lost
 * or stored twice, or leftovers of a refused campaign.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type { campaignRecipients, createCampaign, recipientsPreview, SmsTemplate } from '../../../contracts/api/sms';
import { sql } from '../db/database';
import { setTestBalance } from '../../../tests/support/ledger';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { peerSms, startSmscPeer, type SmscPeer } from '../../../tests/support/smsc-peer';
import { dropOrphanChunks } from './campaign';

/** Several pages of the audience (2,500 customers a page). */
const N = 10_005;
const mobileOf = (i: number) => `177${String(i).padStart(8, '0')}`;

let smsc: SmscPeer;
let server: TestServer;
let admin: string;
let marketing: SmsTemplate;
let groupId: number;
/** The bench group's customers by position (1-based, ascending ids). */
let ids: number[];

const call = <T>(method: string, path: string, options: { body?: unknown; query?: Record<string, string | number> }) => server.call<T>(method, path, { token: admin, ...options });
const orphans = async () => (await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sms_pending p WHERE NOT EXISTS (SELECT 1 FROM sms_campaign c WHERE c.id = p.campaign_id)`))!.n;
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

beforeAll(async () => {
  smsc = await startSmscPeer({ receiptDelayMs: 5 });
  server = await startTestServer({ providers: { sms: peerSms(smsc) } });
  admin = await server.loginToken('admin');
  const saved = await call('PUT', '/sms/settings', { body: { signature: '安途汽车', dailyMarketingLimit: 3 } });
  expect(saved.code, saved.msg).toBe(0);
  marketing = (await call<SmsTemplate[]>('GET', '/sms/templates', {})).data.find((template) => template.name === '春季保养节')!;
  await server.db.run(sql`
    INSERT INTO customer (chain_id, store_id, name, mobile)
    SELECT 1, 2, '分页客户' || i, '177' || lpad(i::text, 8, '0') FROM generate_series(1, ${N}::int) i`);
  ids = (await server.db.rows<{ id: number }>(sql`SELECT id FROM customer WHERE name LIKE '分页客户%' ORDER BY id`)).map((row) => row.id);
  // The customer after the first page has the 3rd one's number; the last one opted out.
  await server.db.run(sql`UPDATE customer SET mobile = ${mobileOf(3)} WHERE id = ${ids[10_000]!}`);
  await server.db.run(sql`INSERT INTO sms_opt_out (chain_id, mobile, source) VALUES (1, ${mobileOf(N)}, 'staff')`);
  groupId = (await server.db.one<{ id: number }>(sql`INSERT INTO customer_group (chain_id, name, kind) VALUES (1, '分页测试', 'fixed') RETURNING id`))!.id;
  await server.db.run(sql`INSERT INTO customer_group_member (chain_id, group_id, customer_id) SELECT 1, ${groupId}, id FROM customer WHERE name LIKE '分页客户%'`);
}, 180_000);
afterAll(async () => {
  await server?.close();
  await smsc?.close();
});

describe('making a campaign larger than a page of its audience', () => {
  it('previews and stores every recipient once: a number repeated in a later page and an opt-out there are left out', { timeout: 120_000 }, async () => {
    await setTestBalance(server.db, 1, 'sms', 50_000);
    const body = { templateId: marketing.id, audience: { kind: 'group', groupId }, sendAt: tomorrow() };
    const preview = await call<AnswerOf<typeof recipientsPreview>>('POST', '/sms/recipients/preview', { body });
    expect(preview.code, preview.msg).toBe(0);
    expect(preview.data).toMatchObject({ matched: N, count: N - 2, invalid: 1, optedOut: 1 });

    const made = await call<AnswerOf<typeof createCampaign>>('POST', '/sms/campaign', { body });
    expect(made.code, made.msg).toBe(0);
    const id = made.data.campaign.id;
    expect(made.data.campaign).toMatchObject({ total: N - 2, state: 'scheduled' });

    const stored = await server.db.one<{ n: number; mobiles: number; ids: number; customers: number[] }>(sql`
      SELECT count(*)::int AS n, count(DISTINCT x.mobile)::int AS mobiles, count(DISTINCT x.id)::int AS ids,
             array_agg(x.customer_id ORDER BY x.id) AS customers
        FROM sms_pending p CROSS JOIN LATERAL unnest(p.ids, p.mobiles, p.customer_ids) AS x(id, mobile, customer_id) WHERE p.campaign_id = ${id}`);
    expect(stored).toMatchObject({ n: N - 2, mobiles: N - 2, ids: N - 2 });
    // In customer order, the 3rd customer keeping the repeated number, the repeat and the opted-out one left out.
    expect(stored!.customers).toEqual(ids.filter((_, index) => index !== 10_000 && index !== N - 1));

    const listed = await call<AnswerOf<typeof campaignRecipients>>('GET', '/sms/campaign/recipients', { query: { id, page: 501, pageSize: 20 } });
    expect(listed.data.total).toBe(N - 2);
    expect(listed.data.list.map((row) => row.customerId)).toEqual(ids.slice(10_001, N - 1));

    const cancelled = await call('POST', '/sms/campaign/cancel', { body: { id } });
    expect(cancelled.code, cancelled.msg).toBe(0);
  });

  it('refuses a campaign the credits do not cover, and leaves nothing behind', async () => {
    await setTestBalance(server.db, 1, 'sms', 100);
    const before = await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sms_campaign`);
    const refused = await call('POST', '/sms/campaign', { body: { templateId: marketing.id, audience: { kind: 'group', groupId } } });
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toBe(`短信条数不足：剩余 100 条，需要 ${N - 2} 条，请先购买短信包`);
    expect(await server.db.one(sql`SELECT count(*)::int AS n FROM sms_campaign`)).toEqual(before);
    expect(await orphans()).toBe(0);
    expect(smsc.messages).toHaveLength(0);
  });
});

describe('recipients stored for a campaign that was never made', () => {
  it('are dropped once an hour old (a process killed while making it); those of campaigns, and newer ones, stay', async () => {
    const campaign = (await server.db.one<{ id: number }>(sql`SELECT id FROM sms_campaign ORDER BY id DESC LIMIT 1`))!.id;
    const chunk = (campaignId: number, seq: number, age: string) => sql`
      INSERT INTO sms_pending (campaign_id, seq, n, segments_total, ids, customer_ids, names, mobiles, texts, segments, cancelled, stored_at)
      VALUES (${campaignId}, ${seq}, 1, 1, '{1}', '{1}', '{甲}', ${`{${mobileOf(1)}}`}, '{短信}', '{1}', true, now() - ${age}::interval)`;
    await server.db.run(chunk(900_001, 0, '2 hours'));
    await server.db.run(chunk(900_002, 0, '5 minutes'));
    await server.db.run(chunk(campaign, 9_999, '2 hours'));
    expect(await dropOrphanChunks(server.db)).toBe(1);
    const left = await server.db.rows<{ campaign_id: number }>(sql`SELECT campaign_id FROM sms_pending WHERE (campaign_id, seq) IN ((900001, 0), (900002, 0), (${campaign}, 9999)) ORDER BY campaign_id`);
    expect(left.map((row) => row.campaign_id)).toEqual([campaign, 900_002].sort((a, b) => a - b));
    await server.db.run(sql`DELETE FROM sms_pending WHERE (campaign_id = ${campaign} AND seq = 9999) OR campaign_id = 900002`);
  });
});
