/**
 * The real server for tests, on a random port with a fresh database:
 *
 *   const server = await startTestServer();                 // PGlite, or PostgreSQL when TEST_DATABASE_URL is set
 *   const token = await server.loginToken('admin', 'Garage@2026');
 *   const answer = await server.call('GET', '/user/info', { token });   // decrypted envelope
 *   await server.close();
 *
 * Fast because the seeded database is made once per test run (per day and per schema/seed source):
 * a PGlite template folder in the OS temp dir, which each test worker copies and opens once and
 * then puts back to the template before each server (./worker-database.ts), or a PostgreSQL
 * template database copied per server (CREATE DATABASE … TEMPLATE …). The test seed is small: 200
 * customers in the main demo chain, 60 in the second chain (华星汽车服务, users hx-admin / hx-manager).
 */
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../server/src/app';
import { loadConfig, type ServerConfig } from '../../server/src/config';
import { openDatabase, sql, type Database } from '../../server/src/db/database';
import { MIGRATIONS_DIR, migrate } from '../../server/src/db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../../server/src/seed';
import { today } from '../../contracts/dates';
import { signToken } from '../../server/src/auth/jwt';
import { openWorkerDatabase, snapshotTemplate, type WorkerDatabase } from './worker-database';
import { decryptText } from '../../widgets/core/crypto/cipher';

export { DEMO_PASSWORD };

/** The password firstLogin() gives a new account. */
export const OWN_PASSWORD = 'Own-pass-2026';

/** Customers of the main demo chain in the test seed. */
export const TEST_SEED_CUSTOMERS = 200;

