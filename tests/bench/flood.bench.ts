/**
 * Issue 31, item 7: one account floods a heavy call while another chain works. 陈总 (安途, admin)
 * keeps 12, then 24, `GET /api/analysis/diagnosis` in flight (each worker sends the next as soon as
 * its answer comes, refused or not); meanwhile 周总 of the other chain (华星) calls `/api/user/info`
 * one after another. Its p95 is compared with the same calls on the idle server, in the same run,
 * with the limits lifted (HEAVY_PER_ACCOUNT/HEAVY_PER_CHAIN = 1000) and with the defaults (2 per
 * account, 4 per chain). The server runs in its own process on the demo data of `npm start` (3,000
 * customers), on PGlite and on PostgreSQL; each user has their own keep-alive connections.
 *
 * BENCH_FLOOD_SECONDS=4 npm run bench -- flood   for a quicker run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '../../server/src/seed';
import { startPostgres } from '../../scripts/postgres.mjs';
import { decryptText } from '../../server/src/http/cipher';
import { startChildServer, type ChildServer } from '../support/child-server';
import { createDatabase } from './postgres-db';
import { ms, percentile, ratio, table, writeSection } from './report';

const CUSTOMERS = Number(process.env.BENCH_FLOOD_CUSTOMERS ?? 3000);
const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 10);
const FLOODS = [12, 24];
const GOAL_RATIO = 2;
const UNLIMITED = { HEAVY_PER_ACCOUNT: '1000', HEAVY_PER_CHAIN: '1000' };
const work = mkdtempSync(path.join(tmpdir(), 'garage-bench-flood-'));

interface Flood {
  parallel: number;
  idleP50: number;
  idleP95: number;
  p50: number;
  p95: number;
  samples: number;
  answered: number;
  refused: number;
}

interface Variant {
  floods: Flood[];
}

const login = async (server: ChildServer, username: string) => (await server.call('POST', '/user/username-token', undefined, { username, password: DEMO_PASSWORD })).token!;

/**
 * A GET over the given keep-alive connections (each user has their own, as each browser does; the
 * flood does not share a pool with the other chain), answering the decrypted envelope.
 */
function get(server: ChildServer, agent: http.Agent, apiPath: string, token: string): Promise<{ code: number; msg: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: `/api${apiPath}`, headers: { token }, agent }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve(JSON.parse(decryptText(text, server.config.cipherKey))));
      })
      .on('error', reject);
  });
}

/** /user/info of the other chain, one after another, for SECONDS: each call's milliseconds. */
async function sample(call: () => Promise<{ code: number; msg: string }>): Promise<number[]> {
  const samples: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const answer = await call();
    if (answer.code !== 0) throw new Error(`/user/info: ${answer.msg}`);
    samples.push(performance.now() - started);
  }
  return samples;
}

async function measure(server: ChildServer): Promise<Variant> {
  const other = await login(server, 'hx-admin');
  const flooder = await login(server, 'admin');
  const otherAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const floodAgent = new http.Agent({ keepAlive: true, maxSockets: Math.max(...FLOODS) });
  const userInfo = () => get(server, otherAgent, '/user/info', other);
  const diagnosis = () => get(server, floodAgent, '/analysis/diagnosis', flooder);
  for (let i = 0; i < 20; i += 1) await userInfo();
  for (let i = 0; i < 3; i += 1) await diagnosis();
  const floods: Flood[] = [];
  for (const parallel of FLOODS) {
    // Idle right before each flood: the machine is shared, its load drifts within a run.
    const idle = await sample(userInfo);
    let flooding = true;
    let answered = 0;
    let refused = 0;
    const workers = Array.from({ length: parallel }, async () => {
      while (flooding) {
        const answer = await diagnosis();
        if (answer.code === 0) answered += 1;
        else if (answer.code === 429) refused += 1;
        else throw new Error(`diagnosis: ${answer.code} ${answer.msg}`);
      }
    });
    const during = await sample(userInfo);
    flooding = false;
    await Promise.all(workers);
    floods.push({ parallel, idleP50: percentile(idle, 50), idleP95: percentile(idle, 95), p50: percentile(during, 50), p95: percentile(during, 95), samples: during.length, answered, refused });
  }
  otherAgent.destroy();
  floodAgent.destroy();
  return { floods };
}

