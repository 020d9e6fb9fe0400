// `npm start`: builds what is missing and loads the demo chain on a first start (at the same time),
// bundles the server when its sources changed (scripts/bundle-server.mjs: node starts it without
// tsx), starts it, prints the URL and the demo logins.
// The server's JSON log lines are shown as short readable lines; set LOG_FORMAT=json to keep them raw.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { bundleServer, serverBundleStale, SERVER_BUNDLE_DIR } from './bundle-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.env.DIST_DIR || path.join(root, 'dist'));

const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const port = process.env.PORT || '3200';
const dataDir = path.resolve(process.env.DATA_DIR || path.join(root, 'data'));

/** A child process as a promise of its exit code; its output goes to ours, each line prefixed. */
function step(command, args, prefix) {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', (line) => console.log(`${prefix}${line}`));
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

// A first start builds the front end and loads the demo chain at the same time (two cores, two
// jobs), saying every 10 s what it still waits for; a later start does neither.
const pending = new Map();
const needsBuild = !existsSync(path.join(dist, 'widgets')) || !existsSync(path.join(dist, 'host-app', 'index.html')) || !existsSync(path.join(dist, 'custom-elements.json'));
if (needsBuild) {
  console.log('前端尚未构建，正在构建 (building the front end: npm run build)…');
  pending.set('构建前端 (build)', step(process.execPath, [path.join(root, 'scripts', 'build.mjs')], '  [构建] '));
}
if (!process.env.DATABASE_URL && !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
  console.log(`首次启动：正在创建数据库并加载演示数据 (first start: creating the database in ${dataDir} and loading the demo chain)…`);
  pending.set('演示数据 (demo data)', step(tsx, [path.join(root, 'server', 'src', 'prepare.ts')], '  [数据] '));
}
// ~1 s of esbuild, only when a source is newer than the bundle (a first start, a pull, an edit).
if (serverBundleStale()) {
  console.log('正在打包服务端 (bundling the server)…');
  pending.set('打包服务端 (server bundle)', bundleServer().then(() => 0, (error) => (console.error(error), 1)));
}
if (pending.size > 0) {
  const started = Date.now();
  const ticker = setInterval(() => {
    console.log(`… ${Math.round((Date.now() - started) / 1000)} s，仍在进行 (still working on): ${[...pending.keys()].join('、')}`);
  }, 10_000);
  const codes = await Promise.all(
    [...pending].map(([name, done]) =>
      done.then((code) => {
        pending.delete(name);
        return code;
      }),
    ),
  );
  clearInterval(ticker);
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
  console.log(`准备完成 (ready) in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** A free port on loopback, so the SMSC and the server can start at the same time. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
}

// Development without an SMSC: a local one on loopback (tests/support/smsc-peer.ts) so 短信营销 sends,
// receives delivery receipts and opt-out replies end to end. Production must name its own (SMPP_*).
// Its port is chosen now; it starts once the server listens (announce()), not competing with the
// server's start for the cores: the server binds when the SMSC is up (it reconnects until then).
const smsEnv = {};
let smsc;
let startSmsc;
if (process.env.NODE_ENV !== 'production' && !process.env.SMPP_URL) {
  const smscPort = await freePort();
  startSmsc = () => {
    smsc = spawn(process.execPath, [path.join(SERVER_BUNDLE_DIR, 'smsc-peer.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, SMSC_PORT: String(smscPort) } });
  };
  Object.assign(smsEnv, { SMPP_URL: `smpp://127.0.0.1:${smscPort}`, SMPP_SYSTEM_ID: 'garage', SMPP_PASSWORD: 'dev', SMPP_LOCAL_SMSC: '1' });
  console.log(`本地短信中心 (local SMSC for development): ${smsEnv.SMPP_URL}`);
}

// Development without a SIP server: the demo phone line (tests/kamailio/demo-phone.ts), the
// project's Kamailio on loopback and a demo callee answering every number; the server gives the
// demo staff their lines and bills from Kamailio's call events. Never installs Kamailio: says how.
const KAMAILIO_HINT = 'sudo apt-get install kamailio kamailio-websocket-modules kamailio-utils-modules';
const phoneEnv = {};
let demoPhone;
if (process.env.NODE_ENV !== 'production' && !process.env.SIP_WS_URL) {
  const secret = randomBytes(24).toString('hex');
  demoPhone = spawn(process.execPath, [path.join(SERVER_BUNDLE_DIR, 'demo-phone.mjs')], {
    cwd: root,
    // A line on its stdin starts the callee (a Chromium), once the server listens (announce()).
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, SIP_EVENTS_URL: `http://127.0.0.1:${port}/api/call/sip-events`, SIP_EVENTS_SECRET: secret },
  });
  createInterface({ input: demoPhone.stderr }).on('line', (line) => console.log(`  [电话] ${line}`));
  const first = await new Promise((resolve) => {
    createInterface({ input: demoPhone.stdout }).once('line', (line) => resolve(line));
    demoPhone.once('exit', () => resolve('{}'));
  });
  const line = JSON.parse(first);
  if (line.url) {
    Object.assign(phoneEnv, { SIP_WS_URL: line.url, SIP_EVENTS_SECRET: secret, SIP_DEMO_KAMAILIO_DIR: line.dir, SIP_DEMO_CALLEE: `${line.callee}:${line.calleeHa1}` });
    console.log(`演示电话线路 (demo phone line): Kamailio ${line.url}，拨打任意号码由演示被叫接听 (any number is answered by the demo callee)`);
  } else {
    phoneEnv.SIP_DEMO_KAMAILIO = 'missing';
    console.log(`网络电话演示需要 Kamailio (the demo phone line needs Kamailio): ${KAMAILIO_HINT}`);
  }
}

// Source maps: an error's stack names the TypeScript file and line, not the bundle's.
const child = spawn(process.execPath, ['--enable-source-maps', path.join(SERVER_BUNDLE_DIR, 'server.mjs')], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'inherit'],
  env: { ...process.env, ...smsEnv, ...phoneEnv, PORT: port },
});

