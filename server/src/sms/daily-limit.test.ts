/**
 * The daily marketing limit counts texts that are with the SMSC right now: a batch is written to
 * 发送记录 only when the SMSC has answered it (each recipient's row once, in its final state), so a
 * second campaign claiming meanwhile must still see the number as texted today. The SMSC here holds
 * one number's submit until the test lets it go. The second campaign finishing while the first is
 * held also shows that campaigns run side by side (a notice never waits for a large campaign).
 * And numbers opted out after a campaign was made are skipped in whichever chunk of a claim they are.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type { campaignDetail, campaignRecipients, createCampaign, SmsTemplate } from '../../../contracts/api/sms';
import { sql } from '../db/database';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { peerSms, startSmscPeer, type SmscPeer } from '../../../tests/support/smsc-peer';
import { POLL_SERVER } from '../../../tests/support/waits';

let smsc: SmscPeer;
let server: TestServer;
let admin: string;
let marketing: SmsTemplate;
let customers: { id: number; mobile: string }[];
/** The number whose submit the SMSC holds, and how to let it go. */
let heldPhone = '';
let release: () => void = () => undefined;
let held = Promise.resolve();
/** The SMSC holds this number's submit until release(). */
function hold(phone: string) {
  heldPhone = phone;
  held = new Promise<void>((resolve) => {
    release = resolve;
  });
}

beforeAll(async () => {
  smsc = await startSmscPeer({ hold: (phone) => (phone === heldPhone ? held : null), receiptDelayMs: 5 });
  process.env.SMS_MARKETING_WINDOW = 'off';
  server = await startTestServer({ providers: { sms: peerSms(smsc, { window: 2 }) } });
  delete process.env.SMS_MARKETING_WINDOW;
  admin = await server.loginToken('admin');
  const saved = await server.call('PUT', '/sms/settings', { token: admin, body: { signature: '安途汽车', dailyMarketingLimit: 1 } });
  expect(saved.code, saved.msg).toBe(0);
  marketing = (await server.call<SmsTemplate[]>('GET', '/sms/templates', { token: admin })).data.find((template) => template.name === '春季保养节')!;
  customers = await untexted(6);
}, 180_000);
afterAll(async () => {
  release();
  await server?.close();
  await smsc?.close();
});

/** Customers of numbers never texted and not opted out: only this file's campaigns count towards their limit. */
const untexted = (limit: number) =>
  server.db.rows<{ id: number; mobile: string }>(sql`
    SELECT min(id) AS id, mobile FROM customer c WHERE chain_id = 1 AND mobile ~ '^1[3-9][0-9]{9}$'
       AND NOT EXISTS (SELECT 1 FROM sms_recipient r WHERE r.mobile = c.mobile) AND NOT EXISTS (SELECT 1 FROM sms_opt_out o WHERE o.mobile = c.mobile)
     GROUP BY mobile ORDER BY 1 LIMIT ${limit}`);
const call = <T>(method: string, path: string, options: { body?: unknown; query?: Record<string, string | number> }) => server.call<T>(method, path, { token: admin, ...options });
const detailOf = async (id: number) => (await call<AnswerOf<typeof campaignDetail>>('GET', '/sms/campaign', { query: { id } })).data;
const recipientsOf = async (id: number, state?: string) =>
  (await call<AnswerOf<typeof campaignRecipients>>('GET', '/sms/campaign/recipients', { query: { id, pageSize: 100, ...(state ? { state } : {}) } })).data;
/** The campaign once done with every receipt in. */
const untilDone = (id: number) =>
  vi.waitFor(async () => {
    const detail = await detailOf(id);
    expect(detail.state).toBe('done');
    expect((await recipientsOf(id, 'submitted')).total).toBe(0);
    return detail;
  }, POLL_SERVER);
