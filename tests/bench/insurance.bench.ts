/**
 * Issue 16: the renewal pipeline (`GET /api/insurance/renewals`) over ~150,000 policies, on PGlite
 * and on a PostgreSQL server: the expiring-in-30-days page and two everyday variants. Each request
 * is timed over real HTTP (auth, zod, JSON, encryption included) and, in the same run, the very SQL
 * statements that request ran are replayed straight on the database (same statements, same
 * parallelism): the ratio is what our server adds on top of the database.
 *
 * BENCH_CUSTOMERS=20000 npm run bench -- insurance   for a quicker, smaller run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase, sql, type Database, type Queryable, type SQL } from '../../server/src/db/database';
import { migrate } from '../../server/src/db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../../server/src/seed';
import { decryptText } from '../../widgets/core/crypto/cipher';
import { startPostgres } from '../../scripts/postgres.mjs';
import { ms, percentile, ratio, table, timeRuns, writeSection } from './report';

// 70,000 customers → 105,000 vehicles → about 150,000 policies (1–2 terms a vehicle).
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 70_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const TARGET_P95 = { postgres: 30, pglite: 100 };
const TARGET_RATIO = 1.5;

function cases(ownerId: number) {
  return [
    { name: '30 天内到期（第 1 页，10 条）', query: { withinDays: 30, page: 1, pageSize: 10 } },
    { name: '30 天内到期 + 待跟进 + 第 3 页', query: { withinDays: 30, state: 'pending', page: 3, pageSize: 10 } },
    { name: '90 天内到期区间 + 负责人', query: { bucket: 'd90', ownerId, page: 1, pageSize: 10 } },
  ];
}

/**
 * Wraps the database so one request's statements can be recorded with their parallelism: a
 * statement issued while another is in flight belongs to the same phase (a Promise.all).
 */
function recording(db: Database) {
  let phases: SQL[][] | null = null;
  let inFlight = 0;
  const track = <T>(query: SQL, run: () => Promise<T>): Promise<T> => {
    if (!phases) return run();
    if (inFlight === 0) phases.push([]);
    phases[phases.length - 1].push(query);
    inFlight += 1;
    return run().finally(() => {
      inFlight -= 1;
    });
  };
  const wrapped: Database = {
    kind: db.kind,
    rows: (query) => track(query, () => db.rows(query)),
    one: (query) => track(query, () => db.one(query)),
    run: (query) => track(query, () => db.run(query)),
    transaction: (fn) => db.transaction(fn),
    script: (text) => db.script(text),
    close: () => db.close(),
  };
  return {
    db: wrapped,
    async record(fn: () => Promise<unknown>): Promise<SQL[][]> {
      phases = [];
      try {
        await fn();
        return phases;
      } finally {
        phases = null;
      }
    },
  };
}

const replay = (db: Queryable, phases: SQL[][]) => async () => {
  for (const phase of phases) await Promise.all(phase.map((query) => db.rows(query)));
};

