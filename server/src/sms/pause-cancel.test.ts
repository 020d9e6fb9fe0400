/**
 * Pausing and cancelling a campaign while it is sending: at most the batch already with the SMSC
 * finishes, nothing is left 发送中 or waiting, a resume sends the rest exactly once, and a cancel
 * refunds every text not sent, also when the SMSC could not be reached at that moment.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type * as mall from '../../../contracts/api/mall';
import type { campaignDetail, campaignRecipients, CampaignSummary, createCampaign, SmsTemplate } from '../../../contracts/api/sms';
import { sql } from '../db/database';
import { balanceOf } from '../repositories/ledger';
import { smppSms } from '../providers/sms';
import { claimFor, SMS_JOB } from './campaign';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { startSmscPeer, type SmscPeer } from '../../../tests/support/smsc-peer';
import { POLL_FAST, POLL_SERVER, unfinishedJobs } from '../../../tests/support/waits';

const quiet = { warn: () => undefined, info: () => undefined };
const settings = (url: string, bindTimeoutMs = 10_000) => ({ url, systemId: 'garage', password: 'dev', systemType: '', sourceAddr: '1069', window: 2, enquireSeconds: 30, requiresApproval: false, bindTimeoutMs });
let smsc: SmscPeer;
let server: TestServer;
let admin: string;
let customerIds: number[];
let notice: SmsTemplate;

beforeAll(async () => {
  // Slow answers and a window of 2 (batches of 20): a campaign of a few hundred takes seconds.
  smsc = await startSmscPeer({ submitDelayMs: 15, receiptDelayMs: 5 });
  process.env.SMS_MARKETING_WINDOW = 'off';
  server = await startTestServer({ providers: { sms: smppSms(settings(smsc.url), quiet) } });
  delete process.env.SMS_MARKETING_WINDOW;
  admin = await server.loginToken('admin');
  customerIds = (await server.db.rows<{ id: number }>(sql`SELECT min(id) AS id FROM customer WHERE chain_id = 1 AND mobile ~ '^1[3-9][0-9]{9}$' GROUP BY mobile ORDER BY 1 LIMIT 200`)).map((row) => row.id);
  notice = (await server.call<SmsTemplate[]>('GET', '/sms/templates', { token: admin })).data.find((template) => template.name === '取车通知')!;
}, 180_000);
afterAll(async () => {
  await server?.close();
  await smsc?.close();
});

const detailOf = async (id: number) => (await server.call<AnswerOf<typeof campaignDetail>>('GET', '/sms/campaign', { token: admin, query: { id } })).data;
/** How many recipients 发送记录 shows in a state (rows, and the recipients of chunks not yet written). */
const showing = async (test: TestServer, token: string, id: number, state: string) =>
  (await test.call<AnswerOf<typeof campaignRecipients>>('GET', '/sms/campaign/recipients', { token, query: { id, state, pageSize: 1 } })).data.total;
const statesOf = async (id: number): Promise<Record<string, number>> => ({
  ...Object.fromEntries((await server.db.rows<{ state: string; n: number }>(sql`SELECT state, count(*)::int AS n FROM sms_recipient WHERE campaign_id = ${id} GROUP BY state`)).map((row) => [row.state, row.n])),
  submitting: await showing(server, admin, id, 'submitting'),
});
/**
 * Waits until the campaign's jobs have returned: a job returns only once every submit of its batch
 * is answered and recorded, so from then on nothing more of the campaign goes to the SMSC.
 */
const letGo = (test: TestServer, id: number) => expect.poll(() => unfinishedJobs(test.db, SMS_JOB, { campaignId: id }), POLL_SERVER).toBe(0);
async function start(ids: number[]) {
  const made = await server.call<AnswerOf<typeof createCampaign>>('POST', '/sms/campaign', { token: admin, body: { templateId: notice.id, audience: { kind: 'customers', customerIds: ids } } });
  expect(made.code, made.msg).toBe(0);
  return made.data.campaign;
}
/**
 * Starts a campaign to every test customer and pauses or cancels it once 30 texts are out; waits until
 * the campaign's job lets go. Only what was already with the SMSC finishes (one claim at most).
 */
async function stopMidSend(action: 'pause' | 'cancel') {
  const before = smsc.submits;
  const campaign = await start(customerIds);
  await expect.poll(() => smsc.submits - before, { ...POLL_FAST, interval: 5 }).toBeGreaterThanOrEqual(30);
  const stopped = await server.call<CampaignSummary>('POST', `/sms/campaign/${action}`, { token: admin, body: { id: campaign.id } });
  expect(stopped.code, stopped.msg).toBe(0);
  const atStop = smsc.submits;
  await letGo(server, campaign.id);
  expect(smsc.submits - atStop).toBeLessThanOrEqual(claimFor(server.db.kind, 2));
  const sent = smsc.submits - before;
  expect(sent).toBeLessThan(campaign.total);
  return { campaign, before, sent };
}