/** Taken for sending and waiting for the SMSC (发送中). */
const sending = (id: number) =>
  vi.waitFor(async () => {
    const rows = await recipientsOf(id, 'submitting');
    expect(rows.total).toBeGreaterThan(0);
    return rows;
  }, { ...POLL_SERVER, interval: 20 });

describe('the daily marketing limit while a batch is with the SMSC', () => {
  it('skips a number whose text of today is still being submitted by another campaign, and shows that batch 发送中 meanwhile', { timeout: 60_000 }, async () => {
    const target = customers[0]!;
    hold(target.mobile);
    const first = await call<AnswerOf<typeof createCampaign>>('POST', '/sms/campaign', { body: { templateId: marketing.id, audience: { kind: 'customers', customerIds: customers.map((c) => c.id) } } });
    expect(first.code, first.msg).toBe(0);
    const firstId = first.data.campaign.id;
    // The first campaign's batch is taken and waiting for the SMSC: its recipients read 发送中.
    const held = await sending(firstId);
    expect(held.total).toBe(customers.length);
    expect(held.list.every((row) => row.stateName === '发送中' && row.submittedAt)).toBe(true);

    const second = await call<AnswerOf<typeof createCampaign>>('POST', '/sms/campaign', { body: { templateId: marketing.id, audience: { kind: 'customers', customerIds: [target.id] } } });
    expect(second.code, second.msg).toBe(0);
    const done = await untilDone(second.data.campaign.id);
    expect(done).toMatchObject({ submitted: 0, skipped: 1, creditsCharged: 0 });
    const [row] = (await recipientsOf(second.data.campaign.id)).list;
    expect(row).toMatchObject({ state: 'skipped', stateName: '未发送' });
    expect(row!.reason).toContain('每日上限');

    release();
    const firstDone = await untilDone(firstId);
    expect(firstDone).toMatchObject({ submitted: customers.length, delivered: customers.length });
    expect(smsc.messages.filter((message) => message.phone === target.mobile)).toHaveLength(1);
  });
});

describe('opt-outs made while a campaign sends', () => {
  it('skips them in every chunk of a claim (未发送, not charged) and sends the rest once', { timeout: 60_000 }, async () => {
    // Five chunks of 20 (window 2): on PGlite claims of two chunks, on PostgreSQL of one.
    const audience = await untexted(100);
    expect(audience).toHaveLength(100);
    hold(audience[0]!.mobile);
    const made = await call<AnswerOf<typeof createCampaign>>('POST', '/sms/campaign', { body: { templateId: marketing.id, audience: { kind: 'customers', customerIds: audience.map((c) => c.id) } } });
    expect(made.code, made.msg).toBe(0);
    const id = made.data.campaign.id;
    await sending(id);
    // While the first claim waits for the SMSC: one number in each chunk of the second claim opts out.
    const late = [audience[45]!, audience[65]!];
    for (const customer of late) {
      const marked = await call('POST', '/sms/opt-out', { body: { customerId: customer.id, note: '客户来电要求不再接收' } });
      expect(marked.code, marked.msg).toBe(0);
    }
    release();
    const done = await untilDone(id);
    expect(done).toMatchObject({ total: 100, submitted: 98, skipped: 2 });
    const skipped = (await recipientsOf(id, 'skipped')).list;
    expect(skipped.map((row) => row.mobile).sort()).toEqual(late.map((c) => c.mobile).sort());
    expect(skipped.every((row) => row.stateName === '未发送' && row.reason === '已退订营销短信')).toBe(true);
    const segmentsOf = (rows: { segments: number }[]) => rows.reduce((sum, row) => sum + row.segments, 0);
    expect(done.creditsCharged).toBe(done.creditsReserved - segmentsOf(skipped));
    for (const customer of late) expect(smsc.messages.filter((message) => message.phone === customer.mobile)).toHaveLength(0);
    const phones = smsc.messages.map((message) => message.phone).filter((phone) => audience.some((c) => c.mobile === phone));
    expect(phones).toHaveLength(98);
    expect(new Set(phones).size).toBe(98);
  });
});
