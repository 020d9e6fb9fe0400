/**
 * 门店基础信息 over real HTTP: who may edit which store (both chains, a store-level admin, staff who
 * are not admins), bad input in Chinese that changes nothing, concurrent edits, adding a store,
 * closing one (selectors, logins bound to it, sessions in it, its customers) and moving customers
 * all or none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type { storeProfiles } from '../../../contracts/api/store';
import { STORE_MESSAGES as MSG, creditCodeCheck } from '../../../contracts/rules/store';
import { sql } from '../db/database';
import { OWN_PASSWORD, startTestServer, type TestServer } from '../../../tests/support/server';

type Profiles = AnswerOf<typeof storeProfiles>;
type Profile = Profiles['stores'][number];

let server: TestServer;
let admin: string;
let hxAdmin: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, hxAdmin] = await Promise.all([server.loginToken('admin'), server.loginToken('hx-admin')]);
});
afterAll(() => server?.close());

const profiles = async (token: string) => {
  const answer = await server.call<Profiles>('GET', '/store/profiles', { token });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
};
const profile = async (token: string, name: string) => (await profiles(token)).stores.find((store) => store.name === name)!;

/** The fields a form sends, from a listed profile. */
const fieldsOf = (store: Profile) => ({
  name: store.name, shortName: store.shortName, province: store.province, city: store.city, district: store.district,
  address: store.address, phone: store.phone, opensAt: store.opensAt, closesAt: store.closesAt, bays: store.bays,
  licenceNo: store.licenceNo, openedOn: store.openedOn ?? '',
});
const save = (token: string, store: Profile, change: Record<string, unknown>) =>
  server.call<{ version: number }>('PUT', '/store', { token, body: { id: store.id, version: store.version, ...fieldsOf(store), ...change } });

const validLicence = (first17: string) => first17 + creditCodeCheck(first17);
const NEW_STORE = {
  name: '萧山店', shortName: '萧山', province: '浙江省', city: '杭州市', district: '萧山区', address: '市心中路 1001 号',
  phone: '0571-82601234', opensAt: '08:00', closesAt: '20:00', bays: 8, licenceNo: validLicence('91330109MA2KXH001'), openedOn: '2026-12-01',
};

async function staffWithOneTimePassword(username: string, roleCode: string, storeIds: number[]) {
  const list = await server.call<{ roles: { id: number; code: string }[] }>('GET', '/authority/staff', { token: admin });
  const roleId = list.data.roles.find((role) => role.code === roleCode)!.id;
  const made = await server.call<{ id: number; oneTimePassword: string }>('POST', '/authority/staff', {
    token: admin, body: { username, nickName: username, roleIds: [roleId], storeIds },
  });
  expect(made.code, made.msg).toBe(0);
  return { id: made.data.id, password: made.data.oneTimePassword };
}

const storeNames = async (token: string) =>
  (await server.call<{ name: string }[]>('GET', '/client/count/store', { token })).data.map((store) => store.name);

