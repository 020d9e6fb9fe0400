/**
 * Issue 15: a 100,000-recipient personalised marketing campaign submitted over SMPP to the local
 * SMSC (tests/support/smsc-peer.ts, in this process), end to end: POST /sms/campaign (audience,
 * personalisation, credits, 100,000 recipient rows) → the durable job to 已完成, then until every
 * receipt is applied. Against a bare `smpp` client loop submitting the same texts (same window of
 * 50) to the same SMSC in the same run. The server runs in its own process on PGlite;
 * /client/list (20 rows) is sampled every 100 ms idle and while the campaign runs.
 *
 * BENCH_SMS_N=20000 npm run bench -- sms   for a quicker, smaller run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import smpp, { type Session } from 'smpp';
import { openDatabase, sql, type Database } from '../../server/src/db/database';
import { freshPostgres } from './postgres-db';
import { startPostgres } from '../../scripts/postgres.mjs';
import { setTestBalance } from '../support/ledger';
import { splitParts, ucs2 } from '../../server/src/providers/smpp';
import { composeSms, renderTemplate } from '../../contracts/sms';
import { DEMO_PASSWORD, seededDataDir } from '../support/server';
import { startChildServer, type ChildServer } from '../support/child-server';
import { startSmscPeer } from '../support/smsc-peer';
import { ms, percentile, ratio, table, writeSection } from './report';

const N = Number(process.env.BENCH_SMS_N ?? 100_000);
const WINDOW = 50;
const GOALS = { perSecond: 1000, ratio: 0.5, p95: 2 };
const BODY = '{称呼}您好，{门店}冬季保养节开始了，凭短信到店享工时 8 折，详询{门店电话}。';
const mobileOf = (i: number) => `188${String(i).padStart(8, '0')}`;

const smsc = await startSmscPeer({ keepMessages: false, receiptDelayMs: 20 });

/** The bench's customers (a group of N), its template and credits, on a demo chain. */
async function addCustomers(db: Database) {
  console.log(`adding ${N} customers…`);
  await db.run(sql`
    INSERT INTO customer (chain_id, store_id, name, mobile, gender)
    SELECT 1, 2, '客户' || i, '188' || lpad(i::text, 8, '0'), CASE WHEN i % 2 = 0 THEN 'M' ELSE 'F' END FROM generate_series(1, ${N}::int) i`);
  await db.run(sql`INSERT INTO customer_group (chain_id, name, kind) VALUES (1, '基准测试客户', 'fixed')`);
  await db.run(sql`
    INSERT INTO customer_group_member (chain_id, group_id, customer_id)
    SELECT 1, (SELECT id FROM customer_group WHERE name = '基准测试客户'), id FROM customer WHERE mobile LIKE '188%'`);
  await db.run(sql`INSERT INTO sms_template (chain_id, name, kind, category, content, status) VALUES (1, '冬季保养节', 'marketing', 'marketing', ${BODY}, 'approved')`);
  await setTestBalance(db, 1, 'sms', N * 3);
  // A live database has statistics for its 100,000 customers (as the other benches do after a bulk
  // seed): without them /client/list plans for an empty table and takes ~300 ms instead of ~30 ms.
  await db.run(sql`VACUUM ANALYZE`);
}


