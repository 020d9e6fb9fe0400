/**
 * Issue 13: the batch import of a 100,000-row xlsx (realistic columns, 2 % bad rows), end to end
 * (upload + file check + background job to 'done') on PGlite and on PostgreSQL, the server in its
 * own process (peak RSS = its VmHWM), against a bare baseline in the same run: the same file read
 * with exceljs's streaming reader and bulk-inserted with no checks (import-baseline.ts, also its
 * own process). While the import runs, /user/info is called every 25 ms: the host must stay
 * responsive.
 *
 * BENCH_IMPORT_ROWS=20000 npm run bench -- import   for a quicker, smaller run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImportTask } from '../../contracts/api/import';
import { DEMO_PASSWORD } from '../../server/src/seed';
import { freshPostgres } from './postgres-db';
import { startPostgres } from '../../scripts/postgres.mjs';
import { seededDataDir } from '../support/server';
import { startChildServer } from '../support/child-server';
import { bigXlsxFile, realisticRows, REALISTIC_HEADER, upload } from '../support/import-files';
import { ms, percentile, ratio, table, writeSection } from './report';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const GOALS = { postgresSeconds: 15, postgresRssMb: 300, ratio: 2, p95: 50 };
const root = path.resolve(import.meta.dirname, '..', '..');
const work = mkdtempSync(path.join(tmpdir(), 'garage-bench-import-'));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

console.log(`writing ${ROWS} rows…`);
const bytes = await bigXlsxFile(REALISTIC_HEADER, realisticRows(ROWS));
const filePath = path.join(work, 'customers.xlsx');
writeFileSync(filePath, bytes);

interface Measured {
  ms: number;
  peakRss: number;
  p50: number;
  p95: number;
  samples: number;
  task: ImportTask;
}

async function measureServer(dataDir: string, databaseUrl?: string): Promise<Measured> {
  const child = await startChildServer({ dataDir, databaseUrl });
  try {
    const token = (await child.call('POST', '/user/username-token', undefined, { username: 'manager', password: DEMO_PASSWORD })).token!;
    for (let i = 0; i < 20; i += 1) await child.call('GET', '/user/info', token);
    let running = true;
    const samples: number[] = [];
    const sampler = (async () => {
      while (running) {
        const started = performance.now();
        await child.call('GET', '/user/info', token);
        samples.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const started = performance.now();
    const answer = await upload<{ taskId: number }>(child, '/client/import', token, { name: '客户导出.xlsx', bytes });
    if (answer.code !== 0) throw new Error(`import refused: ${answer.msg}`);
    let task: ImportTask;
    for (;;) {
      task = (await child.call<ImportTask>('GET', `/client/import/task?taskId=${answer.data.taskId}`, token)).data;
      if (task.status !== 'queued' && task.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const elapsed = performance.now() - started;
    running = false;
    await sampler;
    return { ms: elapsed, peakRss: child.peakRss(), p50: percentile(samples, 50), p95: percentile(samples, 95), samples: samples.length, task };
  } finally {
    await child.stop();
  }
}

function baseline(env: Record<string, string>): { ms: number; rows: number; peakRss: number } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'tests', 'bench', 'import-baseline.ts')], {
    cwd: root,
    env: { ...process.env, BASE_FILE: filePath, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`baseline failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!);
}


const results: { label: string; server: Measured; base: { ms: number; rows: number; peakRss: number } }[] = [];
const postgres = await startPostgres();
try {
  console.log('PGlite…');
  const serverDir = await seededDataDir();
  const baseDir = await seededDataDir();
  results.push({ label: 'PGlite', server: await measureServer(serverDir), base: baseline({ BASE_PGLITE: path.join(baseDir, 'pglite') }) });
  rmSync(serverDir, { recursive: true, force: true });
  rmSync(baseDir, { recursive: true, force: true });

  console.log('PostgreSQL…');
  const serverUrl = await freshPostgres(postgres.url, 'garage_import');
  const baseUrl = await freshPostgres(postgres.url, 'garage_import');
  const pgDir = mkdtempSync(path.join(work, 'pg-'));
  results.push({ label: 'PostgreSQL', server: await measureServer(pgDir, serverUrl), base: baseline({ BASE_DATABASE_URL: baseUrl }) });
} finally {
  await postgres.stop();
  rmSync(work, { recursive: true, force: true });
}

const rows = results.map(({ label, server, base }) => [
  label,
  seconds(server.ms),
  mb(server.peakRss),
  seconds(base.ms),
  mb(base.peakRss),
  ratio(server.ms, base.ms),
  `${ms(server.p50)} / ${ms(server.p95)} (${server.samples})`,
  `${server.task.imported.toLocaleString('en-US')} / ${server.task.failed.toLocaleString('en-US')}`,
]);
const pg = results.find((result) => result.label === 'PostgreSQL')!;
writeSection(`## Batch import (issue 13)

A ${ROWS.toLocaleString('en-US')}-row xlsx (${(bytes.length / 1024 / 1024).toFixed(1)} MB; 12 columns as an old system exports them, 2 % bad rows),
imported as 李店长 (城东店): upload, file check, background job (pg-boss) to 已完成, the server in its own process.
Bare baseline: the same file through exceljs's streaming reader and bulk-inserted (customers + vehicles,
1,000 rows a transaction, no checks), also its own process. /user/info is called every 25 ms during the import.

${table(['数据库', '导入（端到端）', '峰值 RSS', '裸基线', '基线 RSS', '倍数', '/user/info p50 / p95（次数）', '导入 / 失败行'], rows)}

Goals (issue 13): PostgreSQL ≤ ${GOALS.postgresSeconds} s (${pg.server.ms <= GOALS.postgresSeconds * 1000 ? 'met' : 'not met'}) and ≤ ${GOALS.postgresRssMb} MB RSS (${pg.server.peakRss <= GOALS.postgresRssMb * 1024 * 1024 ? 'met' : 'not met'}),
≤ ${GOALS.ratio}× the bare baseline (${results.map((r) => `${r.label} ${ratio(r.server.ms, r.base.ms)}`).join(', ')}),
/user/info p95 ≤ ${GOALS.p95} ms while it runs (${results.map((r) => `${r.label} ${ms(r.server.p95)}`).join(', ')}).
`);
