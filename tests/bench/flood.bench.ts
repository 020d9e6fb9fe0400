/**
 * Issue 31, item 7: one account floods a heavy call while another chain works. 陈总 (安途, admin)
 * keeps 12, then 24, `GET /api/analysis/diagnosis` in flight (each worker sends the next as soon as
 * its answer comes, refused or not); meanwhile 周总 of the other chain (华星) calls `/api/user/info`
 * one after another. Its p95 is compared with the same calls on the idle server, in the same run,
 * without the heavy-call limits (the old behaviour: HEAVY_PER_ACCOUNT/HEAVY_PER_CHAIN = 1000) and
 * with the defaults (2 per account, 4 per chain). The server runs in its own process on the demo
 * data of `npm start` (3,000 customers), on PGlite and on PostgreSQL.
 *
 * BENCH_FLOOD_SECONDS=4 npm run bench -- flood   for a quicker run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '../../server/src/seed';
import { startPostgres } from '../../scripts/postgres.mjs';
import { startChildServer, type ChildServer } from '../support/child-server';
import { createDatabase } from './postgres-db';
import { ms, percentile, ratio, table, writeSection } from './report';

const CUSTOMERS = Number(process.env.BENCH_FLOOD_CUSTOMERS ?? 3000);
const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 8);
const FLOODS = [12, 24];
const GOAL_RATIO = 2;
const UNLIMITED = { HEAVY_PER_ACCOUNT: '1000', HEAVY_PER_CHAIN: '1000' };
const work = mkdtempSync(path.join(tmpdir(), 'garage-bench-flood-'));

interface Flood {
  parallel: number;
  p50: number;
  p95: number;
  samples: number;
  answered: number;
  refused: number;
}

interface Variant {
  idleP50: number;
  idleP95: number;
  floods: Flood[];
}

const login = async (server: ChildServer, username: string) => (await server.call('POST', '/user/username-token', undefined, { username, password: DEMO_PASSWORD })).token!;

/** /user/info of the other chain, one after another, for SECONDS: each call's milliseconds. */
async function sample(server: ChildServer, token: string): Promise<number[]> {
  const samples: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const answer = await server.call('GET', '/user/info', token);
    if (answer.code !== 0) throw new Error(`/user/info: ${answer.msg}`);
    samples.push(performance.now() - started);
  }
  return samples;
}

async function measure(server: ChildServer): Promise<Variant> {
  const flooder = await login(server, 'admin');
  const other = await login(server, 'hx-admin');
  for (let i = 0; i < 20; i += 1) await server.call('GET', '/user/info', other);
  for (let i = 0; i < 3; i += 1) await server.call('GET', '/analysis/diagnosis', flooder);
  const idle = await sample(server, other);
  const floods: Flood[] = [];
  for (const parallel of FLOODS) {
    let flooding = true;
    let answered = 0;
    let refused = 0;
    const workers = Array.from({ length: parallel }, async () => {
      while (flooding) {
        const answer = await server.call('GET', '/analysis/diagnosis', flooder);
        if (answer.code === 0) answered += 1;
        else if (answer.code === 429) refused += 1;
        else throw new Error(`diagnosis: ${answer.code} ${answer.msg}`);
      }
    });
    const during = await sample(server, other);
    flooding = false;
    await Promise.all(workers);
    floods.push({ parallel, p50: percentile(during, 50), p95: percentile(during, 95), samples: during.length, answered, refused });
  }
  return { idleP50: percentile(idle, 50), idleP95: percentile(idle, 95), floods };
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
    ['without limits (before)', unlimited],
    ['2 per account, 4 per chain', limited],
  ].flatMap(([name, variant]) => {
    const { idleP50, idleP95, floods } = variant as Variant;
    return floods.map((flood) => [
      label,
      name as string,
      flood.parallel,
      `${ms(idleP50)} / ${ms(idleP95)}`,
      `${ms(flood.p50)} / ${ms(flood.p95)} (${flood.samples})`,
      ratio(flood.p95, idleP95),
      `${flood.answered} / ${flood.refused}`,
    ]);
  }),
);
const met = results.every(({ limited }) => limited.floods.every((flood) => flood.p95 <= GOAL_RATIO * limited.idleP95));
writeSection(`## One account floods a heavy call (issue 31)

陈总 (安途, admin) keeps N \`GET /api/analysis/diagnosis\` in flight for ${SECONDS} s (each worker sends the next as soon as
its answer comes, refused or not, ignoring Retry-After); 周总 of the other chain (华星) calls \`/api/user/info\` one after
another meanwhile. Idle = the same calls before the flood. The server runs in its own process (development mode) on
the demo data of \`npm start\` (${CUSTOMERS.toLocaleString('en-US')} customers); the load comes from the bench process.

${table(['数据库', 'heavy-call limits', 'N', '/user/info idle p50 / p95', 'during the flood p50 / p95 (calls)', 'p95 flood / idle', 'diagnosis answered / refused'], rows)}

Goal (issue 31): with the limits, the other chain's p95 during the flood ≤ ${GOAL_RATIO}× idle: ${met ? 'met' : 'not met'}.
`);
