/**
 * The one query layer: drizzle-orm's `sql` template over either embedded PGlite (default, data in
 * DATA_DIR/pglite) or a PostgreSQL server (DATABASE_URL). Both answer rows with the same JS types:
 * int8 and numeric as numbers, date as 'YYYY-MM-DD', timestamptz as an ISO-8601 UTC string, so
 * tests run unchanged on both.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { pgliteWasm } from './pglite-wasm';

export { sql, type SQL };

type Row = Record<string, unknown>;
interface RawResult {
  rows: Row[];
  fields?: { name: string; dataTypeID: number }[];
  rowCount?: number | null;
  affectedRows?: number;
}
interface Executor {
  execute(query: SQL): Promise<unknown>;
}

export interface Queryable {
  /** All rows of a query. */
  rows<T = Row>(query: SQL): Promise<T[]>;
  /** The first row, or undefined. */
  one<T = Row>(query: SQL): Promise<T | undefined>;
  /** Runs a statement and answers the number of rows it touched. */
  run(query: SQL): Promise<number>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; rolled back when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a multi-statement SQL script without parameters (migrations). */
  script(text: string): Promise<void>;
  close(): Promise<void>;
  /** The embedded instance (PGlite only), for libraries that need the driver itself (pg-boss). */
  readonly pglite?: PGlite;
  /** The connection string (PostgreSQL only), for libraries that open their own pool (pg-boss). */
  readonly url?: string;
}

const INT8 = 20;
const NUMERIC = 1700;
const TIMESTAMPTZ = 1184;
const TIMESTAMP = 1114;
const INT8_ARRAY = 1016;
const NUMERIC_ARRAY = 1231;

/** '2026-03-01 10:00:00.5+08' → '2026-03-01T02:00:00.500Z' */
function isoTimestamp(text: string): string {
  const withT = text.replace(' ', 'T');
  const zoned = /[+-]\d\d$/.test(withT) ? `${withT}:00` : withT;
  const date = new Date(zoned);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

function parseTextArray(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value.replace(/^\{|\}$/g, '').split(',').filter(Boolean).map(Number);
}

function normalise(result: RawResult): Row[] {
  const fields = result.fields ?? [];
  const converters: [string, (value: unknown) => unknown][] = [];
  for (const field of fields) {
    switch (field.dataTypeID) {
      case INT8:
      case NUMERIC:
        converters.push([field.name, (v) => (v === null ? null : Number(v))]);
        break;
      case TIMESTAMPTZ:
      case TIMESTAMP:
        converters.push([field.name, (v) => (typeof v === 'string' ? isoTimestamp(v) : v)]);
        break;
      case INT8_ARRAY:
      case NUMERIC_ARRAY:
        converters.push([field.name, (v) => (Array.isArray(v) ? v.map(Number) : parseTextArray(v))]);
        break;
    }
  }
  if (converters.length === 0) return result.rows;
  for (const row of result.rows) {
    for (const [name, convert] of converters) row[name] = convert(row[name]);
  }
  return result.rows;
}

function queryable(executor: Executor): Queryable {
  const raw = async (query: SQL) => (await executor.execute(query)) as RawResult;
  return {
    async rows<T>(query: SQL) {
      return normalise(await raw(query)) as T[];
    },
    async one<T>(query: SQL) {
      return normalise(await raw(query))[0] as T | undefined;
    },
    async run(query: SQL) {
      const result = await raw(query);
      return result.rowCount ?? result.affectedRows ?? 0;
    },
  };
}

/**
 * `count` new ids from `table`'s identity sequence, ascending, as rows of one column `id`. The
 * sequence is looked up once (the CTE): pg_get_serial_sequence in the select list ran per id and
 * scans pg_depend each time, ~4 µs an id on PGlite, a third of storing a 100,000-text campaign.
 */
export function newIds(table: string, count: number): SQL {
  return sql`WITH s AS MATERIALIZED (SELECT pg_get_serial_sequence(${table}, 'id')::regclass AS seq)
             SELECT nextval(s.seq)::int AS id FROM s, generate_series(1, ${count}::int) ORDER BY 1`;
}

/** Whether a failed query ended with this SQLSTATE. Drizzle wraps the driver's error, so the code sits on the error or on its cause. */
function hasSqlState(error: unknown, state: string): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if ((current as { code?: unknown }).code === state) return true;
  }
  return false;
}

/** Whether a failed query broke a UNIQUE constraint (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505');

/** Whether a query was cancelled (SQLSTATE 57014), e.g. by the request statement timeout. */
export const isCancelledQuery = (error: unknown) => hasSqlState(error, '57014');

const answering = new AsyncLocalStorage<true>();

