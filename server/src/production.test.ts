/**
 * Production mode: what a server started with NODE_ENV=production refuses (default key, demo
 * passwords, development adapters) and what it does instead (no seed, no dev WeCom login, no
 * texts without a gateway). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase, sql } from './db/database';
import { hashPassword } from './auth/passwords';
import { ProductionRefusal } from './production';
import { adjustBalance, balanceOf, LedgerAdjustmentsOff } from './repositories/ledger';
import { developmentWecom } from './providers/wecom';
import { DEFAULT_CIPHER_KEY } from '../../contracts/cipher';
import { decryptText } from '../../widgets/core/crypto/cipher';
import { startTestServer, type TestServer } from '../../tests/support/server';

const OWN_KEY = 'k3y-of-this-garage-chain-2026-xx';
const dataDir = mkdtempSync(path.join(tmpdir(), 'garage-production-'));
const productionConfig = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'production', GARAGE_CIPHER_KEY: OWN_KEY, ...env }, { dataDir, jwtSecret: 'production-test-secret' });

let seeded: TestServer;
beforeAll(async () => {
  seeded = await startTestServer();
});
afterAll(async () => {
  await seeded?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function refusal(start: Promise<unknown>): Promise<ProductionRefusal> {
  const error = await start.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ProductionRefusal);
  return error as ProductionRefusal;
}

describe('production refuses to start', () => {
  it('on the published cipher key, saying in Chinese and English what to set', async () => {
    const error = await refusal(buildApp(productionConfig({ GARAGE_CIPHER_KEY: DEFAULT_CIPHER_KEY }), { database: seeded.db, logger: false }));
    expect(error.message).toContain('GARAGE_CIPHER_KEY');
    expect(error.message).toContain('应答加密密钥仍是公开的默认值');
    expect(error.message).toContain('is the published default');
  });

  it('while a demo account still has the demo password, naming each one', async () => {
    const error = await refusal(buildApp(productionConfig(), { database: seeded.db, logger: false }));
    for (const username of ['admin', 'manager', 'frontdesk', 'hx-admin']) expect(error.message).toContain(`演示账号 ${username} 仍在使用公开的演示密码`);
  });

  it('with a development adapter, even one handed in explicitly', async () => {
    const error = await refusal(buildApp(productionConfig(), { database: seeded.db, logger: false, providers: { wecom: developmentWecom() } }));
    expect(error.message).toContain('不能使用开发用适配器 wecom: development');
  });

  it('with a WeCom app missing its AgentId or the server\'s address, or WeCom reached over plain http', async () => {
    const error = await refusal(
      buildApp(productionConfig({ WECOM_CORP_ID: 'wwantu0000demo01', WECOM_SECRET: 'secret', WECOM_API_URL: 'http://127.0.0.1:9/cgi-bin' }), { database: seeded.db, logger: false }),
    );
    expect(error.message).toContain('缺少应用的 WECOM_AGENT_ID');
    expect(error.message).toContain('WECOM_API_URL 必须是 https 地址');
    expect(error.message).toContain('缺少本服务器的对外访问地址 PUBLIC_URL');
  });

  it('with a public address that is not https', async () => {
    const error = await refusal(buildApp(productionConfig({ PUBLIC_URL: 'http://garage.example.cn' }), { database: seeded.db, logger: false }));
    expect(error.message).toContain('PUBLIC_URL 必须是 https 地址');
  });

  it('keeps balance adjustments off unless LEDGER_ADJUSTMENTS says otherwise', async () => {
    expect(productionConfig().ledgerAdjustments).toBe(false);
    expect(productionConfig({ LEDGER_ADJUSTMENTS: 'on' }).ledgerAdjustments).toBe(true);
    expect(loadConfig({}, { dataDir, jwtSecret: 'x' }).ledgerAdjustments).toBe(true);
    const before = await balanceOf(seeded.db, 1, 'minutes');
    const adjustment = { chainId: 1, kind: 'minutes' as const, change: 1_000_000, by: '运维 张三', why: '补偿' };
    await expect(adjustBalance(seeded.db, adjustment, productionConfig().ledgerAdjustments)).rejects.toThrow(LedgerAdjustmentsOff);
    expect(await balanceOf(seeded.db, 1, 'minutes')).toBe(before);
  });

  it('on TRUST_PROXY=true, which believed anybody’s X-Forwarded-For; the proxies must be listed', () => {
    expect(() => productionConfig({ TRUST_PROXY: 'true' })).toThrow('TRUST_PROXY=true 会相信任何人伪造的 X-Forwarded-For：请列出反向代理的地址');
    expect(productionConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
    expect(productionConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
    // Outside production `true` is the proxy on this machine (npm run dev's Vite, a local nginx).
    expect(loadConfig({ TRUST_PROXY: 'true' }, { dataDir, jwtSecret: 'x' }).trustProxy).toEqual(['loopback']);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33,nginx' }, { dataDir, jwtSecret: 'x' })).toThrow('TRUST_PROXY 中有无效的地址：10.0.0.0/33, nginx');
  });

  it('has no demo phone line, whatever SIP_DEMO_* say', () => {
    const demo = { SIP_DEMO_KAMAILIO_DIR: dataDir, SIP_DEMO_CALLEE: 'demo-callee:0123456789abcdef0123456789abcdef' };
    expect(productionConfig(demo).sipDemo).toBeNull();
    expect(productionConfig({ SIP_DEMO_KAMAILIO: 'missing' }).sipDemo).toBeNull();
    expect(loadConfig(demo, { dataDir, jwtSecret: 'x' }).sipDemo).toEqual({ kamailioDir: dataDir, calleeUser: 'demo-callee', calleeHa1: '0123456789abcdef0123456789abcdef' });
  });

  it('never seeds, whatever SEED_ON_EMPTY says', () => {
    expect(productionConfig({ SEED_ON_EMPTY: '1' }).seedOnEmpty).toBe(false);
    expect(loadConfig({ SEED_ON_EMPTY: '1' }, { dataDir, jwtSecret: 'x' }).seedOnEmpty).toBe(true);
  });
});

/** An answer of a production server: encrypted with the chain's own key (yj-test is ignored there). */
const answerOf = (body: string) => JSON.parse(decryptText(body, OWN_KEY)) as { code: number; msg: string; data: Record<string, unknown> };

