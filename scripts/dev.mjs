// `npm run dev`: the server restarted on every change (tsx watch, port 3200), the host app from
// Vite's dev server with hot reload (http://localhost:5173, proxying /api, /wecom, /ai, /widgets
// and /version.json to the server), and the widget bundles in dist/ rebuilt on change
// (scripts/build-widgets.mjs --watch) for pages that load them from /widgets/. Ctrl+C stops all three.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { cipherKeyFrom, distDirFrom } from './build-settings.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
// Vite's proxy targets this port (host-app/vite.config.ts).
const SERVER_PORT = '3200';

cipherKeyFrom();
// The server serves /widgets/ only if the folder exists when it starts: build once before.
if (!existsSync(path.join(distDirFrom(), 'widgets'))) {
  console.log('正在构建组件 (building the widget bundles once)…');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-widgets.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children = [];
let stopping = false;

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

/** Runs one tool with its output lines prefixed by its name; if it dies, the others stop too. */
function run(name, command, args, env = {}) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  }
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[${name}] 已退出 (exited) ${signal ?? code}; 正在停止其余进程 (stopping the others)`);
    stopAll(code || 1);
  });
  children.push(child);
}

run('server', bin('tsx'), ['watch', '--clear-screen=false', path.join(root, 'server/src/server.ts')], { PORT: SERVER_PORT, NODE_ENV: 'development' });
run('host-app', bin('vite'), ['-c', path.join(root, 'host-app/vite.config.ts'), '--strictPort'], { NODE_ENV: 'development' });
run('widgets', process.execPath, [path.join(root, 'scripts/build-widgets.mjs'), '--watch']);

console.log(`
  门店管家 开发模式 (dev mode)
  主机应用 (host app, hot reload):  http://localhost:5173/login
  服务器 (server, built front end): http://localhost:${SERVER_PORT}
  演示账号 (demo login): admin / Garage@2026 — Ctrl+C 停止 (stops everything)
`);

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