describe('who may see and edit store profiles', () => {
  it('lists headquarters and every store of the own chain only, with the seeded profile', async () => {
    const mine = await profiles(admin);
    expect(mine.mayManage).toBe(true);
    expect(mine.stores.map((store) => store.name)).toEqual(['安途汽车服务总部', '城东店', '城西店', '滨江店']);
    const east = mine.stores[1];
    expect(east).toMatchObject({ province: '浙江省', city: '杭州市', district: '上城区', address: '艮山东路 88 号', closed: false, editable: true });
    expect(east.customerCount).toBeGreaterThan(0);
    expect(east.storeOnlyStaff.map((person) => person.username)).toEqual(['manager']);
    const theirs = await profiles(hxAdmin);
    expect(theirs.stores.map((store) => store.name)).toEqual(['华星汽车服务总部', '园区店', '吴中店']);
  });

  it('refuses staff who are not admins, in Chinese', async () => {
    const manager = await server.loginToken('manager');
    expect((await server.call('GET', '/store/profiles', { token: manager })).code).toBe(403);
    const east = await profile(admin, '城东店');
    const refused = await save(manager, east, { name: '越权改名' });
    expect(refused.code).toBe(403);
    expect(refused.msg).toMatch(/管理员/);
    expect((await server.call('POST', '/store', { token: manager, body: NEW_STORE })).code).toBe(403);
    expect((await profile(admin, '城东店')).version).toBe(east.version);
  });

  it('keeps the chains apart: another chain’s store reads 门店不存在 and stays as it was', async () => {
    const park = await profile(hxAdmin, '园区店');
    const answer = await save(admin, park, { name: '被改名' });
    expect(answer).toMatchObject({ code: 404, msg: MSG.notFound });
    const close = await server.call('POST', '/store/close', { token: admin, body: { id: park.id, version: park.version } });
    expect(close.code).toBe(404);
    expect((await profile(hxAdmin, '园区店')).version).toBe(park.version);
  });

  it('lets a store-level admin edit their own store only, and nothing chain-wide', async () => {
    const east = await profile(admin, '城东店');
    const west = await profile(admin, '城西店');
    const hq = await profile(admin, '安途汽车服务总部');
    const made = await staffWithOneTimePassword('east-admin', 'admin', [east.id]);
    const token = await server.firstLogin('east-admin', made.password);

    const seen = await profiles(token);
    expect(seen.mayManage).toBe(false);
    expect(seen.stores.map((store) => store.name)).toEqual(['城东店']);

    const own = await save(token, east, { phone: '0571-86001111', bays: 12 });
    expect(own.code, own.msg).toBe(0);
    expect(await profile(admin, '城东店')).toMatchObject({ phone: '0571-86001111', bays: 12, version: own.data.version });

    expect(await save(token, west, { name: '城西旗舰店' })).toMatchObject({ code: 404, msg: MSG.notFound });
    expect(await save(token, hq, { name: '总部改名' })).toMatchObject({ code: 403, msg: MSG.headquartersChainWide });
    expect(await server.call('POST', '/store', { token, body: NEW_STORE })).toMatchObject({ code: 403, msg: MSG.chainWideOnly });
    const close = await server.call('POST', '/store/close', { token, body: { id: east.id, version: own.data.version } });
    expect(close).toMatchObject({ code: 403, msg: MSG.chainWideOnly });
    expect((await profile(admin, '城西店')).name).toBe('城西店');
  });
});

describe('bad input', () => {
  it('answers each malformed field in Chinese and changes nothing', async () => {
    const west = await profile(admin, '城西店');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ licenceNo: `${west.licenceNo.slice(0, 17)}${west.licenceNo[17] === '0' ? '1' : '0'}` }, /营业执照号校验位不正确/],
      [{ licenceNo: '12345' }, /营业执照号应为 ?18 位统一社会信用代码/],
      [{ licenceNo: '91330106MA2OOOOOOO' }, /营业执照号含有无效字符/],
      [{ phone: '12345' }, /门店电话应为/],
      [{ province: '杭州省' }, /不支持的省份/],
      [{ name: '   ' }, /请填写门店名称/],
      [{ name: '店'.repeat(31) }, /门店名称不能超过 30 个字/],
      [{ bays: -1 }, /工位数不能小于 0/],
      [{ bays: 'many' }, /工位数/],
      [{ opensAt: '25:00' }, /开始营业时间应为 时:分/],
      [{ opensAt: '20:00', closesAt: '08:00' }, /结束营业时间应晚于开始营业时间/],
      [{ openedOn: '2026-02-30' }, /开业日期不是有效的日期/],
      [{ city: '' }, /请填写城市/],
      [{ version: 'x' }, /版本号/],
    ];
    for (const [change, message] of cases) {
      const answer = await save(admin, west, change);
      expect(answer.code, JSON.stringify(change)).toBe(400);
      expect(answer.msg, JSON.stringify(change)).toMatch(message);
    }
    expect(await profile(admin, '城西店')).toEqual(west);
  });

  it('accepts a licence typed in lower case with spaces, and a closing time of 24:00', async () => {
    const west = await profile(admin, '城西店');
    const spaced = west.licenceNo.toLowerCase().replace(/(.{6})/g, '$1 ');
    const answer = await save(admin, west, { licenceNo: spaced, opensAt: '00:00', closesAt: '24:00' });
    expect(answer.code, answer.msg).toBe(0);
    expect(await profile(admin, '城西店')).toMatchObject({ licenceNo: west.licenceNo, closesAt: '24:00' });
  });
});