describe('a production server', () => {
  it('starts on an empty database without seeding, and refuses the development WeCom and SMS doors', async () => {
    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'empty') });
    const app = await buildApp(productionConfig(), { database: db, logger: false });
    try {
      expect((await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM garage`))?.n).toBe(0);
      const wecom = await app.inject({ method: 'GET', url: '/api/qy/qy-login?code=dev:wwantu0000demo01:AnTuChen' });
      expect(answerOf(wecom.body)).toMatchObject({ code: 503, msg: '企业微信登录尚未配置，请使用账号密码登录' });
      expect(wecom.headers.token).toBeUndefined();
    } finally {
      await app.close();
      await db.close();
    }
    // Migrating a fresh embedded database takes most of this test; a loaded machine takes longer.
  }, 120_000);

  it('runs on the seeded chain once every demo password is changed, and sends no login code without a gateway', async () => {
    const hash = await hashPassword('Changed-Before-Launch-7');
    await seeded.db.run(sql`UPDATE app_user SET password_hash = ${hash}`);
    const app = await buildApp(productionConfig({ SIP_WS_URL: 'wss://sip.example.cn/webrtc' }), { database: seeded.db, logger: false });
    try {
      // Pages may open secure WebSockets only (the SIP server), never plain ws:.
      const csp = String((await app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self' data: wss: wss://sip.example.cn;");
      expect(csp).not.toMatch(/\bws:/);
      const code = await app.inject({ method: 'POST', url: '/api/user/phone-code', payload: { phone: '13800000001' } });
      expect(answerOf(code.body)).toMatchObject({ code: 503, msg: '短信通道尚未配置，请使用账号密码登录或联系管理员' });
      expect((await seeded.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sms_outbox`))?.n).toBe(0);
      const login = await app.inject({ method: 'POST', url: '/api/user/username-token', payload: { username: 'admin', password: 'Changed-Before-Launch-7' } });
      expect(login.headers.token).toBeTruthy();
      // Answers are encrypted with the chain's own key, which is what the build bakes in.
      expect(answerOf(login.body)).toMatchObject({ code: 0, msg: 'ok', data: { userId: 1 } });
      expect(() => JSON.parse(decryptText(login.body, DEFAULT_CIPHER_KEY))).toThrow();

      // Minutes come only from the mall: no admin adds or sets them, the chain's nor a store's.
      const token = String(login.headers.token);
      const adminRole = (await seeded.db.one<{ id: number }>(sql`SELECT id FROM role WHERE chain_id = 1 AND code = 'admin'`))!.id;
      const made = await app.inject({ method: 'POST', url: '/api/authority/staff', headers: { token }, payload: { username: 'prod-east-admin', nickName: '东店管理员', roleIds: [adminRole], storeIds: [2] } });
      expect(answerOf(made.body)).toMatchObject({ code: 0 });
      const storeLogin = await app.inject({ method: 'POST', url: '/api/user/username-token', payload: { username: 'prod-east-admin', password: answerOf(made.body).data.oneTimePassword } });
      expect(storeLogin.headers.token).toBeTruthy();
      const before = await balanceOf(seeded.db, 1, 'minutes');
      for (const who of [token, String(storeLogin.headers.token)]) {
        for (const payload of [{ addMinutes: 1_000_000 }, { minutes: 1_000_000 }]) {
          const topUp = await app.inject({ method: 'PUT', url: '/api/call/balance', headers: { token: who }, payload });
          expect(answerOf(topUp.body)).toMatchObject({ code: 404, msg: '接口不存在：PUT /api/call/balance' });
        }
      }
      expect(await balanceOf(seeded.db, 1, 'minutes')).toBe(before);
    } finally {
      await app.close();
    }
  });

  it('has no development doors: no API documentation, no plain answers, no address taken from the Host header', async () => {
    // The passwords were changed by the test above. An old build's dist/ may still hold an API document.
    const distDir = mkdtempSync(path.join(tmpdir(), 'garage-production-dist-'));
    writeFileSync(path.join(distDir, 'openapi.json'), '{"openapi":"3.0.3"}');
    const open = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
    const signIn = async (app: FastifyInstance) =>
      String((await app.inject({ method: 'POST', url: '/api/user/username-token', payload: { username: 'admin', password: 'Changed-Before-Launch-7' } })).headers.token);

    const closed = await buildApp(productionConfig({ DIST_DIR: distDir }), { database: seeded.db, logger: false });
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/dist/openapi.json']) expect((await open(closed, url)).statusCode, url).toBe(404);
      // The WeCom client played in a browser (/sidebar/dev) does not exist: no page, no frame, no stand-in `wx`.
      for (const url of ['/sidebar/dev', '/sidebar/dev?chat=wmDemoContact001', '/sidebar/dev/frame?chat=wmDemoContact001', '/sidebar/dev/wecom-client.js', '/sidebar/dev/calls.js']) {
        const answer = await open(closed, url);
        expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
        expect(answer.body).not.toMatch(/wx|iframe/);
      }
      expect((await open(closed, '/sidebar')).body).not.toContain('/sidebar/dev');
      const token = await signIn(closed);
      // yj-test is ignored: the answer is encrypted like any other.
      const info = await open(closed, '/api/user/info?yj-test=1', { token });
      expect(() => JSON.parse(info.body)).toThrow();
      expect(answerOf(info.body)).toMatchObject({ code: 0, data: { username: 'admin' } });
      // Without PUBLIC_URL the sidebar's address is missing, said so, and never made from the request.
      const overview = answerOf((await open(closed, '/api/wecom-contact/overview', { token, host: 'attacker.example' })).body);
      expect(overview.data).toMatchObject({ sidebarUrl: '', configured: false });
      expect(overview.data.missing).toContain('服务器尚未配置对外访问地址（环境变量 PUBLIC_URL），无法生成侧边栏地址');
    } finally {
      await closed.close();
    }

    const opened = await buildApp(productionConfig({ DIST_DIR: distDir, OPENAPI_PUBLIC: 'true', PUBLIC_URL: 'https://garage.example.cn/' }), { database: seeded.db, logger: false });
    try {
      expect((await open(opened, '/api/docs/json')).json().paths['/api/user/info']).toBeDefined();
      expect((await open(opened, '/dist/openapi.json')).json()).toEqual((await open(opened, '/api/docs/json')).json());
      const overview = answerOf((await open(opened, '/api/wecom-contact/overview', { token: await signIn(opened), host: 'attacker.example' })).body);
      expect(overview.data.sidebarUrl).toBe('https://garage.example.cn/sidebar');
    } finally {
      await opened.close();
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});
