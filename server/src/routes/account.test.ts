/**
 * The session calls of spec section 7 as the client makes them: user info, admin check,
 * permissions, roles, stores, garage switching, module flags, import config, and the
 * envelope rules (encryption, Chinese errors, 404s, CORS).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/database';
import { IMPORT_LIMITS } from '../../../contracts/api/import';
import { startTestServer, type TestServer } from '../../../tests/support/server';

let server: TestServer;
let admin: string;
let manager: string;
let frontdesk: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager, frontdesk] = await Promise.all([server.loginToken('admin'), server.loginToken('manager'), server.loginToken('frontdesk')]);
});
afterAll(() => server?.close());

const storeCount = async (storeId: number) =>
  (await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM customer WHERE store_id = ${storeId}`))!.n;

describe('who am I', () => {
  it('answers user info in the spec’s shape', async () => {
    const info = await server.call<Record<string, unknown>>('GET', '/user/info', { token: manager });
    expect(info.data).toMatchObject({
      userId: 2,
      nickName: '李店长',
      phone: '13800000002',
      wechatUserId: 'AnTuLi',
      storeIds: '2',
      garageInfo: { id: 2, corpId: 'wwantu0000demo01', name: '城东店' },
      dataScope: 2,
      isAdmin: false,
    });
  });

  it('tells admins from staff, with their permissions and roles', async () => {
    expect((await server.call('GET', '/user/isAdmin', { token: admin })).data).toBe(true);
    expect((await server.call('GET', '/user/isAdmin', { token: frontdesk })).data).toBe(false);
    expect((await server.call('GET', '/sys/permission/user', { token: admin })).data).toEqual([-1]);
    expect((await server.call('GET', '/sys/permission/user', { token: frontdesk })).data).toEqual([11, 16]);
    expect((await server.call('GET', '/sys/role/user', { token: admin })).data).toEqual([{ code: 'garage_admin', name: '总部管理员', dataScope: 1 }]);
    expect((await server.call('GET', '/sys/role/user', { token: manager })).data).toEqual([{ code: 'store_manager', name: '门店店长', dataScope: 2 }]);
  });
});

describe('stores and garages', () => {
  it('lists the headquarters admin’s stores with customer counts, all selected', async () => {
    const stores = await server.call<{ code: string; name: string; count: number; selected: boolean }[]>('GET', '/client/count/store', { token: admin });
    expect(stores.data.map((store) => store.name)).toEqual(['城东店', '城西店', '滨江店']);
    expect(stores.data.map((store) => store.count)).toEqual([await storeCount(2), await storeCount(3), await storeCount(4)]);
    expect(stores.data.every((store) => store.selected)).toBe(true);
  });

  it('lets a user choose stores within their scope, shown as selected and in user info', async () => {
    const token = await server.loginToken('admin');
    expect((await server.call('PUT', '/user/store-ids', { token, query: { storeIds: '3,4' } })).data).toEqual({ storeIds: '3,4' });
    const stores = await server.call<{ code: string; selected: boolean }[]>('GET', '/client/count/store', { token });
    expect(stores.data.map((store) => [store.code, store.selected])).toEqual([['2', false], ['3', true], ['4', true]]);
    expect((await server.call<{ storeIds: string }>('GET', '/user/info', { token })).data.storeIds).toBe('3,4');
    expect(await server.call('PUT', '/user/store-ids', { token, query: { storeIds: 'x,1' } })).toMatchObject({ code: 400, msg: '门店格式不正确' });
    await server.call('PUT', '/user/store-ids', { token, query: { storeIds: '' } });
    expect((await server.call<{ storeIds: string }>('GET', '/user/info', { token })).data.storeIds).toBe('2,3,4');
  });

  it('switches the headquarters admin into a store and back; the store list follows', async () => {
    const token = await server.loginToken('admin');
    const list = await server.call<{ id: number; name: string; isHq: boolean; selected: boolean; isOldVersion: boolean }[]>('GET', '/garage/switchable-list', { token });
    expect(list.data.map((garage) => [garage.name, garage.isHq, garage.selected])).toEqual([
      ['安途汽车服务总部', true, true], ['城东店', false, false], ['城西店', false, false], ['滨江店', false, false],
    ]);
    expect(list.data.every((garage) => garage.isOldVersion === false)).toBe(true);
    expect((await server.call('PUT', '/garage/switch', { token, query: { garageId: 3 } })).code).toBe(0);
    const inStore = await server.call<{ name: string }[]>('GET', '/client/count/store', { token });
    expect(inStore.data.map((store) => store.name)).toEqual(['城西店']);
    expect((await server.call<{ garageInfo: { name: string } }>('GET', '/user/info', { token })).data.garageInfo.name).toBe('城西店');
    const selected = await server.call<{ id: number; selected: boolean }[]>('GET', '/garage/switchable-list', { token });
    expect(selected.data.find((garage) => garage.selected)?.id).toBe(3);
    await server.call('PUT', '/garage/switch', { token, query: { garageId: 1 } });
    expect((await server.call<unknown[]>('GET', '/client/count/store', { token })).data).toHaveLength(3);
    expect(await server.call('PUT', '/garage/switch', { token })).toMatchObject({ code: 400, msg: '请填写门店' });
  });

  it('marks a garage that still runs the old version, so the client can redirect', async () => {
    await server.db.run(sql`UPDATE garage SET is_old_version = true WHERE id = 4`);
    const list = await server.call<{ id: number; isOldVersion: boolean }[]>('GET', '/garage/switchable-list', { token: admin });
    expect(list.data.filter((garage) => garage.isOldVersion).map((garage) => garage.id)).toEqual([4]);
    await server.db.run(sql`UPDATE garage SET is_old_version = false WHERE id = 4`);
  });

  it('gives a store manager only their store', async () => {
    const list = await server.call<{ name: string }[]>('GET', '/garage/switchable-list', { token: manager });
    expect(list.data.map((garage) => garage.name)).toEqual(['城东店']);
    const stores = await server.call<{ name: string; count: number }[]>('GET', '/client/count/store', { token: manager });
    expect(stores.data).toEqual([{ code: '2', storeNo: 'S01', name: '城东店', count: await storeCount(2), selected: true }]);
  });
});

describe('garage module flags', () => {
  it('answers the display flags with defaults and lets the settings permission change them', async () => {
    const token = await server.loginToken('admin');
    expect((await server.call('GET', '/garageModule/one', { token })).data).toMatchObject({ isShowPrice: true, isShowDiagnostic: true, pageSize: 10 });
    expect((await server.call('PUT', '/garage/module/show-price', { token, query: { isShowPrice: false } })).data).toMatchObject({ isShowPrice: false });
    expect((await server.call('GET', '/garageModule/changeIsShowDiagnostic', { token, query: { isShowDiagnostic: 0 } })).data).toMatchObject({ isShowDiagnostic: false });
    expect((await server.call('GET', '/garageModule/one', { token })).data).toMatchObject({ isShowPrice: false, isShowDiagnostic: false });
    // Flags belong to the garage: the store next door keeps its own.
    expect((await server.call('GET', '/garageModule/one', { token: manager })).data).toMatchObject({ isShowPrice: true, isShowDiagnostic: true });
    await server.call('PUT', '/garage/module/show-price', { token, query: { isShowPrice: 'true' } });
  });

  it('refuses the flag changes to staff without the settings permission', async () => {
    expect(await server.call('PUT', '/garage/module/show-price', { token: manager, query: { isShowPrice: false } })).toMatchObject({ code: 403, msg: '没有权限执行此操作' });
    expect((await server.call('GET', '/garageModule/changeIsShowDiagnostic', { token: frontdesk, query: { isShowDiagnostic: false } })).code).toBe(403);
    expect((await server.call('GET', '/garageModule/one', { token: manager })).data).toMatchObject({ isShowPrice: true });
  });

  it('keeps the page size between 5 and 200', async () => {
    expect((await server.call('GET', '/garageModule/changePageSize', { token: frontdesk, query: { pageSize: 20 } })).data).toMatchObject({ pageSize: 20 });
    expect(await server.call('GET', '/garageModule/changePageSize', { token: frontdesk, query: { pageSize: 1000 } })).toMatchObject({ code: 400, msg: '每页条数不能超过 200' });
    expect(await server.call('GET', '/garageModule/changePageSize', { token: frontdesk, query: { pageSize: 'ten' } })).toMatchObject({ code: 400, msg: '每页条数必须是数字' });
  });

  it('lists the modules the chain has bought', async () => {
    const modules = await server.call<{ code: string; enabled: boolean }[]>('GET', '/garage/module', { token: admin });
    expect(modules.data.map((module) => module.code)).toEqual(['customer_analysis', 'diagnosis', 'insurance', 'insurance_analysis', 'insurance_quote', 'kpi', 'sms', 'web_phone', 'wecom']);
    expect(modules.data.every((module) => module.enabled)).toBe(true);
    const other = await server.call<{ code: string; enabled: boolean }[]>('GET', '/garage/module', { token: await server.loginToken('hx-manager') });
    expect(other.data.find((module) => module.code === 'web_phone')?.enabled).toBe(false);
  });
});

describe('import', () => {
  it('answers the import template for customers and potential customers', async () => {
    const config = await server.call<{ columns: { key: string; required: boolean }[]; maxRows: number }>('GET', '/client/import/task-config', { token: manager, query: { type: 'potential' } });
    expect(config.data.columns.filter((column) => column.required).map((column) => column.key)).toEqual(['name', 'mobile']);
    expect(config.data.maxRows).toBe(IMPORT_LIMITS.maxRows);
    expect((await server.call('GET', '/client/import/task-config', { token: frontdesk })).code).toBe(403);
  });
});

describe('envelope', () => {
  it('runs on the database the environment chose (TEST_DATABASE_URL → PostgreSQL)', () => {
    const expected = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
    expect(server.database).toBe(expected);
    expect(server.db.kind).toBe(expected);
  });

  it('answers unknown API paths with a 404 envelope, encrypted like every other answer', async () => {
    const answer = await server.call('GET', '/no/such/thing', { token: admin });
    expect(answer).toMatchObject({ status: 404, code: 404, msg: '接口不存在：GET /api/no/such/thing' });
    expect(answer.raw).not.toContain('接口');
  });

  it('answers a CORS preflight from a partner page and exposes the token header', async () => {
    const headers = { origin: 'https://partner.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'token' };
    const response = await fetch(`${server.url}/api/user/info`, { method: 'OPTIONS', headers });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(response.headers.get('access-control-allow-headers')).toContain('token');
    const call = await fetch(`${server.url}/api/user/info`, { headers: { origin: 'https://partner.example' } });
    expect(call.headers.get('access-control-expose-headers')).toBe('token');
  });

  it('lets a partner page load the widget bundles as ES modules (CORS on the public files)', async () => {
    const response = await fetch(`${server.url}/version.json`, { headers: { origin: 'https://partner.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const widget = await fetch(`${server.url}/widgets/no-such-widget.js`, { headers: { origin: 'https://partner.example' } });
    expect(widget.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves /version.json without caching', async () => {
    const response = await fetch(`${server.url}/version.json?t=${Date.now()}`);
    expect(response.headers.get('cache-control')).toContain('no-cache');
    expect(typeof ((await response.json()) as { VERSION_TIME: number }).VERSION_TIME).toBe('number');
  });
});