export interface TestServerOptions {
  /** Default: 'postgres' when TEST_DATABASE_URL is set, else 'pglite'. */
  database?: 'pglite' | 'postgres';
  /** Configuration overrides (e.g. { trustProxy: ['127.0.0.1'], tokenTtlSeconds: 5 }). */
  config?: Partial<ServerConfig>;
  providers?: BuildOptions['providers'];
  /** Fastify request logging (off by default: tests read answers, not logs). */
  logger?: boolean;
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface CallOptions {
  token?: string;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Host prefix: '/api' (default), '/wecom' or '/ai'. */
  host?: '/api' | '/wecom' | '/ai';
}

export interface CallResult<T = unknown> extends Envelope<T> {
  status: number;
  headers: Headers;
  /** The body as it came over the wire (ciphertext for /api and /wecom). */
  raw: string;
}

export interface TestServer {
  /** http://127.0.0.1:<port> — the host app, /widgets/, /version.json, /api, /wecom, /ai. */
  url: string;
  app: FastifyInstance;
  db: Database;
  config: ServerConfig;
  database: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Logs in through POST /api/user/username-token and answers the `token` header. */
  loginToken(username: string, password?: string): Promise<string>;
  /**
   * Logs in with an admin's one-time password and sets the person's own (OWN_PASSWORD), as the app
   * makes them do before anything else answers; answers the token that works everywhere.
   */
  firstLogin(username: string, oneTimePassword: string): Promise<string>;
  /** One API call over real HTTP; the answer is decrypted with the server's cipher key. */
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  /** The last login code the development SMS adapter "sent" to this phone, or null. */
  lastSmsCode(phone: string): Promise<string | null>;
  /** A token signed with this server's secret (e.g. an expired one: { ttlSeconds: -1 }). */
  signToken(userId: number, options?: { ttlSeconds?: number; version?: number }): string;
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/**
 * Changes to migrations or seed code (or a new day: seed dates are relative) make a new template;
 * so does the maintenance estimate, which the seed stores every car's 下次保养 with.
 */
function templateKey(): string {
  const hash = createHash('sha256');
  const seedDir = path.join(repoRoot, 'server', 'src', 'seed');
  hash.update(readFileSync(path.join(import.meta.dirname, 'worker-database.ts')));
  for (const file of ['maintenance/estimate.ts', 'repositories/maintenance.ts', 'repositories/next-maintenance.ts']) {
    hash.update(readFileSync(path.join(repoRoot, 'server', 'src', file)));
  }
  for (const dir of [MIGRATIONS_DIR, seedDir]) {
    for (const file of readdirSync(dir).sort()) {
      const full = path.join(dir, file);
      if (statSync(full).isFile() && !file.endsWith('.test.ts')) hash.update(file).update(readFileSync(full));
    }
  }
  hash.update(today()).update(String(TEST_SEED_CUSTOMERS));
  return hash.digest('hex').slice(0, 16);
}

async function seedInto(db: Database): Promise<void> {
  await migrate(db);
  await seedDemo(db, { customers: TEST_SEED_CUSTOMERS });
}

/** Waits for another worker building the same template (a directory is the cross-process lock). */
async function withDirLock<T>(lockDir: string, fn: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      // A lock older than 3 minutes belongs to a crashed run.
      try {
        if (Date.now() - statSync(lockDir).mtimeMs > 180_000) rmSync(lockDir, { recursive: true, force: true });
      } catch {
        /* removed by its owner meanwhile */
      }
      if (Date.now() - started > 240_000) throw new Error(`timed out waiting for ${lockDir}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

let pgliteTemplate: Promise<string> | undefined;

function pgliteTemplateDir(): Promise<string> {
  pgliteTemplate ??= (async () => {
    const root = path.join(tmpdir(), 'garage-suite-test-templates');
    mkdirSync(root, { recursive: true });
    const dir = path.join(root, `pglite-${templateKey()}`);
    if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
    return withDirLock(`${dir}.building`, async () => {
      if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
      const building = `${dir}.tmp-${process.pid}`;
      rmSync(building, { recursive: true, force: true });
      const db = await openDatabase({ pgliteDir: building });
      try {
        await seedInto(db);
        await snapshotTemplate(db);
      } finally {
        await db.close();
      }
      renameSync(building, dir);
      return dir;
    });
  })();
  return pgliteTemplate;
}

/**
 * A data folder holding a copy of the seeded test database, for tests that run the server in a
 * child process (`DATA_DIR=… node --import tsx server/src/server.ts`), e.g. to kill -9 it.
 */
export async function seededDataDir(): Promise<string> {
  const dataDir = path.join(tmpdir(), `garage-test-child-${process.pid}-${randomBytes(6).toString('hex')}`);
  mkdirSync(dataDir, { recursive: true });
  cpSync(await pgliteTemplateDir(), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

let workerDatabase: Promise<WorkerDatabase> | undefined;
let workerDatabaseBusy = false;

/**
 * This worker's PGlite, reset to the template, when no other server of this worker holds it (a
 * file that runs two servers at once gets its own copy for the second).
 */
async function claimWorkerDatabase(timeZone: string): Promise<{ db: Database; release(): void } | undefined> {
  if (workerDatabaseBusy) return undefined;
  workerDatabaseBusy = true;
  try {
    workerDatabase ??= pgliteTemplateDir().then((template) =>
      openWorkerDatabase(template, path.join(tmpdir(), `garage-test-worker-${process.pid}-${randomBytes(6).toString('hex')}`)),
    );
    const shared = await workerDatabase;
    await shared.reset(timeZone);
    return { db: shared.db, release: () => (workerDatabaseBusy = false) };
  } catch (error) {
    workerDatabaseBusy = false;
    throw error;
  }
}

let postgresAdminUrl: Promise<string> | undefined;

/** TEST_DATABASE_URL, else a throwaway cluster from scripts/postgres.mjs (stopped when the process exits). */
function adminUrl(): Promise<string> {
  postgresAdminUrl ??= (async () => {
    if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
    const { startPostgres } = await import('../../scripts/postgres.mjs');
    const cluster = await startPostgres();
    process.once('exit', () => void cluster.stop());
    return cluster.url;
  })();
  return postgresAdminUrl;
}

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

async function adminQuery(url: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

let postgresTemplate: Promise<string> | undefined;

function postgresTemplateName(admin: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `garage_tpl_${templateKey()}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      // One builder per template across parallel test workers.
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount === 0) {
        const building = `${name}_building`;
        await client.query(`DROP DATABASE IF EXISTS ${building}`);
        await client.query(`CREATE DATABASE ${building}`);
        const db = await openDatabase({ databaseUrl: withDatabase(admin, building) });
        try {
          await seedInto(db);
        } finally {
          await db.close();
        }
        await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    } finally {
      await client.end();
    }
    return name;
  })();
  return postgresTemplate;
}

