/**
 * The import survives kill -9: a real server process (node + tsx on a PGlite data folder) is killed
 * with SIGKILL in the middle of a 20,000-row import, started again on the same folder, and the job
 * resumes from its checkpoint: every row imported exactly once, the counts exact.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CIPHER_KEY } from '../../../contracts/cipher';
import type { ImportTask } from '../../../contracts/api/import';
import { decryptText } from '../../../widgets/core/crypto/cipher';
import { DEMO_PASSWORD, seededDataDir } from '../../../tests/support/server';
import { bigXlsxFile, upload } from '../../../tests/support/import-files';
import { openDatabase, sql } from '../db/database';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const ROWS = 20_000;

interface Child {
  url: string;
  process: ChildProcess;
}

/** Starts `server/src/server.ts` in its own process (one process: node with tsx's loader, so SIGKILL hits the server itself). */
function startChild(dataDir: string): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'src', 'server.ts')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DAILY_JOBS: '0', SEED_ON_EMPTY: '0', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(line)?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, process: child });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
}

const config = { cipherKey: DEFAULT_CIPHER_KEY };

async function call<T>(child: Child, method: string, apiPath: string, token?: string, body?: unknown) {
  const response = await fetch(`${child.url}/api${apiPath}`, {
    method,
    headers: { ...(token ? { token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = JSON.parse(decryptText(await response.text(), config.cipherKey)) as { code: number; msg: string; data: T };
  return { ...answer, token: response.headers.get('token') };
}

const login = async (child: Child) => (await call(child, 'POST', '/user/username-token', undefined, { username: 'manager', password: DEMO_PASSWORD })).token!;
const task = async (child: Child, token: string, taskId: number) => (await call<ImportTask>(child, 'GET', `/client/import/task?taskId=${taskId}`, token)).data;

let dataDir = '';
let running: Child | undefined;
afterAll(() => {
  running?.process.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 in the middle of an import', () => {
  it('resumes after a restart with no duplicate and no lost row', { timeout: 300_000 }, async () => {
    dataDir = await seededDataDir();
    const mobiles = Array.from({ length: ROWS }, (_, i) => `1660${String(i).padStart(7, '0')}`);
    const bytes = await bigXlsxFile(
      ['姓名', '手机号', '车牌号', '品牌', '里程'],
      mobiles.map((mobile, i) => [`客户${i}`, mobile, `沪B${String(i).padStart(5, '0')}`, '大众', 10_000 + i]),
    );

    running = await startChild(dataDir);
    let token = await login(running);
    const started = await upload<{ taskId: number }>({ url: running.url, config }, '/client/import', token, { name: '两万客户.xlsx', bytes });
    expect(started.code, started.msg).toBe(0);
    const taskId = started.data.taskId;

    // Kill the process once a part of the rows is in (but not all of them).
    let before: ImportTask;
    for (;;) {
      before = await task(running, token, taskId);
      if (before.processed >= 1000) break;
      expect(before.status).not.toBe('failed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    running.process.kill('SIGKILL');
    await new Promise((resolve) => running!.process.once('exit', resolve));
    expect(before.processed).toBeLessThan(ROWS);

    running = await startChild(dataDir);
    token = await login(running);
    let after: ImportTask;
    for (;;) {
      after = await task(running, token, taskId);
      if (after.status !== 'queued' && after.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(after.status).toBe('done');
    expect({ total: after.total, processed: after.processed, imported: after.imported, failed: after.failed, skipped: after.skipped }).toEqual({ total: ROWS, processed: ROWS, imported: ROWS, failed: 0, skipped: 0 });
    const stopped = new Promise((resolve) => running!.process.once('exit', resolve));
    running.process.kill('SIGTERM');
    await stopped;
    running = undefined;

    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      const counts = await db.one<{ customers: number; distinct_mobiles: number; vehicles: number }>(sql`
        SELECT count(*)::int AS customers, count(DISTINCT mobile)::int AS distinct_mobiles,
               (SELECT count(*)::int FROM vehicle v JOIN customer c ON c.id = v.customer_id WHERE c.mobile = ANY(${sql.param(mobiles)}::text[])) AS vehicles
          FROM customer WHERE mobile = ANY(${sql.param(mobiles)}::text[])`);
      expect(counts).toEqual({ customers: ROWS, distinct_mobiles: ROWS, vehicles: ROWS });
    } finally {
      await db.close();
    }
  });
});
