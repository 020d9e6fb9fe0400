/**
 * Tenancy and data scope through the API: two chains (安途 with stores 2-4, 华星 with stores 6-7)
 * and staff of every data scope try to read and write outside what they may see. Each attempt
 * must be refused or come back empty, and nothing may change in the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from './db/database';
import { TenantScope } from './repositories/scope';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { DEVELOPMENT_ERP_PASSWORD } from './providers/erp';

let server: TestServer;
const tokens: Record<string, string> = {};

/** Garages (1 and 5 are headquarters) and the stores each user may see. */
const users = {
  admin: { chain: 1, garages: [1, 2, 3, 4], stores: [2, 3, 4] },
  manager: { chain: 1, garages: [2], stores: [2] },
  frontdesk: { chain: 1, garages: [3], stores: [3] },
  'hx-admin': { chain: 2, garages: [5, 6, 7], stores: [6, 7] },
  'hx-manager': { chain: 2, garages: [6], stores: [6] },
} as const;
type Username = keyof typeof users;
const ALL_GARAGES = [1, 2, 3, 4, 5, 6, 7];
const ALL_STORES = [1, 2, 3, 4, 5, 6, 7]; // headquarters are never stores either

let snapshot: string;
const state = async () =>
  JSON.stringify(await server.db.rows(sql`SELECT id, current_garage_id, selected_store_ids FROM app_user ORDER BY id`)) +
  JSON.stringify(await server.db.rows(sql`SELECT * FROM garage_setting ORDER BY garage_id`)) +
  JSON.stringify(await server.db.rows(sql`SELECT count(*) AS n FROM erp_binding`));

beforeAll(async () => {
  server = await startTestServer();
  for (const name of Object.keys(users)) tokens[name] = await server.loginToken(name);
  snapshot = await state();
});
afterAll(() => server?.close());

const attempts: { user: Username; what: string; run: () => Promise<boolean> }[] = [];
for (const [user, allowed] of Object.entries(users) as [Username, (typeof users)[Username]][]) {
  for (const garageId of ALL_GARAGES.filter((id) => !(allowed.garages as readonly number[]).includes(id))) {
    attempts.push({
      user,
      what: `switch into garage ${garageId}`,
      run: async () => {
        const answer = await server.call('PUT', '/garage/switch', { token: tokens[user], query: { garageId } });
        return answer.code === 403 && answer.msg === '无权切换到该门店';
      },
    });
  }
  for (const storeId of ALL_STORES.filter((id) => !(allowed.stores as readonly number[]).includes(id))) {
    attempts.push({
      user,
      what: `select store ${storeId}`,
      run: async () => {
        const answer = await server.call('PUT', '/user/store-ids', { token: tokens[user], query: { storeIds: `${allowed.stores[0]},${storeId}` } });
        return answer.code === 403 && answer.msg === '无权查看所选门店';
      },
    });
  }
}

describe('cross-tenant and out-of-scope attempts', () => {
  it(`refuses all ${attempts.length} of them and changes nothing`, async () => {
    expect(attempts.length).toBeGreaterThanOrEqual(50);
    const failed: string[] = [];
    for (const attempt of attempts) if (!(await attempt.run())) failed.push(`${attempt.user}: ${attempt.what}`);
    expect(failed).toEqual([]);
    expect(await state()).toBe(snapshot);
  });

  it.each(Object.entries(users))('%s reads only their own chain’s stores, customers, garages and modules', async (user, allowed) => {
    const token = tokens[user];
    const stores = await server.call<{ code: string; count: number }[]>('GET', '/client/count/store', { token });
    expect(stores.data.map((store) => Number(store.code))).toEqual(allowed.stores);
    for (const store of stores.data) {
      const real = await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM customer WHERE store_id = ${Number(store.code)} AND chain_id = ${allowed.chain}`);
      expect(store.count).toBe(real!.n);
    }
    const garages = await server.call<{ id: number }[]>('GET', '/garage/switchable-list', { token });
    expect(garages.data.map((garage) => garage.id)).toEqual(allowed.garages);
    const info = await server.call<{ garageInfo: { corpId: string } }>('GET', '/user/info', { token });
    expect(info.data.garageInfo.corpId).toBe(allowed.chain === 1 ? 'wwantu0000demo01' : 'wwhuaxing000demo');
  });

  it('keeps a token bound to its own user: nobody reads another user’s info or permissions', async () => {
    for (const [user, token] of Object.entries(tokens)) {
      const info = await server.call<{ username: string }>('GET', '/user/info', { token, query: { userId: 1, username: 'admin' } });
      expect(info.data.username).toBe(user);
    }
    expect((await server.call('GET', '/sys/permission/user', { token: tokens['hx-manager'], query: { userId: 1 } })).data).not.toContain(-1);
  });

  it('writes settings and bindings only into the caller’s own garage', async () => {
    await server.call('GET', '/garageModule/changePageSize', { token: tokens['hx-manager'], query: { pageSize: 50, garageId: 2 } });
    await server.call('POST', '/api/erp/bind', { token: tokens['hx-admin'], body: { erpType: 'f6', account: 'hx', password: DEVELOPMENT_ERP_PASSWORD, garageId: 1 } });
    expect((await server.db.one<{ page_size: number }>(sql`SELECT page_size FROM garage_setting WHERE garage_id = 2`))!.page_size).toBe(10);
    expect((await server.db.one<{ page_size: number }>(sql`SELECT page_size FROM garage_setting WHERE garage_id = 6`))!.page_size).toBe(50);
    expect(await server.db.rows(sql`SELECT chain_id, garage_id FROM erp_binding`)).toEqual([{ chain_id: 2, garage_id: 5 }]);
  });

  it('keeps a store manager inside their store even with a forged store filter (repository helper)', async () => {
    const context = await server.call<{ storeIds: string }>('GET', '/user/info', { token: tokens.manager });
    expect(context.data.storeIds).toBe('2');
    const scope = new TenantScope({
      userId: 2, chainId: 1, username: 'manager', nickName: '', phone: '', wechatUserId: '',
      garage: { id: 2, code: 'S01', name: '城东店', corpId: '', isHq: false },
      roles: [], permissions: [], isAdmin: false, dataScope: 2,
      accessibleStoreIds: [2], visibleStoreIds: [2], selectedStoreIds: [2], tokenId: '', tokenExpiresAt: 0, mustChangePassword: false,
    });
    const forged = await server.db.rows<{ store_id: number }>(sql`SELECT DISTINCT store_id FROM customer c WHERE ${scope.storeRowsIn('c', [3, 6, 7])}`);
    expect(forged).toEqual([]);
    const own = await server.db.rows<{ store_id: number }>(sql`SELECT DISTINCT store_id FROM vehicle v WHERE ${scope.storeRows('v')}`);
    expect(own).toEqual([{ store_id: 2 }]);
    expect(() => scope.requireStore(6)).toThrow('无权操作该门店的数据');
  });
});
