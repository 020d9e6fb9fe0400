// `npm test`: the one command CI runs. Installs the Debian packages the real peers need when they
// are missing, type-checks, builds, runs every test on PGlite, then the server suite again on a
// PostgreSQL server, and ends with one plain "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, mkdtempSync } from 'node:fs';
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
function vitest(name, args, env = {}) {
  const out = path.join(reports, `${name}.json`);
  const status = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args], env);
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    counts.passed += report.numPassedTests ?? 0;
    counts.failed += (report.numFailedTests ?? 0) + (status !== 0 && !report.numFailedTests ? 1 : 0);
  } else if (status !== 0) {
    counts.failed += 1;
  }
  return status;
}

let failed = false;
failed ||= run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) !== 0;
if (failed) counts.failed += 1;
if (!failed) {
  failed ||= run(process.execPath, [path.join(root, 'scripts/build.mjs')]) !== 0;
  if (failed) counts.failed += 1;
}
if (!failed) {
  failed = vitest('pglite', []) !== 0;

  // The same server suite on a PostgreSQL server (docs/ARCHITECTURE.md: PGlite by default, PostgreSQL to scale).
  const { startPostgres } = await import('./postgres.mjs');
  const postgres = await startPostgres();
  try {
    const status = vitest('postgres', ['--project', 'server'], { TEST_DATABASE_URL: postgres.url });
    failed ||= status !== 0;
  } finally {
    await postgres.stop();
  }
}
rmSync(reports, { recursive: true, force: true });
console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
process.exit(failed ? 1 : 0);