const raw = process.env.LOG_FORMAT === 'json';
let announced = false;
function announce() {
  if (announced) return;
  announced = true;
  startSmsc?.();
  demoPhone?.stdin.write('listening\n');
  const url = `http://localhost:${port}`;
  if (process.env.NODE_ENV === 'production') {
    console.log(`\n  门店管家 Garage Suite 已启动 (running, production mode): ${url}\n`);
    return;
  }
  console.log(`
  门店管家 Garage Suite 已启动 (running): ${url}

  演示账号 (demo logins)      密码 (password)
  admin      总部管理员 (headquarters admin, all stores)    Garage@2026
  manager    城东店店长 (store manager, own store only)     Garage@2026
  frontdesk  城西店前台 (front desk)                        Garage@2026
  手机验证码登录 (phone login): 13800000001-3, 验证码打印在本日志中 (the code is printed in this log)
  企业微信 (WeCom, dev): ${url}/login?code=dev:wwantu0000demo01:AnTuChen
`);
}

createInterface({ input: child.stdout }).on('line', (line) => {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    console.log(line);
    return;
  }
  if (raw) console.log(line);
  else {
    const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);
    const level = entry.level >= 50 ? ' 错误' : entry.level >= 40 ? ' 警告' : '';
    const detail = entry.err?.message ? ` — ${entry.err.message}` : entry.req ? ` ${entry.req.method} ${entry.req.url}` : '';
    console.log(`[${time}]${level} ${entry.msg}${detail}`);
  }
  if (typeof entry.msg === 'string' && entry.msg.startsWith('Server listening')) announce();
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  smsc?.kill('SIGTERM');
  demoPhone?.kill('SIGTERM');
  process.exit(code ?? (signal ? 0 : 1));
});