describe('a campaign stopped while it sends', () => {
  it('pauses: nothing more goes out, nothing is left 发送中, and a resume sends the rest once', { timeout: 120_000 }, async () => {
    expect(customerIds.length).toBeGreaterThanOrEqual(100);
    const { campaign, before, sent: sentWhilePaused } = await stopMidSend('pause');
    const states = await statesOf(campaign.id);
    expect(states.submitting ?? 0).toBe(0);
    // Its job has returned (stopMidSend): nothing sends until the resume.
    expect(smsc.submits - before).toBe(sentWhilePaused);

    const resumed = await server.call<CampaignSummary>('POST', '/sms/campaign/resume', { token: admin, body: { id: campaign.id } });
    expect(resumed.code, resumed.msg).toBe(0);
    await expect.poll(async () => (await detailOf(campaign.id)).state, POLL_SERVER).toBe('done');
    await letGo(server, campaign.id);
    const detail = await detailOf(campaign.id);
    // Every recipient got exactly one text, none was lost to the pause.
    expect(smsc.submits - before).toBe(campaign.total);
    const phones = smsc.messages.slice(-campaign.total).map((message) => message.phone);
    expect(new Set(phones).size).toBe(campaign.total);
    expect(detail.processed).toBe(campaign.total);
  });

  it('cancels: nothing more goes out, the unsent are 已取消 and every credit of theirs comes back', { timeout: 120_000 }, async () => {
    const balance = await balanceOf(server.db, 1, 'sms');
    const { campaign, sent } = await stopMidSend('cancel');

    const states = await statesOf(campaign.id);
    expect(states.submitting ?? 0).toBe(0);
    expect(states.queued ?? 0).toBe(0);
    const pending = await server.db.one<{ n: number }>(sql`SELECT COALESCE(sum(n), 0)::int AS n FROM sms_pending WHERE campaign_id = ${campaign.id} AND NOT cancelled`);
    expect(pending!.n).toBe(0);
    // Sent ones are charged (one segment each), the rest refunded.
    const segments = await server.db.one<{ n: number }>(sql`SELECT COALESCE(sum(segments), 0)::int AS n FROM sms_recipient WHERE campaign_id = ${campaign.id} AND submitted_at IS NOT NULL AND state <> 'cancelled'`);
    expect(segments!.n).toBe(sent);
    expect(await balanceOf(server.db, 1, 'sms')).toBe(balance - sent);
    const detail = await detailOf(campaign.id);
    expect(detail.state).toBe('cancelled');
    expect(detail.creditsCharged).toBe(sent);
    // 短信购买's 余额变动 names the campaign for its reservation and its refund, not sms:campaign:<id>.
    const ledger = (await server.call<AnswerOf<typeof mall.ledger>>('GET', '/mall/ledger', { token: admin, query: { kind: 'sms', pageSize: 100 } })).data;
    const mine = ledger.list.filter((entry) => new RegExp(`^sms:campaign:${campaign.id}(#|$)`).test(entry.ref));
    expect([...new Set(mine.map((entry) => entry.reason))].sort()).toEqual(['refund', 'use']);
    expect([...new Set(mine.map((entry) => entry.refName))]).toEqual([`短信群发「${campaign.name}」`]);
  });

  it('cancelled while the SMSC cannot be reached: the texts taken for sending are cancelled and refunded too, none left waiting', { timeout: 120_000 }, async () => {
    // A port nobody listens on: every submit waits for a bind, then fails as not sent.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    process.env.SMS_MARKETING_WINDOW = 'off';
    const down = await startTestServer({ providers: { sms: smppSms(settings(`smpp://127.0.0.1:${port}`, 300), quiet) } });
    delete process.env.SMS_MARKETING_WINDOW;
    try {
      const token = await down.loginToken('admin');
      const balance = await balanceOf(down.db, 1, 'sms');
      const made = await down.call<AnswerOf<typeof createCampaign>>('POST', '/sms/campaign', { token, body: { templateId: notice.id, audience: { kind: 'customers', customerIds: customerIds.slice(0, 10) } } });
      expect(made.code, made.msg).toBe(0);
      const id = made.data.campaign.id;
      const count = (state: string) => showing(down, token, id, state);
      // Taken for sending (发送中) and waiting for the SMSC when the cancel comes.
      await expect.poll(() => count('submitting'), { ...POLL_SERVER, interval: 20 }).toBeGreaterThan(0);
      const cancelled = await down.call<CampaignSummary>('POST', '/sms/campaign/cancel', { token, body: { id } });
      expect(cancelled.code, cancelled.msg).toBe(0);
      // The texts taken for sending come back from the failed submits and are cancelled with the rest.
      await expect.poll(() => count('cancelled'), POLL_SERVER).toBe(10);
      expect(await count('submitting')).toBe(0);
      expect(await count('queued')).toBe(0);
      expect(await balanceOf(down.db, 1, 'sms')).toBe(balance);
      const detail = (await down.call<AnswerOf<typeof campaignDetail>>('GET', '/sms/campaign', { token, query: { id } })).data;
      expect(detail).toMatchObject({ state: 'cancelled', creditsCharged: 0, processed: 10 });
    } finally {
      await down.close();
    }
  });
});
