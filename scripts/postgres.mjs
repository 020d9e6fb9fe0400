// A PostgreSQL server for tests. TEST_DATABASE_URL wins; otherwise a throwaway cluster of Debian's
// postgresql (initdb + pg_ctl) in a temp dir on a free loopback port, run as the `postgres` OS user
// when we are root (initdb refuses root), installed with apt-get when missing, stopped on exit.
//
//   import { startPostgres } from './postgres.mjs';
//   const postgres = await startPostgres();   // { url, stop() }
//
// Run alone (`node scripts/postgres.mjs`) it starts a cluster, prints its URL and keeps it until Ctrl+C.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function binDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(root, versions[0], 'bin') : null;
}

function install() {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (...args) => {
    const [command, ...rest] = [...sudo, 'apt-get', ...args];
    return spawnSync(command, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status;
  };
  console.log('Installing PostgreSQL (apt-get install postgresql)…');
  if (apt('update', '-qq') !== 0 || apt('install', '-y', '-qq', '--no-install-recommends', 'postgresql') !== 0) {
    throw new Error('无法安装 PostgreSQL (apt-get install postgresql failed)');
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary, as the postgres user when we are root. */
function runAs(isRoot, bin, args) {
  const [command, ...rest] = isRoot ? ['runuser', '-u', 'postgres', '--', bin, ...args] : [bin, ...args];
  const result = spawnSync(command, rest, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${path.basename(bin)} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** @returns {Promise<{ url: string, stop: () => Promise<void> }>} */
export async function startPostgres() {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: async () => undefined };
  let bin = binDir();
  if (!bin) {
    install();
    bin = binDir();
    if (!bin) throw new Error('PostgreSQL binaries not found after install');
  }
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'garage-pg-'));
  const data = path.join(dir, 'data');
  if (isRoot) {
    chmodSync(dir, 0o777);
    spawnSync('chown', ['postgres:postgres', dir]);
  }
  const port = await freePort();
  runAs(isRoot, path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  // Test settings: durability off (a throwaway cluster), sockets in the temp dir, loopback only.
  writeFileSync(
    path.join(dir, 'test.conf'),
    [`listen_addresses = '127.0.0.1'`, `port = ${port}`, `unix_socket_directories = '${dir}'`, 'fsync = off', 'synchronous_commit = off', 'full_page_writes = off', 'max_connections = 200', ''].join('\n'),
  );
  spawnSync('sh', ['-c', `echo "include '${path.join(dir, 'test.conf')}'" >> '${path.join(data, 'postgresql.conf')}'`]);
  if (isRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  runAs(isRoot, path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);

  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    try {
      runAs(isRoot, path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopSync);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    async stop() {
      stopSync();
      process.removeListener('exit', stopSync);
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const postgres = await startPostgres();
  console.log(`PostgreSQL: ${postgres.url}`);
  console.log(`TEST_DATABASE_URL=${postgres.url} npx vitest run --project unit server/`);
  const stop = () => postgres.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  setInterval(() => undefined, 1 << 30);
}