async function createPostgresCopy(admin: string): Promise<{ url: string; drop(): Promise<void> }> {
  const template = await postgresTemplateName(admin);
  const name = `garage_test_${randomBytes(6).toString('hex')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(admin, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (error) {
      // Two copies of one template cannot start at the same instant; the other finishes quickly.
      if (attempt >= 20 || !/being accessed by other users/.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 50));
    }
  }
  return { url: withDatabase(admin, name), drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined) };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  const dataDir = path.join(tmpdir(), `garage-test-${process.pid}-${randomBytes(6).toString('hex')}`);
  mkdirSync(dataDir, { recursive: true });
  let dropPostgres: (() => Promise<void>) | undefined;
  let databaseUrl = '';
  if (database === 'postgres') {
    const copy = await createPostgresCopy(await adminUrl());
    databaseUrl = copy.url;
    dropPostgres = copy.drop;
  }
  const config = loadConfig(
    {},
    { dataDir, databaseUrl, jwtSecret: randomBytes(32).toString('base64url'), seedOnEmpty: false, logLevel: 'warn', dailyJobs: false, ...options.config },
  );
  const shared = database === 'pglite' ? await claimWorkerDatabase(config.timeZone) : undefined;
  if (database === 'pglite' && !shared) cpSync(await pgliteTemplateDir(), path.join(dataDir, 'pglite'), { recursive: true });
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { providers: options.providers, logger: options.logger ?? false, database: shared?.db });
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    shared?.release();
    await dropPostgres?.();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const call = async <T>(method: string, apiPath: string, callOptions: CallOptions = {}): Promise<CallResult<T>> => {
    const query = new URLSearchParams(Object.entries(callOptions.query ?? {}).map(([key, value]) => [key, String(value)]));
    const search = query.size > 0 ? `?${query}` : '';
    const headers: Record<string, string> = { ...callOptions.headers };
    if (callOptions.token) headers.token = callOptions.token;
    let body: string | undefined;
    if (callOptions.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof callOptions.body === 'string' ? callOptions.body : JSON.stringify(callOptions.body);
    }
    const response = await fetch(`${url}${callOptions.host ?? '/api'}${apiPath}${search}`, { method, headers, body });
    const raw = await response.text();
    let text = raw;
    try {
      text = decryptText(raw, config.cipherKey);
    } catch {
      // not encrypted (yj-test, /ai, downloads)
    }
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(text) as Envelope<T>;
    } catch {
      envelope = { code: Number.NaN, msg: text, data: undefined as T };
    }
    return { ...envelope, status: response.status, headers: response.headers, raw };
  };

  async function loginToken(username: string, password = DEMO_PASSWORD) {
    const answer = await call('POST', '/user/username-token', { body: { username, password } });
    const token = answer.headers.get('token');
    if (answer.code !== 0 || !token) throw new Error(`login as ${username} failed: ${answer.code} ${answer.msg}`);
    return token;
  }

  let closed = false;
  return {
    url,
    app,
    db: app.db,
    config,
    database,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      shared?.release();
      await dropPostgres?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
    loginToken,
    async firstLogin(username, oneTimePassword) {
      const token = await loginToken(username, oneTimePassword);
      const changed = await call('POST', '/user/pwd/update', { token, body: { oldPassword: oneTimePassword, newPassword: OWN_PASSWORD } });
      const own = changed.headers.get('token');
      if (changed.code !== 0 || !own) throw new Error(`changing the one-time password of ${username} failed: ${changed.code} ${changed.msg}`);
      return own;
    },
    call,
    async lastSmsCode(phone) {
      const row = await app.db.one<{ content: string }>(sql`SELECT content FROM sms_outbox WHERE phone = ${phone} ORDER BY id DESC LIMIT 1`);
      return row ? (/(\d{6})/.exec(row.content)?.[1] ?? null) : null;
    },
    signToken(userId, tokenOptions = {}) {
      return signToken(config.jwtSecret, { userId, version: tokenOptions.version ?? 1, ttlSeconds: tokenOptions.ttlSeconds ?? 3600 }).token;
    },
  };
}
