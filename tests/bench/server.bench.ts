/**
 * Issue 3: requests per second of `/api/user/info` (token check, database read, envelope,
 * encryption) against a bare Fastify route on the same machine, in one run; and the start-up time
 * of `server/src/server.ts` on an existing PGlite data folder (what `npm start` does every day),
 * with the first start on an empty folder (initdb, migrations, demo seed) for comparison.
 * Each server runs in its own process; the load comes from this process over keep-alive HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { percentile, ratio, table, writeSection } from './report';

const root = path.resolve(import.meta.dirname, '..', '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;
const STARTS = 5;

interface Running {
  port: number;
  child: ChildProcess;
  readyMs: number;
}

/** Starts a TypeScript entry and resolves when it prints that it listens (ours logs JSON). */
function startProcess(entry: string, env: Record<string, string>): Promise<Running> {
  const started = performance.now();
  const child = spawn(tsx, [entry], { cwd: root, env: { ...process.env, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const port = /listening (\d+)/.exec(line)?.[1] ?? /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(line)?.[1];
      if (port) resolve({ port: Number(port), child, readyMs: performance.now() - started });
    });
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code} before listening`)));
  });
}

async function stop(running: Running): Promise<void> {
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGTERM');
  await exited;
}

/** Requests per second from CONNECTIONS keep-alive connections for SECONDS. */
async function load(port: number, headers: Record<string, string>): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const until = performance.now() + SECONDS * 1000;
  let done = 0;
  let failed = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/api/user/info', headers, agent }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) done += 1;
          else failed += 1;
          resolve();
        });
      });
      request.on('error', () => {
        failed += 1;
        resolve();
      });
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  agent.destroy();
  if (failed > 0) throw new Error(`${failed} requests failed`);
  return done / ((performance.now() - started) / 1000);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'garage-bench-server-'));
const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
try {
  // First start on an empty folder, then the daily case: restarts on the existing folder.
  const first = await startProcess('server/src/server.ts', env);
  await stop(first);
  const restarts: number[] = [];
  for (let i = 0; i < STARTS; i += 1) {
    const again = await startProcess('server/src/server.ts', env);
    restarts.push(again.readyMs);
    await stop(again);
  }

  const ours = await startProcess('server/src/server.ts', env);
  const bare = await startProcess('tests/bench/bare-server.ts', {});
  try {
    const login = await fetch(`http://127.0.0.1:${ours.port}/api/user/username-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Garage@2026' }),
    });
    const token = login.headers.get('token');
    if (!token) throw new Error('demo login failed');
    await load(ours.port, { token }); // warm-up: JIT, caches
    await load(bare.port, {});
    const oursRps: number[] = [];
    const bareRps: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      oursRps.push(await load(ours.port, { token }));
      bareRps.push(await load(bare.port, {}));
    }
    const oursMedian = percentile(oursRps, 50);
    const bareMedian = percentile(bareRps, 50);
    writeSection(`## Server (issue 3)

### /api/user/info against a bare Fastify route

${CONNECTIONS} keep-alive connections from one Node process, ${SECONDS} s per measurement, ${ROUNDS} rounds alternating
the two servers (median shown). Ours verifies the token, reads the caller's auth row (user, roles,
stores; from PGlite, then from memory for 5 s), builds the answer and encrypts the envelope; the
bare route answers a fixed JSON of the same size. Before the auth-row cache and native AES an
earlier run of this bench gave 853 requests/s against 36,216 (0.02×). Both run in their own process on the same 2-core machine as the load.

${table(
  ['server', 'requests/s (median)', 'rounds', 'share of bare'],
  [
    ['门店管家 /api/user/info (PGlite)', Math.round(oursMedian).toLocaleString('en'), oursRps.map((value) => Math.round(value)).join(' / '), ratio(oursMedian, bareMedian)],
    ['bare Fastify route', Math.round(bareMedian).toLocaleString('en'), bareRps.map((value) => Math.round(value)).join(' / '), '1.00×'],
  ],
)}

### Start-up (process start → listening, tsx, PGlite)

${table(
  ['case', 'time'],
  [
    ['first start on an empty data folder (initdb, migrations, demo seed of 3,000 customers)', `${(first.readyMs / 1000).toFixed(1)} s`],
    [`start on the existing data folder (median of ${STARTS})`, `${(percentile(restarts, 50) / 1000).toFixed(2)} s`],
    ['…each start', restarts.map((value) => `${(value / 1000).toFixed(2)} s`).join(', ')],
  ],
)}`);
  } finally {
    await stop(ours);
    await stop(bare);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
