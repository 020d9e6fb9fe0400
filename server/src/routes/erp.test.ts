/**
 * ERP binding (系统设置 › ERP 对接): the spec's POST /api/erp/bind checks the account with the ERP
 * before storing anything and never keeps the password; bindings are per store and per chain,
 * need 设置中心, and each bind and unbind is in the audit log. Sync records its outcome, also a refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/database';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { DEVELOPMENT_ERP_PASSWORD, developmentErp, type ErpProvider } from '../providers/erp';
import { ApiError, Code } from '../http/envelope';

interface Binding { erpType: string; account: string; erpStoreName: string; boundBy: string; lastSyncAt: string | null; lastSyncResult: string; lastSyncCustomers: number }

let server: TestServer;
let admin: string;
let manager: string;
let otherChain: string;
/** The ERP answers a sync with this, or refuses when it is a string. */
let nextSync: { customers: number; orders: number } | string = { customers: 3, orders: 7 };

const erp: ErpProvider = {
  ...developmentErp(),
  name: 'test-erp',
  async sync() {
    if (typeof nextSync === 'string') throw new ApiError(Code.unavailable, nextSync);
    return nextSync;
  },
};

beforeAll(async () => {
  server = await startTestServer({ providers: { erp } });
  [admin, manager, otherChain] = await Promise.all([server.loginToken('admin'), server.loginToken('manager'), server.loginToken('hx-admin')]);
});
afterAll(() => server?.close());

const bindings = (token: string) => server.call<Binding[]>('GET', '/api/erp/bindings', { token });
const auditActions = async () =>
  (await server.db.rows<{ action: string; target_name: string }>(sql`SELECT action, target_name FROM audit_log WHERE target_type = 'erp' ORDER BY id`));

describe('binding', () => {
  it('binds after the ERP accepts the account, shows who bound it, keeps no password and writes the audit log', async () => {
    const bound = await server.call<Binding>('POST', '/api/erp/bind', { token: admin, body: { erpType: 'f6', account: 'antu-hq', password: DEVELOPMENT_ERP_PASSWORD, storeCode: 'HZ01' } });
    expect(bound).toMatchObject({ code: 0, data: { erpType: 'f6', account: 'antu-hq', boundBy: '陈总', lastSyncAt: null, lastSyncResult: '' } });
    expect(bound.data.erpStoreName).toContain('HZ01');
    expect((await bindings(admin)).data.map((binding) => binding.erpType)).toEqual(['f6']);
    expect(JSON.stringify(await server.db.rows(sql`SELECT * FROM erp_binding`))).not.toContain(DEVELOPMENT_ERP_PASSWORD);
    expect((await auditActions()).at(-1)).toEqual({ action: 'erp.bind', target_name: '安途汽车服务总部：F6 汽车科技（antu-hq）' });
  });

  it('refuses a password the ERP refuses, and bad input, in Chinese, storing nothing', async () => {
    const before = await server.db.rows(sql`SELECT * FROM erp_binding ORDER BY id`);
    expect(await server.call('POST', '/api/erp/bind', { token: admin, body: { erpType: 'yunxiu', account: 'x', password: 'wrong' } })).toMatchObject({ code: 400, msg: 'ERP 账号或密码不正确' });
    expect(await server.call('POST', '/api/erp/bind', { token: admin, body: { erpType: 'sap', account: 'x', password: 'y' } })).toMatchObject({ code: 400, msg: '不支持的 ERP 类型' });
    expect(await server.call('POST', '/api/erp/bind', { token: admin, body: { erpType: 'f6', account: 'x' } })).toMatchObject({ code: 400, msg: '请输入 ERP 密码' });
    expect(await server.db.rows(sql`SELECT * FROM erp_binding ORDER BY id`)).toEqual(before);
  });

  it('needs 设置中心 and never shows or touches another chain’s binding', async () => {
    expect((await bindings(manager)).code).toBe(403);
    expect((await server.call('POST', '/api/erp/bind', { token: manager, body: { erpType: 'f6', account: 'm', password: DEVELOPMENT_ERP_PASSWORD } })).code).toBe(403);
    expect((await bindings(otherChain)).data).toEqual([]);
    expect(await server.call('POST', '/api/erp/unbind', { token: otherChain, body: { erpType: 'f6' } })).toMatchObject({ code: 404, msg: '当前门店未绑定F6 汽车科技' });
    expect((await server.call('POST', '/api/erp/sync', { token: otherChain, body: { erpType: 'f6' } })).code).toBe(404);
    expect((await bindings(admin)).data).toHaveLength(1);
  });
});

describe('sync and unbinding', () => {
  it('records what a sync brought in, and a refusal with the ERP’s reason', async () => {
    nextSync = { customers: 3, orders: 7 };
    const synced = await server.call<Binding>('POST', '/api/erp/sync', { token: admin, body: { erpType: 'f6' } });
    expect(synced.data).toMatchObject({ lastSyncResult: 'ok', lastSyncCustomers: 3 });
    expect(synced.data.lastSyncAt).not.toBeNull();

    nextSync = 'ERP 接口维护中';
    expect(await server.call('POST', '/api/erp/sync', { token: admin, body: { erpType: 'f6' } })).toMatchObject({ code: 503, msg: 'ERP 接口维护中' });
    expect((await bindings(admin)).data[0]).toMatchObject({ lastSyncResult: 'ERP 接口维护中', lastSyncCustomers: 0 });
  });

  it('unbinds once, audited; a second unbind says there is nothing bound', async () => {
    expect(await server.call('POST', '/api/erp/unbind', { token: admin, body: { erpType: 'f6' } })).toMatchObject({ code: 0, data: { erpType: 'f6' } });
    expect((await bindings(admin)).data).toEqual([]);
    expect((await auditActions()).at(-1)?.action).toBe('erp.unbind');
    expect(await server.call('POST', '/api/erp/unbind', { token: admin, body: { erpType: 'f6' } })).toMatchObject({ code: 404, msg: '当前门店未绑定F6 汽车科技' });
  });
});
