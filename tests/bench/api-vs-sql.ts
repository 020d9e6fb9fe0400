/**
 * The harness of the benches that time an API call against the SQL it ran: a seeded database of
 * each kind (PGlite, then a PostgreSQL server), our real server on it, a signed-in admin, and a
 * comparison that records the statements one request ran (with their parallelism) and replays them
 * straight on the driver, interleaved with the request so both see the same machine load.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/src/app';
import { loadConfig, type ServerConfig } from '../../server/src/config';
import { openDatabase, type Database, type Queryable, type SQL } from '../../server/src/db/database';
import { migrate } from '../../server/src/db/migrate';
import { DEMO_PASSWORD } from '../../server/src/seed';
// The client's decryption is not the server's time: Node's native AES (server/src/http/cipher.ts),
// not the browsers' crypto-js, which cost ~0.8 ms of each timed request.
import { decryptText } from '../../server/src/http/cipher';
import { startPostgres } from '../../scripts/postgres.mjs';
import { createDatabase } from './postgres-db';
import { ms, percentile, ratio, timeRuns } from './report';

export type DatabaseKind = 'pglite' | 'postgres';

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

export interface BenchServer {
  kind: DatabaseKind;
  /** The database itself, unrecorded: for sample ids and counts. */
  raw: Database;
  config: ServerConfig;
  seedSeconds: number;
  /** Calls `/api<path>` as the headquarters admin (or as `token`'s user) and answers the decrypted envelope's data. */
  call<T = unknown>(pathAndQuery: string, body?: unknown, token?: string): Promise<T>;
  /** Signs in a demo user (password DEMO_PASSWORD); answers the token. */
  signIn(username: string): Promise<string>;
  /**
   * Times `request` and the SQL it ran, interleaved, `runs` times after warm-up. Answers the
   * p50/p95 of both, the number of statements, and whether the targets are met.
   */
  compare(request: () => Promise<unknown>, runs: number, target: { p95: number; ratio: number }): Promise<Comparison>;
}

export interface Comparison {
  statements: number;
  apiP50: number;
  apiP95: number;
  sqlP50: number;
  sqlP95: number;
  ok: boolean;
  /** The usual table cells: statements, API p50/p95, SQL p50/p95, ratio, verdict. */
  cells: (string | number)[];
}

/** Migrates and seeds a fresh database of `kind`, starts our server on it, signs in as admin. */
async function benchServer(kind: DatabaseKind, databaseUrl: string | undefined, seed: (db: Database) => Promise<void>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `garage-bench-${kind}-`));
  const raw = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'pglite') });
  const seedStarted = Date.now();
  await migrate(raw);
  await seed(raw);
  const seedSeconds = (Date.now() - seedStarted) / 1000;

  const recorder = recording(raw);
  const config = loadConfig({}, { dataDir, databaseUrl: databaseUrl ?? '', jwtSecret: randomBytes(32).toString('base64url'), seedOnEmpty: false, logLevel: 'warn' });
  const app = await buildApp(config, { database: recorder.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  const signIn = async (username: string) => {
    const login = await fetch(`${url}/user/username-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: DEMO_PASSWORD }),
    });
    return login.headers.get('token')!;
  };
  const adminToken = await signIn('admin');

  const server: BenchServer = {
    kind,
    raw,
    config,
    seedSeconds,
    signIn,
    async call<T>(pathAndQuery: string, body?: unknown, token = adminToken) {
      const send = () =>
        fetch(`${url}${pathAndQuery}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: body === undefined ? { token } : { token, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      // A long bare-SQL phase (the 1,000,000-order raw scans) blocks this process past the server's
      // keep-alive timeout: the pooled socket is then closed under the next request. Once more, fresh.
      const response = await send().catch((error: { cause?: { code?: string } }) => {
        if (error.cause?.code !== 'ECONNRESET') throw error;
        return send();
      });
      const envelope = JSON.parse(decryptText(await response.text(), config.cipherKey)) as { code: number; msg: string; data: T };
      if (envelope.code !== 0) throw new Error(`${pathAndQuery}: ${envelope.msg}`);
      return envelope.data;
    },
    async compare(request, runs, target) {
      const phases = await recorder.record(request);
      const bare = replay(raw, phases);
      const api: number[] = [];
      const sqlOnly: number[] = [];
      await timeRuns(3, request);
      await timeRuns(3, bare);
      for (let i = 0; i < runs; i += 1) {
        api.push(...(await timeRuns(1, request, 0)));
        sqlOnly.push(...(await timeRuns(1, bare, 0)));
      }
      const [apiP50, apiP95, sqlP50, sqlP95] = [percentile(api, 50), percentile(api, 95), percentile(sqlOnly, 50), percentile(sqlOnly, 95)];
      const ok = apiP95 <= target.p95 && apiP95 / sqlP95 <= target.ratio;
      const statements = phases.flat().length;
      return { statements, apiP50, apiP95, sqlP50, sqlP95, ok, cells: [statements, ms(apiP50), ms(apiP95), ms(sqlP50), ms(sqlP95), ratio(apiP95, sqlP95), ok ? '✓' : '✗'] };
    },
  };
  return {
    server,
    async close() {
      await app.close();
      await raw.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `measure` on a freshly seeded PGlite, then on a fresh database of a PostgreSQL server
 * started for the bench; answers both results in that order.
 */
export async function onBothDatabases<T>(seed: (db: Database) => Promise<void>, measure: (server: BenchServer) => Promise<T>): Promise<T[]> {
  const run = async (kind: DatabaseKind, databaseUrl: string | undefined) => {
    const { server, close } = await benchServer(kind, databaseUrl, seed);
    try {
      return await measure(server);
    } finally {
      await close();
    }
  };
  const postgres = await startPostgres();
  const results: T[] = [];
  try {
    results.push(await run('pglite', undefined));
    results.push(await run('postgres', await createDatabase(postgres.url, 'garage_bench')));
  } finally {
    await postgres.stop();
  }
  return results;
}

export const databaseTitle = (kind: DatabaseKind) => (kind === 'pglite' ? 'PGlite (embedded, default)' : 'PostgreSQL server (Debian package, loopback)');
export const COMPARISON_HEAD = ['SQL 语句', 'API p50', 'API p95', '裸 SQL p50', '裸 SQL p95', 'API/SQL p95', '达标'];
