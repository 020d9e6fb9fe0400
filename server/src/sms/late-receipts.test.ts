/**
 * Receipts that come long after their batch was recorded (a carrier's usual pace): the recipients
 * read 已提交 until then, and then 已送达, or 失败 with the carrier's reason, for texts of one part
 * and of several parts alike. The local SMSC here holds every receipt until the campaign is recorded.
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
let customers: { id: number; mobile: string }[];
const failing = new Set<string>();
/** The receipts the SMSC holds back until the test lets them go. */
let receipts: Promise<void> | null = null;

beforeAll(async () => {
  smsc = await startSmscPeer({ fail: (phone) => (failing.has(phone) ? 'UNDELIV' : null), holdReceipt: () => receipts });
  process.env.SMS_MARKETING_WINDOW = 'off';
  server = await startTestServer({ providers: { sms: peerSms(smsc, { window: 10 }) } });
  delete process.env.SMS_MARKETING_WINDOW;
  admin = await server.loginToken('admin');
  customers = await server.db.rows(sql`SELECT min(id) AS id, mobile FROM customer WHERE chain_id = 1 AND mobile ~ '^1[3-9][0-9]{9}$' GROUP BY mobile ORDER BY 1 LIMIT 4`);
}, 180_000);
afterAll(async () => {
  await server?.close();
  await smsc?.close();
});

const call = <T>(method: string, path: string, options: { body?: unknown; query?: Record<string, string | number> }) => server.call<T>(method, path, { token: admin, ...options });
const recipientsOf = async (id: number) => (await call<AnswerOf<typeof campaignRecipients>>('GET', '/sms/campaign/recipients', { query: { id, pageSize: 100 } })).data.list;

async function send(body: string) {
  let release!: () => void;
  receipts = new Promise<void>((resolve) => (release = resolve));
  const template = await call<SmsTemplate>('POST', '/sms/template', { body: { name: `回执慢${body.length}`, category: 'notice', body } });
  expect(template.code, template.msg).toBe(0);
  const made = await call<AnswerOf<typeof createCampaign>>('POST', '/sms/campaign', { body: { templateId: template.data.id, audience: { kind: 'customers', customerIds: customers.map((c) => c.id) } } });
  expect(made.code, made.msg).toBe(0);
  const id = made.data.campaign.id;
  const detailOf = async () => (await call<AnswerOf<typeof campaignDetail>>('GET', '/sms/campaign', { query: { id } })).data;
  // Recorded (已完成) before any receipt comes: every recipient reads 已提交 meanwhile.
  await expect.poll(async () => (await detailOf()).state, POLL_SERVER).toBe('done');
  expect((await recipientsOf(id)).map((row) => row.stateName)).toEqual(customers.map(() => '已提交'));
  release();
  await vi.waitFor(async () => expect((await recipientsOf(id)).filter((row) => row.state === 'submitted')).toEqual([]), POLL_SERVER);
  return { rows: await recipientsOf(id), detail: await detailOf() };
}

describe('receipts that come after the batch is recorded', () => {
  it('settles one-part texts: 已送达, or 失败 with the reason', { timeout: 60_000 }, async () => {
    failing.clear();
    failing.add(customers[3]!.mobile);
    const { rows, detail } = await send('{称呼}您好，您的爱车已保养完毕，请到店取车。');
    expect(rows.every((row) => row.segments === 1)).toBe(true);
    expect(rows.filter((row) => row.stateName === '已送达')).toHaveLength(3);
    const failed = rows.find((row) => row.state === 'failed')!;
    expect(failed.customerId).toBe(customers[3]!.id);
    expect(failed.reason).toContain('无法送达');
    expect(detail).toMatchObject({ delivered: 3, failed: 1 });
  });

  it('settles texts of several parts once every part has its receipt', { timeout: 60_000 }, async () => {
    failing.clear();
    failing.add(customers[0]!.mobile);
    const { rows, detail } = await send(`{称呼}您好，${'本店冬季保养活动火热进行中，'.repeat(8)}详询{门店电话}`);
    expect(rows.every((row) => row.segments > 1)).toBe(true);
    expect(rows.filter((row) => row.stateName === '已送达')).toHaveLength(3);
    expect(rows.find((row) => row.state === 'failed')!.customerId).toBe(customers[0]!.id);
    expect(detail).toMatchObject({ delivered: 3, failed: 1 });
  });
});
