/**
 * Two server processes on one PostgreSQL: an import started on the first is finished by the second
 * when the first is killed with SIGKILL mid-way (pg-boss fails the dead job after its heartbeat and
 * the other process retries it), each row imported once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { ImportTask } from '../../../contracts/api/import';
import { DEMO_PASSWORD, seedDemo } from '../seed';
import { startChildServer, type ChildServer } from '../../../tests/support/child-server';
import { bigXlsxFile, upload } from '../../../tests/support/import-files';
import { importFinished, POLL_SERVER } from '../../../tests/support/waits';
import { openDatabase, sql } from '../db/database';
import { migrate } from '../db/migrate';

const ROWS = 20_000;
const children: ChildServer[] = [];
const dirs: string[] = [];
let stopPostgres: (() => Promise<void>) | undefined;

afterAll(async () => {
  for (const child of children) await child.stop('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await stopPostgres?.();
});

async function freshDatabase(): Promise<string> {
  let admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    const { startPostgres } = await import('../../../scripts/postgres.mjs');
    const cluster = await startPostgres();
    stopPostgres = () => cluster.stop();
    admin = cluster.url;
  }
  const name = `garage_two_${randomBytes(4).toString('hex')}`;
  const adminDb = await openDatabase({ databaseUrl: admin });
  await adminDb.script(`CREATE DATABASE ${name}`);
  await adminDb.close();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString() });
  await migrate(db);
  await seedDemo(db, { customers: 50 });
  await db.close();
  return url.toString();
}

const login = async (child: ChildServer) => (await child.call('POST', '/user/username-token', undefined, { username: 'manager', password: DEMO_PASSWORD })).token!;
const task = async (child: ChildServer, token: string, taskId: number) => (await child.call<ImportTask>('GET', `/client/import/task?taskId=${taskId}`, token)).data;

describe('two server processes on one PostgreSQL', () => {
  it('the other process finishes an import whose process was killed, each row once', { timeout: 300_000 }, async () => {
    const databaseUrl = await freshDatabase();
    const start = async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'garage-two-'));
      dirs.push(dataDir);
      const child = await startChildServer({ dataDir, databaseUrl, env: { JWT_SECRET: 'two-processes-test-secret-0123456789abcdef' } });
      children.push(child);
      return child;
    };
    const first = await start();
    const mobiles = Array.from({ length: ROWS }, (_, i) => `1550${String(i).padStart(7, '0')}`);
    const bytes = await bigXlsxFile(['姓名', '手机号', '车牌号'], mobiles.map((mobile, i) => [`客户${i}`, mobile, `苏E${String(i).padStart(5, '0')}`]));
    const token = await login(first);
    const started = await upload<{ taskId: number }>(first, '/client/import', token, { name: '两个进程.xlsx', bytes });
    expect(started.code, started.msg).toBe(0);
    const taskId = started.data.taskId;
    const second = await start(); // sees the running import at start-up and starts its own worker

    await expect.poll(async () => (await task(first, token, taskId)).processed, { ...POLL_SERVER, interval: 100 }).toBeGreaterThanOrEqual(1000);
    await first.stop('SIGKILL');

    // The other process takes the job over once pg-boss sees the killed one's heartbeat stop (seconds).
    const done = await importFinished(() => task(second, token, taskId), { ...POLL_SERVER, timeout: 240_000 });
    expect({ status: done.status, total: done.total, processed: done.processed, imported: done.imported }).toEqual({ status: 'done', total: ROWS, processed: ROWS, imported: ROWS });
    const db = await openDatabase({ databaseUrl });
    try {
      const counts = await db.one<{ customers: number; distinct_mobiles: number }>(sql`
        SELECT count(*)::int AS customers, count(DISTINCT mobile)::int AS distinct_mobiles FROM customer WHERE mobile = ANY(${sql.param(mobiles)}::text[])`);
      expect(counts).toEqual({ customers: ROWS, distinct_mobiles: ROWS });
    } finally {
      await db.close();
    }
  });
});