async function measure(kind: 'pglite' | 'postgres', databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `garage-bench-${kind}-`));
  const raw = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'pglite') });
  const seedStarted = Date.now();
  await migrate(raw);
  await seedDemo(raw, { customers: CUSTOMERS });
  // A live database is autovacuumed; right after a bulk seed only VACUUM sets the visibility map
  // that lets the bucket counts read the current-term index alone.
  await raw.run(sql`VACUUM ANALYZE`);
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  const counts = (await raw.one<{ policies: number; vehicles: number }>(
    sql`SELECT (SELECT count(*)::int FROM insurance_policy) AS policies, (SELECT count(*)::int FROM vehicle) AS vehicles`,
  ))!;

  const recorder = recording(raw);
  const config = loadConfig({}, { dataDir, databaseUrl: databaseUrl ?? '', jwtSecret: randomBytes(32).toString('base64url'), seedOnEmpty: false, logLevel: 'warn' });
  const app = await buildApp(config, { database: recorder.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  try {
    const login = await fetch(`${url}/user/username-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const token = login.headers.get('token')!;
    const owner = (await raw.one<{ id: number }>(sql`SELECT owner_id AS id FROM insurance_renewal WHERE chain_id = 1 AND owner_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`))!;

    const rows: (string | number)[][] = [];
    const verdicts: boolean[] = [];
    for (const { name, query } of cases(owner.id)) {
      let total = 0;
      const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
      const request = async () => {
        const response = await fetch(`${url}/insurance/renewals?${search}`, { headers: { token } });
        const envelope = JSON.parse(decryptText(await response.text(), config.cipherKey)) as { code: number; msg: string; data: { total: number } };
        if (envelope.code !== 0) throw new Error(`${name}: ${envelope.msg}`);
        total = envelope.data.total;
      };
      const phases = await recorder.record(request);
      const bare = replay(raw, phases);
      const api: number[] = [];
      const sqlOnly: number[] = [];
      await timeRuns(3, request);
      await timeRuns(3, bare);
      for (let i = 0; i < RUNS; i += 1) {
        api.push(...(await timeRuns(1, request, 0)));
        sqlOnly.push(...(await timeRuns(1, bare, 0)));
      }
      const [apiP50, apiP95, sqlP50, sqlP95] = [percentile(api, 50), percentile(api, 95), percentile(sqlOnly, 50), percentile(sqlOnly, 95)];
      const ok = apiP95 <= TARGET_P95[kind] && apiP95 / sqlP95 <= TARGET_RATIO;
      verdicts.push(ok);
      rows.push([name, total.toLocaleString('en'), phases.flat().length, ms(apiP50), ms(apiP95), ms(sqlP50), ms(sqlP95), ratio(apiP95, sqlP95), ok ? '✓' : '✗']);
    }
    return { kind, counts, seedSeconds, rows, verdicts };
  } finally {
    await app.close();
    await raw.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const postgres = await startPostgres();
const results = [];
try {
  results.push(await measure('pglite', undefined));
  const admin = new URL(postgres.url);
  const name = `garage_bench_${randomBytes(4).toString('hex')}`;
  const adminDb = await openDatabase({ databaseUrl: admin.toString() });
  await adminDb.script(`CREATE DATABASE ${name}`);
  await adminDb.close();
  admin.pathname = `/${name}`;
  results.push(await measure('postgres', admin.toString()));
} finally {
  await postgres.stop();
}

const head = ['页面 (page)', '命中 (matches)', 'SQL 语句', 'API p50', 'API p95', '裸 SQL p50', '裸 SQL p95', 'API/SQL p95', '达标'];
writeSection(`## Renewal pipeline (issue 16)

\`GET /api/insurance/renewals\` as the headquarters admin (data scope: all stores), ${RUNS} timed runs per
page after warm-up, API and bare SQL interleaved. "裸 SQL" replays the statements that request ran
(token check, settings, 客户运营 rules, page rows, one pass counting the bucket tabs and state chips, stores, staff), with
the same parallelism, straight on the database driver. Targets as the customer list: API p95 ≤
${TARGET_P95.postgres} ms on PostgreSQL and ≤ ${TARGET_P95.pglite} ms on PGlite, and within ${TARGET_RATIO}× of the bare SQL.

${results
  .map(
    (result) => `### ${result.kind === 'pglite' ? 'PGlite (embedded, default)' : 'PostgreSQL server (Debian package, loopback)'}

${result.counts.policies.toLocaleString('en')} policies on ${result.counts.vehicles.toLocaleString('en')} vehicles (both chains); seeded in ${result.seedSeconds.toFixed(0)} s.
Targets met: ${result.verdicts.filter(Boolean).length} of ${result.verdicts.length}.

${table(head, result.rows)}`,
  )
  .join('\n\n')}`);
