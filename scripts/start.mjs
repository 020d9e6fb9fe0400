// `npm start`: builds what is missing, starts the server (tsx), prints the URL and the demo logins.
// The server's JSON log lines are shown as short readable lines; set LOG_FORMAT=json to keep them raw.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.env.DIST_DIR || path.join(root, 'dist'));

if (!existsSync(path.join(dist, 'widgets')) || !existsSync(path.join(dist, 'host-app', 'index.html')) || !existsSync(path.join(dist, 'custom-elements.json'))) {
  console.log('前端尚未构建，正在构建 (building the front end: npm run build)…');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = process.env.PORT || '3200';
const dataDir = path.resolve(process.env.DATA_DIR || path.join(root, 'data'));
if (!process.env.DATABASE_URL && !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
  console.log(`首次启动：正在创建数据库并加载演示数据 (first start: creating the database in ${dataDir} and loading the demo chain, about 10 s)…`);
}

const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

// Development without an SMSC: a local one on loopback (tests/support/smsc-peer.ts) so 短信营销 sends,
// receives delivery receipts and opt-out replies end to end. Production must name its own (SMPP_*).
const smsEnv = {};
let smsc;
if (process.env.NODE_ENV !== 'production' && !process.env.SMPP_URL) {
  smsc = spawn(tsx, [path.join(root, 'tests', 'support', 'smsc-peer.ts')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env } });
  const url = await new Promise((resolve) => {
    createInterface({ input: smsc.stdout }).on('line', (line) => {
      const found = /SMSC listening on (\S+)/.exec(line)?.[1];
      if (found) resolve(found);
    });
    smsc.once('exit', () => resolve(''));
  });
  if (url) {
    Object.assign(smsEnv, { SMPP_URL: url, SMPP_SYSTEM_ID: 'garage', SMPP_PASSWORD: 'dev' });
    console.log(`本地短信中心 (local SMSC for development): ${url}`);
  }
}

const child = spawn(tsx, [path.join(root, 'server', 'src', 'server.ts')], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'inherit'],
  env: { ...process.env, ...smsEnv, PORT: port },
});

const raw = process.env.LOG_FORMAT === 'json';
let announced = false;
function announce() {
  if (announced) return;
  announced = true;
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
  process.exit(code ?? (signal ? 0 : 1));
});