/** Seeds the demo data on the first start (the child server does it), then measures both variants on it. */
async function measureDatabase(databaseUrl?: string): Promise<{ unlimited: Variant; limited: Variant }> {
  const dataDir = mkdtempSync(path.join(work, 'data-'));
  const seeding = await startChildServer({ dataDir, databaseUrl, env: { SEED_ON_EMPTY: '1', SEED_CUSTOMERS: String(CUSTOMERS) } });
  await seeding.stop();
  const run = async (env: Record<string, string>) => {
    const server = await startChildServer({ dataDir, databaseUrl, env });
    try {
      return await measure(server);
    } finally {
      await server.stop();
    }
  };
  return { unlimited: await run(UNLIMITED), limited: await run({}) };
}

const results: { label: string; unlimited: Variant; limited: Variant }[] = [];
const postgres = await startPostgres();
try {
  console.log('PGlite…');
  results.push({ label: 'PGlite', ...(await measureDatabase()) });
  console.log('PostgreSQL…');
  results.push({ label: 'PostgreSQL', ...(await measureDatabase(await createDatabase(postgres.url, 'garage_flood'))) });
} finally {
  await postgres.stop();
  rmSync(work, { recursive: true, force: true });
}

const rows = results.flatMap(({ label, unlimited, limited }) =>
  [
    ['lifted (1000 per account and chain)', unlimited],
    ['2 per account, 4 per chain', limited],
  ].flatMap(([name, variant]) => {
    return (variant as Variant).floods.map((flood) => [
      label,
      name as string,
      flood.parallel,
      `${ms(flood.idleP50)} / ${ms(flood.idleP95)}`,
      `${ms(flood.p50)} / ${ms(flood.p95)} (${flood.samples})`,
      ratio(flood.p95, flood.idleP95),
      `${flood.answered} / ${flood.refused}`,
    ]);
  }),
);
const met = (label: string) =>
  results.find((result) => result.label === label)!.limited.floods.every((flood) => flood.p95 <= GOAL_RATIO * flood.idleP95) ? 'met' : 'not met';
writeSection(`## One account floods a heavy call (issue 31)

陈总 (安途, admin) keeps N \`GET /api/analysis/diagnosis\` in flight for ${SECONDS} s (each worker sends the next as soon as
its answer comes, refused or not, ignoring Retry-After); 周总 of the other chain (华星) calls \`/api/user/info\` one after
another meanwhile, on his own connection. Idle = the same calls for ${SECONDS} s right before each flood. The server runs in its own process
(development mode) on the demo data of \`npm start\` (${CUSTOMERS.toLocaleString('en-US')} customers); the load comes from the bench process.
On PGlite a heavy call's statements give way to the other requests in both rows (requests-first.ts); before issue 31
neither existed, and the first run of this bench (on that server, with fetch's shared connection pool) measured
/user/info during the flood at 29.1 s (N = 12) and 61.6 s (N = 24) on PGlite, 507 ms and 616 ms p95 on PostgreSQL
(7.4× and 9.0× idle). A heavy statement already running is not interrupted: on PGlite, where it runs on the server's
one thread, another chain's request waits for it (the diagnosis's longest take ~100 ms on this data).

${table(['数据库', 'heavy-call limits', 'N', '/user/info idle p50 / p95', 'during the flood p50 / p95 (calls)', 'p95 flood / idle', 'diagnosis answered / refused'], rows)}

Goal (issue 31): with the limits, the other chain's p95 during the flood ≤ ${GOAL_RATIO}× idle: PGlite ${met('PGlite')}, PostgreSQL ${met('PostgreSQL')}.
`);