/** Durations of /client/list, each with the wall-clock time it was sent. */
async function sampleList(child: ChildServer, token: string, until: () => boolean, minimum = 0): Promise<{ at: number; ms: number }[]> {
  const samples: { at: number; ms: number }[] = [];
  while (!until() || samples.length < minimum) {
    const at = Date.now();
    const started = performance.now();
    const answer = await child.call('POST', '/client/list', token, { page: 1, pageSize: 20 });
    if (answer.code !== 0) throw new Error(`/client/list: ${answer.msg}`);
    samples.push({ at, ms: performance.now() - started });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return samples;
}

// ─────────────────────────────────────────────────────────────── the campaign, end to end
const env = { SMPP_URL: smsc.url, SMPP_SYSTEM_ID: 'garage', SMPP_PASSWORD: 'dev', SMPP_WINDOW: String(WINDOW), SMS_MARKETING_WINDOW: 'off' };
type Campaign = { elapsed: number; settled: number; total: number; submitted: number; idle: number[]; during: number[]; created: number; peakRss: number };
async function measureCampaign(dataDir: string, databaseUrl?: string): Promise<Campaign> {
  const child = await startChildServer({ dataDir, databaseUrl, env });
  try {
    const token = (await child.call('POST', '/user/username-token', undefined, { username: 'manager', password: DEMO_PASSWORD })).token!;
    for (let i = 0; i < 10; i += 1) await child.call('POST', '/client/list', token, { page: 1, pageSize: 20 });
    const idleUntil = performance.now() + 10_000;
    const idle = (await sampleList(child, token, () => performance.now() > idleUntil)).map((sample) => sample.ms);
    const group = (await child.call<{ id: number; name: string }[]>('GET', '/client/groups', token)).data.find((item) => item.name === '基准测试客户')!;
    const template = (await child.call<{ id: number; name: string }[]>('GET', '/sms/templates', token)).data.find((item) => item.name === '冬季保养节')!;

    let finished = false;
    const during = sampleList(child, token, () => finished);
    const submitsBefore = smsc.submits;
    const started = performance.now();
    const startedWall = Date.now();
    const made = await child.call<{ campaign: { id: number; total: number } }>('POST', '/sms/campaign', token, { templateId: template.id, audience: { kind: 'group', groupId: group.id } });
    if (made.code !== 0) throw new Error(`campaign refused: ${made.msg}`);
    const created = performance.now() - started;
    const id = made.data.campaign.id;
    console.log(`campaign ${id}: ${made.data.campaign.total} recipients, made in ${(created / 1000).toFixed(1)} s`);
    let detail: { state: string; submitted: number; delivered: number; failed: number; total: number; processed: number; finishedAt: string | null };
    for (;;) {
      detail = (await child.call<typeof detail>('GET', `/sms/campaign?id=${id}`, token)).data;
      if (detail.state === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    // When the server marked it 已完成 (this poll only notices it up to a second later).
    const elapsed = detail.finishedAt ? Date.parse(detail.finishedAt) - startedWall : performance.now() - started;
    finished = true;
    // Only the calls sent while it was sending (not those after 已完成, before this poll noticed).
    const duringSamples = (await during).filter((sample) => sample.at < startedWall + elapsed).map((sample) => sample.ms);
    for (;;) {
      detail = (await child.call<typeof detail>('GET', `/sms/campaign?id=${id}`, token)).data;
      if (detail.delivered + detail.failed >= detail.submitted) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const settled = performance.now() - started;
    return { elapsed, settled, total: detail.total, submitted: smsc.submits - submitsBefore, idle, during: duringSamples, created, peakRss: child.peakRss() };
  } finally {
    await child.stop();
  }
}

const campaigns: { label: string; campaign: Campaign }[] = [];
{
  console.log('PGlite…');
  const dataDir = await seededDataDir();
  const db = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  await addCustomers(db);
  await db.close();
  campaigns.push({ label: 'PGlite', campaign: await measureCampaign(dataDir) });
  rmSync(dataDir, { recursive: true, force: true });
}
{
  console.log('PostgreSQL…');
  const postgres = await startPostgres();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'garage-bench-sms-'));
  try {
    campaigns.push({ label: 'PostgreSQL', campaign: await measureCampaign(dataDir, await freshPostgres(postgres.url, 'garage_sms', addCustomers)) });
  } finally {
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ───────────────────────────────────────────────── the bare loop: same texts, same window
console.log('bare smpp loop…');
const texts = Array.from({ length: N }, (_, i) =>
  composeSms({
    signature: '【安途汽车】',
    body: renderTemplate(BODY, { name: `客户${i + 1}`, gender: (i + 1) % 2 === 0 ? 'M' : 'F', plate: '', storeName: '城东店', maintenanceDue: '', insuranceDue: '', storePhone: '021-00000000' }),
    category: 'marketing',
  }),
);
const bare = await new Promise<number>((resolve, reject) => {
  const session: Session = smpp.connect({ url: smsc.url });
  session.on('error', reject);
  session.on('connect', () =>
    session.bind_transceiver({ system_id: 'garage', password: 'dev' }, () => {
      session.on('deliver_sm', (pdu) => session.send(pdu.response()));
      const started = performance.now();
      let next = 0;
      let done = 0;
      const pump = () => {
        if (next >= N) return;
        const i = next++;
        const parts = splitParts(texts[i]!);
        let left = parts.length;
        for (const [index, part] of parts.entries()) {
          const message = parts.length === 1 ? ucs2(part) : { udh: Buffer.from([5, 0, 3, i % 256, parts.length, index + 1]), message: ucs2(part) };
          session.submit_sm({ destination_addr: mobileOf(i + 1), data_coding: 8, registered_delivery: 1, short_message: message }, () => {
            left -= 1;
            if (left > 0) return;
            done += 1;
            if (done === N) {
              resolve(performance.now() - started);
              session.close();
            } else pump();
          });
        }
      };
      for (let i = 0; i < WINDOW; i += 1) pump();
    }),
  );
});
await smsc.close();

const perSecond = (count: number, elapsed: number) => Math.round(count / (elapsed / 1000));
const bareRate = perSecond(N, bare);
const goals = ({ label, campaign }: { label: string; campaign: Campaign }) => {
  const idleP95 = percentile(campaign.idle, 95);
  const duringP95 = percentile(campaign.during, 95);
  const serverRate = perSecond(campaign.total, campaign.elapsed);
  return `${label}: ≥ ${GOALS.perSecond.toLocaleString('en-US')} messages/s (${serverRate >= GOALS.perSecond ? 'met' : 'not met'}: ${serverRate.toLocaleString('en-US')}),
≥ ${GOALS.ratio}× the bare loop (${campaign.elapsed > 0 && bare / campaign.elapsed >= GOALS.ratio ? 'met' : 'not met'}: ${ratio(bare, campaign.elapsed)}),
/client/list p95 while sending ≤ ${GOALS.p95}× idle (${duringP95 <= GOALS.p95 * idleP95 ? 'met' : 'not met'}: ${ratio(duringP95, idleP95)}). SMSC submits seen: ${campaign.submitted.toLocaleString('en-US')}.`;
};
writeSection(`## SMS campaign over SMPP (issue 15)

${N.toLocaleString('en-US')} recipients, a personalised marketing text (${texts[0]!.length} characters, 1 segment) to the local SMSC on loopback,
window ${WINDOW}, the server in its own process on PGlite and on PostgreSQL, sent as 李店长 (城东店). End to end = POST /sms/campaign (audience,
personalisation, credits reserved, the recipients stored: ${campaigns.map(({ label, campaign }) => `${label} ${(campaign.created / 1000).toFixed(1)} s`).join(', ')}) until 已完成; receipts = until every
delivery receipt is applied. Bare loop: a plain \`smpp\` client submitting the same texts with the same window to the same SMSC.

${table(
  ['', '时间', '条/秒', '峰值 RSS'],
  [
    ...campaigns.flatMap(({ label, campaign }) => [
      [`短信营销（端到端，${label}）`, `${(campaign.elapsed / 1000).toFixed(1)} s`, perSecond(campaign.total, campaign.elapsed).toLocaleString('en-US'), `${(campaign.peakRss / 1024 / 1024).toFixed(0)} MB`],
      [`含回执全部入库（${label}）`, `${(campaign.settled / 1000).toFixed(1)} s`, perSecond(campaign.total, campaign.settled).toLocaleString('en-US'), ''],
    ]),
    ['裸 smpp 循环', `${(bare / 1000).toFixed(1)} s`, bareRate.toLocaleString('en-US'), ''],
  ],
)}

${table(
  ['/client/list（20 行）', 'p50', 'p95', '次数'],
  campaigns.flatMap(({ label, campaign }) => [
    [`空闲（${label}）`, ms(percentile(campaign.idle, 50)), ms(percentile(campaign.idle, 95)), campaign.idle.length],
    [`发送期间（${label}）`, ms(percentile(campaign.during, 50)), ms(percentile(campaign.during, 95)), campaign.during.length],
  ]),
)}

Goals (issue 15), per database:
${campaigns.map(goals).join('\n')}
`);
