// `npm test`: the one command CI runs. Installs the Debian packages the real peers need when they
// are missing, type-checks (beside the build), builds, runs every test on PGlite and, at the same
// time, what differs between the databases on a PostgreSQL server, and ends with one plain
// "N passed, N failed" line.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(command, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${path.basename(command)} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result.status ?? 1;
}

const subdirs = (dir) => (existsSync(dir) ? readdirSync(dir) : []);
const kamailioModuleDirs = () => [
  '/usr/lib/kamailio/modules',
  ...subdirs('/usr/lib').filter((d) => d.endsWith('-linux-gnu')).map((d) => `/usr/lib/${d}/kamailio/modules`),
];

// Debian packages of the real peers: Chromium (browser tests), Kamailio (web phone), PostgreSQL.
const needed = [
  { pkg: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  { pkg: 'kamailio', present: () => existsSync('/usr/sbin/kamailio') },
  { pkg: 'kamailio-websocket-modules', present: () => kamailioModuleDirs().some((dir) => existsSync(path.join(dir, 'websocket.so'))) },
  // http_client: Kamailio reports each call's start and end to our server (billing).
  { pkg: 'kamailio-utils-modules', present: () => kamailioModuleDirs().some((dir) => existsSync(path.join(dir, 'http_client.so'))) },
  { pkg: 'postgresql', present: () => subdirs('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)) },
  { pkg: 'fonts-noto-cjk', present: () => existsSync('/usr/share/fonts/opentype/noto') },
];
const missing = needed.filter((n) => !n.present()).map((n) => n.pkg);
if (missing.length > 0) {
  console.log(`Installing Debian packages: ${missing.join(' ')}`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (...args) => {
    const [cmd, ...rest] = [...sudo, 'apt-get', ...args];
    return spawnSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status;
  };
  if (apt('update', '-qq') !== 0 || apt('install', '-y', '-qq', '--no-install-recommends', ...missing) !== 0) {
    console.error('无法安装测试所需的 Debian 软件包 (apt-get failed)');
    process.exit(1);
  }
}

const reports = mkdtempSync(path.join(tmpdir(), 'garage-test-'));
const counts = { passed: 0, failed: 0 };
/** Every failure by name, printed again last: CI keeps only the end of a long log. */
const failures = [];

/** A step run beside others: its output kept in a file and printed whole when it ends (readable logs). */
function background(name, command, args, env = {}) {
  const started = Date.now();
  const log = path.join(reports, `${name}.log`);
  const out = openSync(log, 'w');
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, FORCE_COLOR: '1', ...env } });
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      closeSync(out);
      console.log(`\n▶ ${name}: ${path.basename(command)} ${args.join(' ')}`);
      process.stdout.write(readFileSync(log));
      console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      resolve(code ?? 1);
    });
  });
}

function vitestArgs(name, args) {
  return ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, `${name}.json`)}`, ...args];
}

function count(name, status) {
  const out = path.join(reports, `${name}.json`);
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    counts.passed += report.numPassedTests ?? 0;
    counts.failed += (report.numFailedTests ?? 0) + (status !== 0 && !report.numFailedTests ? 1 : 0);
    for (const file of report.testResults ?? []) {
      const relative = path.relative(root, file.name);
      for (const test of file.assertionResults ?? []) {
        if (test.status === 'failed') failures.push(`${name}: ${relative} › ${test.fullName}\n    ${String(test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300)}`);
      }
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) {
        failures.push(`${name}: ${relative}\n    ${String(file.message ?? '').split('\n')[0].slice(0, 300)}`);
      }
    }
    if (status !== 0 && !report.numFailedTests && failures.length === 0) failures.push(`${name}: vitest exited with ${status}`);
  } else if (status !== 0) {
    counts.failed += 1;
    failures.push(`${name}: no report (exit ${status})`);
  }
  return status === 0;
}

// The type check beside the build, then the PGlite suite (all of it) beside the PostgreSQL pass
// (what differs between the databases, scripts/postgres-pass.mjs): the tests wait on browsers,
// child processes and timers about half the time, so two runs share two cores well.
const typecheck = background('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
let ok = run(process.execPath, [path.join(root, 'scripts/build.mjs')]) === 0;
if (!ok) {
  counts.failed += 1;
  failures.push('build failed');
}
if (ok) {
  const { startPostgres } = await import('./postgres.mjs');
  const { POSTGRES_PASS, PGLITE_ONLY, POSTGRES_ONLY } = await import('./postgres-pass.mjs');
  const excluded = (files) => files.flatMap((file) => ['--exclude', file]);
  const postgres = await startPostgres();
  try {
    const onPostgres = background('postgres', bin('vitest'), vitestArgs('postgres', ['--project', 'server', ...excluded(PGLITE_ONLY), ...POSTGRES_PASS]), { TEST_DATABASE_URL: postgres.url });
    ok = count('pglite', run(bin('vitest'), vitestArgs('pglite', excluded(POSTGRES_ONLY)))) && ok;
    ok = count('postgres', await onPostgres) && ok;
  } finally {
    await postgres.stop();
  }
}
if ((await typecheck) !== 0) {
  counts.failed += 1;
  failures.push('typecheck (tsc --noEmit) failed');
  ok = false;
}
rmSync(reports, { recursive: true, force: true });
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
process.exit(ok ? 0 : 1);