/**
 * Runs `fn` as the answer to a request: on PostgreSQL, the statements it starts (and whatever it
 * starts in turn) run on connections bounded by the request statement timeout, so one request
 * cannot keep a connection and a core busy for minutes; background work is not bounded.
 */
export function answeringRequest(fn: () => void): void {
  answering.run(true, fn);
}

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder of the embedded database (used when databaseUrl is empty). */
  pgliteDir?: string;
  timeZone?: string;
  /**
   * PostgreSQL only: statement_timeout (ms) of the statements run while answering a request
   * (answeringRequest); 0 = none. PGlite cannot interrupt a running statement at all.
   */
  requestStatementTimeoutMs?: number;
}

/**
 * PGlite runs inside this process, so two processes must never open one folder. A lock file with
 * our pid guards it; a stale one (dead pid) and PGlite's own leftover postmaster.pid from a crash
 * are removed, because PGlite otherwise waits forever on reopen.
 */
function lockPgliteDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lock = path.join(dir, '..', `${path.basename(dir)}.lock`);
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, 'utf8').trim());
    let alive = false;
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) {
      try {
        process.kill(pid, 0);
        alive = true;
      } catch {
        alive = false;
      }
    }
    if (alive) throw new Error(`数据目录 ${dir} 正被进程 ${pid} 使用 (database folder in use by pid ${pid})`);
  }
  writeFileSync(lock, String(process.pid));
  rmSync(path.join(dir, 'postmaster.pid'), { force: true });
  return () => rmSync(lock, { force: true });
}

/**
 * Planner settings of every session. The working set of a garage chain is in memory (RAM or SSD),
 * so an index lookup costs little more than a sequential read (random_page_cost 1.1, the usual
 * setting for SSDs); and parallel workers do not pay on the small machines we run on: the same
 * hash is built once per worker, and concurrent users already use every core
 * (tests/bench/RESULTS.md, "Customer list"). No JIT: PostgreSQL compiled every statement estimated
 * above 100,000 cost units (a keyword search over a 100,000-customer chain) for ~60 ms, longer than
 * the statement then ran (tests/bench/RESULTS.md, "Customer keyword search"); PGlite has none.
 */
const PLANNER_SETTINGS = { random_page_cost: '1.1', max_parallel_workers_per_gather: '0', jit: 'off' };

/** The SET statements of a PGlite session (its one connection), e.g. again after DISCARD ALL. */
export function sessionSettings(timeZone = 'Asia/Shanghai'): string {
  return [`SET TimeZone = '${timeZone}'`, ...Object.entries(PLANNER_SETTINGS).map(([name, value]) => `SET ${name} = ${value}`)].join('; ');
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const timeZone = options.timeZone ?? 'Asia/Shanghai';
  if (options.databaseUrl) {
    const newPool = (settings: Record<string, string>) => {
      const pool = new pg.Pool({
        connectionString: options.databaseUrl,
        max: 10,
        options: Object.entries({ TimeZone: timeZone, ...PLANNER_SETTINGS, ...settings }).map(([name, value]) => `-c ${name}=${value}`).join(' '),
      });
      pool.on('error', () => undefined); // an idle client dropped by the server is replaced on next use
      return pool;
    };
    // Two pools, not a SET per statement: the setting is the connection's own, with no round trip.
    const timeout = options.requestStatementTimeoutMs ?? 0;
    const pool = newPool({});
    const requestPool = timeout > 0 ? newPool({ statement_timeout: String(timeout) }) : pool;
    const background = drizzlePostgres(pool);
    const requests = drizzlePostgres(requestPool);
    const current = () => (answering.getStore() ? requests : background);
    const base = queryable({ execute: (query) => current().execute(query) });
    return {
      kind: 'postgres',
      url: options.databaseUrl,
      ...base,
      transaction: (fn) => current().transaction((tx) => fn(queryable(tx))),
      async script(text) {
        await pool.query(text);
      },
      async close() {
        await Promise.all([...new Set([pool, requestPool])].map((each) => each.end()));
      },
    };
  }
  if (!options.pgliteDir) throw new Error('openDatabase: pgliteDir or databaseUrl is required');
  const unlock = lockPgliteDir(options.pgliteDir);
  let client: PGlite;
  try {
    client = new PGlite(options.pgliteDir, { pgliteWasmModule: await pgliteWasm() });
    await client.waitReady;
    await client.exec(sessionSettings(timeZone));
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client);
  const base = queryable(db);
  let closed = false;
  return {
    kind: 'pglite',
    pglite: client,
    ...base,
    transaction: (fn) => db.transaction((tx) => fn(queryable(tx))),
    async script(text) {
      await client.exec(text);
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
      unlock();
    },
  };
}
