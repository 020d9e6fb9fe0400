/**
 * Issue 32, fast feedback: on a fresh clone of the committed head (after `npm ci`, here a
 * hard-linked copy of this checkout's node_modules), the first `npm start` until /login answers
 * (with the longest silence between two lines it printed), a second `npm start` on the same data
 * folder, and the whole `npm test` with its steps. Wall clock on this machine, one run each.
 *
 *   npm run bench -- suite                       (BENCH_SUITE_TESTS=0 skips the 10+ minute npm test;
 *                                                 BENCH_SUITE_LOG=<file> keeps npm test's whole output)
 *   BENCH_SUITE_BASELINE=<commit> npm run bench -- suite   also measures that commit's starts
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { table, writeSection } from './report';

const root = path.resolve(import.meta.dirname, '..', '..');
const work = mkdtempSync(path.join(tmpdir(), 'garage-suite-bench-'));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A clone of `commit` with this checkout's node_modules (hard links: no download, same packages). */
function cloneAt(commit: string, name: string): string {
  const dir = path.join(work, name);
  execFileSync('git', ['clone', '--quiet', '--no-checkout', root, dir]);
  execFileSync('git', ['-C', dir, 'checkout', '--quiet', commit]);
  execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
  return dir;
}

interface Start {
  loginMs: number;
  /** The longest time `npm start` printed nothing, until /login answered. */
  silentMs: number;
}

/** `npm start` in `dir` until GET /login answers 200; then stops it. */
async function timeStart(dir: string): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  let lastLine = started;
  let silentMs = 0;
  const child = spawn('npm', ['start'], { cwd: dir, env: { ...process.env, NODE_ENV: '', PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream! }).on('line', () => {
      const now = performance.now();
      silentMs = Math.max(silentMs, now - lastLine);
      lastLine = now;
    });
  }
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`npm start exited with ${code}`))));
  try {
    for (;;) {
      const answered = await Promise.race([
        fetch(`http://127.0.0.1:${port}/login`).then((response) => response.ok, () => false),
        exited,
      ]);
      if (answered) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const loginMs = performance.now() - started;
    return { loginMs, silentMs: Math.max(silentMs, performance.now() - lastLine) };
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

interface TestRun {
  totalMs: number;
  steps: [string, string][];
  summary: string;
}

/** `npm test` in `dir`: total wall clock, the runner's own step times, and its last line. */
function timeTests(dir: string): Promise<TestRun> {
  const started = performance.now();
  const log = process.env.BENCH_SUITE_LOG;
  const child = spawn('npm', ['test'], { cwd: dir, env: { ...process.env, NODE_ENV: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const steps: [string, string][] = [];
  let step = '';
  let summary = '';
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream! }).on('line', (line) => {
      const plain = line.replace(/\x1b\[[0-9;]*m/g, '');
      // The whole output stays readable beside the figures (what failed, and why).
      if (log) appendFileSync(log, `${plain}\n`);
      const named = /^▶ (.+)$/.exec(plain);
      if (named) step = named[1].replace(/--outputFile\.json=\S+ /, '').replace(/--reporter=\S+ /g, '');
      const took = /^ {2}\((\d+(?:\.\d+)?) s\)$/.exec(plain);
      if (took && step) steps.push([step, `${took[1]} s`]);
      if (/^\d+ passed, \d+ failed$/.test(plain)) summary = plain;
    });
  }
  return new Promise((resolve) => child.once('exit', () => resolve({ totalMs: performance.now() - started, steps, summary })));
}

const head = execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD']).toString().trim();
const baseline = process.env.BENCH_SUITE_BASELINE;
try {
  const rows: string[][] = [];
  const measure = async (commit: string, label: string) => {
    const dir = cloneAt(commit, label);
    const first = await timeStart(dir);
    const second = await timeStart(dir);
    rows.push([label, seconds(first.loginMs), seconds(first.silentMs), seconds(second.loginMs), seconds(second.silentMs)]);
    return dir;
  };
  if (baseline) await measure(baseline, `${baseline.slice(0, 7)} (before)`);
  const dir = await measure(head, `${head} (this head)`);
  let tests = '';
  if (process.env.BENCH_SUITE_TESTS !== '0') {
    if (!existsSync(path.join(dir, 'node_modules'))) throw new Error('clone without node_modules');
    const run = await timeTests(dir);
    tests = `

\`npm test\` on the same clone (its steps as the runner timed them; the first run of a day also
seeds the test templates): **${seconds(run.totalMs)}** in all, ${run.summary || 'no summary line'}.

${table(['step', 'time'], run.steps)}`;
  }
  writeSection(`## Fast feedback: first start, later start, the whole suite (issue 32)

A fresh clone of the commit with \`node_modules\` in place (what \`npm ci\` leaves), \`npm start\` until
\`GET /login\` answers 200; then \`npm start\` again on the same data folder. 最长静默 = the longest
time \`npm start\` printed no line before /login answered. Goals: first ≤ 90 s with a line at least
every 15 s, later ≤ 3 s; the whole \`npm test\` ≤ 15 min.

${table(['commit', 'first start → /login', '最长静默', 'later start → /login', '最长静默'], rows)}${tests}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