describe('concurrent edits', () => {
  it('lets one of two saves of the same version through and answers the other 已被他人修改', async () => {
    const west = await profile(admin, '城西店');
    const second = await server.loginToken('admin');
    const answers = await Promise.all([save(admin, west, { bays: 20 }), save(second, west, { bays: 30 })]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, 409]);
    expect(answers.find((answer) => answer.code === 409)!.msg).toBe(MSG.changedByOthers);
    const after = await profile(admin, '城西店');
    expect(after.bays).toBe(answers[0].code === 0 ? 20 : 30);
    expect(after.version).toBe(west.version + 1);
    // A save from a form opened before the last change is refused too.
    expect(await save(admin, west, { bays: 40 })).toMatchObject({ code: 409, msg: MSG.changedByOthers });
  });
});

describe('adding, closing and moving', () => {
  it('adds a store that appears in the store selector and garage switcher at once', async () => {
    const added = await server.call<{ id: number; code: string }>('POST', '/store', { token: admin, body: NEW_STORE });
    expect(added.code, added.msg).toBe(0);
    expect(added.data.code).toBe('S04');
    expect(await storeNames(admin)).toContain('萧山店');
    const garages = await server.call<{ name: string }[]>('GET', '/garage/switchable-list', { token: admin });
    expect(garages.data.map((garage) => garage.name)).toContain('萧山店');
    expect(await profile(admin, '萧山店')).toMatchObject({ ...NEW_STORE, closed: false, customerCount: 0 });
    // One name per open store of a chain; the other chain may have its own 萧山店.
    expect(await server.call('POST', '/store', { token: admin, body: NEW_STORE })).toMatchObject({ code: 409, msg: MSG.nameTaken });
    expect((await server.call('POST', '/store', { token: hxAdmin, body: NEW_STORE })).code).toBe(0);
  });

  it('closes a store: gone from selectors, customers moved, its own logins disabled, sessions in it back at headquarters', async () => {
    const binjiang = await profile(admin, '滨江店');
    const west = await profile(admin, '城西店');
    const only = await staffWithOneTimePassword('binjiang01', 'front_desk', [binjiang.id]);
    const both = await staffWithOneTimePassword('roamer01', 'front_desk', [west.id, binjiang.id]);
    const onlyToken = await server.firstLogin('binjiang01', only.password);
    // A second headquarters admin working inside 滨江店 when it closes.
    const inside = await staffWithOneTimePassword('hq-second', 'garage_admin', []);
    const insideToken = await server.firstLogin('hq-second', inside.password);
    expect((await server.call('PUT', '/garage/switch', { token: insideToken, body: { garageId: binjiang.id } })).code).toBe(0);
    const before = await profile(admin, '滨江店');
    // The demo's own 滨江店 front desk (周杰) and the new hire: both work in that store only.
    expect(before.storeOnlyStaff.map((person) => person.username)).toEqual(['binjiang', 'binjiang01']);

    const closed = await server.call<{ movedCustomers: number; disabledStaff: number }>('POST', '/store/close', {
      token: admin, body: { id: binjiang.id, version: before.version, toStoreId: west.id },
    });
    expect(closed.code, closed.msg).toBe(0);
    expect(closed.data).toMatchObject({ movedCustomers: binjiang.customerCount, disabledStaff: 2 });

    expect(await storeNames(admin)).not.toContain('滨江店');
    expect(await profile(admin, '滨江店')).toMatchObject({ closed: true, customerCount: 0 });
    expect((await profile(admin, '城西店')).customerCount).toBe(west.customerCount + binjiang.customerCount);
    const info = await server.call<{ garageInfo: { isHq: boolean } }>('GET', '/user/info', { token: insideToken });
    expect(info.data.garageInfo.isHq).toBe(true);
    const switchable = await server.call<{ name: string }[]>('GET', '/garage/switchable-list', { token: insideToken });
    expect(switchable.data.map((garage) => garage.name)).not.toContain('滨江店');

    // The login bound only to 滨江店 ends; the one with another store keeps that store.
    expect((await server.call('GET', '/user/info', { token: onlyToken })).code).not.toBe(0);
    await expect(server.loginToken('binjiang01', OWN_PASSWORD)).rejects.toThrow();
    const roamer = await server.firstLogin('roamer01', both.password);
    expect(await storeNames(roamer)).toEqual(['城西店']);

    // History stays: the moved customers' visits at 滨江店 still read 滨江店.
    const visit = await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM maintenance_record WHERE store_id = ${binjiang.id}`);
    expect(visit!.n).toBeGreaterThan(0);

    const log = await server.call<{ entries: { action: string; targetName: string }[] }>('GET', '/authority/audit', { token: admin });
    expect(log.data.entries.slice(0, 2).map((entry) => entry.action).sort()).toEqual(['store.close', 'store.moveCustomers']);
  });

  it('moves a closed store’s customers all or none', async () => {
    const east = await profile(admin, '城东店');
    const west = await profile(admin, '城西店');
    const closed = await server.call('POST', '/store/close', { token: admin, body: { id: east.id, version: east.version } });
    expect(closed.code, closed.msg).toBe(0);
    const count = (storeId: number, table: 'customer' | 'vehicle') =>
      server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE store_id = ${storeId}`).then((row) => row!.n);
    const customers = await count(east.id, 'customer');
    const vehicles = await count(east.id, 'vehicle');
    expect(customers).toBe(east.customerCount);

    // Not into a closed store, not into itself, not from an open store.
    const binjiang = await profile(admin, '滨江店');
    for (const body of [{ fromStoreId: east.id, toStoreId: binjiang.id }, { fromStoreId: east.id, toStoreId: east.id }]) {
      expect(await server.call('POST', '/store/move-customers', { token: admin, body })).toMatchObject({ code: 400, msg: MSG.targetInvalid });
    }
    expect(await server.call('POST', '/store/move-customers', { token: admin, body: { fromStoreId: west.id, toStoreId: east.id } })).toMatchObject({ code: 400, msg: MSG.notClosed });

    // A failure half-way (the last customer cannot be written) leaves every customer and vehicle where it was.
    const last = await server.db.one<{ id: number }>(sql`SELECT max(id) AS id FROM customer WHERE store_id = ${east.id}`);
    await server.db.run(sql.raw(`CREATE FUNCTION refuse_last_customer() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.id = ${last!.id} THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$`));
    await server.db.run(sql.raw('CREATE TRIGGER refuse_last_customer BEFORE UPDATE ON customer FOR EACH ROW EXECUTE FUNCTION refuse_last_customer()'));
    const failed = await server.call('POST', '/store/move-customers', { token: admin, body: { fromStoreId: east.id, toStoreId: west.id } });
    expect(failed.code).not.toBe(0);
    expect([await count(east.id, 'customer'), await count(east.id, 'vehicle')]).toEqual([customers, vehicles]);
    await server.db.run(sql.raw('DROP TRIGGER refuse_last_customer ON customer'));
    await server.db.run(sql.raw('DROP FUNCTION refuse_last_customer()'));

    const moved = await server.call<{ movedCustomers: number }>('POST', '/store/move-customers', { token: admin, body: { fromStoreId: east.id, toStoreId: west.id } });
    expect(moved.code, moved.msg).toBe(0);
    expect(moved.data.movedCustomers).toBe(customers);
    expect([await count(east.id, 'customer'), await count(east.id, 'vehicle')]).toEqual([0, 0]);
  });

  it('refuses to close the last open store, also when two closes race, and headquarters never closes', async () => {
    const [park, wuzhong, xiaoshan] = await Promise.all(['园区店', '吴中店', '萧山店'].map((name) => profile(hxAdmin, name)));
    const closeAll = await Promise.all([park, wuzhong, xiaoshan].map((store) =>
      server.call('POST', '/store/close', { token: hxAdmin, body: { id: store.id, version: store.version } })));
    expect(closeAll.filter((answer) => answer.code === 0)).toHaveLength(2);
    expect(closeAll.find((answer) => answer.code !== 0)).toMatchObject({ code: 403, msg: MSG.lastOpenStore });
    expect(await storeNames(hxAdmin)).toHaveLength(1);

    const hq = await profile(hxAdmin, '华星汽车服务总部');
    expect(await server.call('POST', '/store/close', { token: hxAdmin, body: { id: hq.id, version: hq.version } })).toMatchObject({ code: 403, msg: MSG.headquartersNotClosable });

    // Reopening brings a store back into the selector.
    const again = await profile(hxAdmin, '吴中店');
    const reopened = again.closed ? again : await profile(hxAdmin, '园区店');
    expect((await server.call('POST', '/store/reopen', { token: hxAdmin, body: { id: reopened.id, version: reopened.version } })).code).toBe(0);
    expect(await storeNames(hxAdmin)).toContain(reopened.name);
  });
});
