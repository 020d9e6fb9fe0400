/**
 * 权限管理 over real HTTP: every authority rule of contracts/rules/authority.ts, the escalation
 * attempts a store admin or another chain would try, version conflicts and a concurrent lock-out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type { staffList } from '../../../contracts/api/authority';
import { AUTHORITY_MESSAGES as MSG } from '../../../contracts/rules/authority';
import { Permission } from '../../../contracts/permissions';
import { startTestServer, type TestServer } from '../../../tests/support/server';

type StaffList = AnswerOf<typeof staffList>;

let server: TestServer;
let admin: string;
let hxAdmin: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, hxAdmin] = await Promise.all([server.loginToken('admin'), server.loginToken('hx-admin')]);
});
afterAll(() => server?.close());

const list = async (token: string) => {
  const answer = await server.call<StaffList>('GET', '/authority/staff', { token });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
};
const roleId = async (token: string, code: string) => (await list(token)).roles.find((role) => role.code === code)!.id;
const staffNamed = async (token: string, username: string) => (await list(token)).staff.find((person) => person.username === username)!;

async function createStaff(token: string, body: Record<string, unknown>) {
  return server.call<{ id: number; oneTimePassword: string }>('POST', '/authority/staff', { token, body });
}

/** A store admin of 城东店 (store 2), made by the headquarters admin. */
async function storeAdmin(username: string): Promise<{ token: string; id: number }> {
  const made = await createStaff(admin, { username, nickName: '东店管理员', roleIds: [await roleId(admin, 'admin')], storeIds: [2] });
  expect(made.code, made.msg).toBe(0);
  return { token: await server.firstLogin(username, made.data.oneTimePassword), id: made.data.id };
}

describe('who may manage authority', () => {
  it('refuses every authority call to staff who are not admins, in Chinese', async () => {
    const manager = await server.loginToken('manager');
    for (const [method, path] of [['GET', '/authority/staff'], ['GET', '/authority/audit'], ['POST', '/authority/role'], ['POST', '/authority/staff/unlock']] as const) {
      const answer = await server.call(method, path, { token: manager, ...(method === 'GET' ? {} : { body: { id: 1, name: '越权', dataScope: 1, permissionIds: [] } }) });
      expect(answer.code, path).toBe(403);
      expect(answer.msg).toMatch(/管理员/);
    }
  });

  it('lists the chain’s staff, roles with Chinese names and stores to a headquarters admin, and nothing of the other chain', async () => {
    const data = await list(admin);
    expect(data.staff.map((person) => person.username)).toEqual(expect.arrayContaining(['admin', 'manager', 'frontdesk']));
    expect(data.staff.some((person) => person.username.startsWith('hx-'))).toBe(false);
    expect(data.roles.map((role) => role.name)).toEqual(expect.arrayContaining(['总部管理员', '门店管理员', '门店店长', '前台接待']));
    expect(data.roles.filter((role) => role.builtIn).map((role) => role.code).sort()).toEqual(['admin', 'garage_admin']);
    expect(data.stores.map((store) => store.name)).toEqual(['城东店', '城西店', '滨江店']);
  });
});

describe('a custom role and the account that holds it', () => {
  it('gives a new account exactly its role’s permissions, enforced by the server, and follows a role change at once', async () => {
    const role = await server.call<{ id: number }>('POST', '/authority/role', {
      token: admin,
      body: { name: '客服专员', dataScope: 2, permissionIds: [Permission.smsMarketing] },
    });
    expect(role.code, role.msg).toBe(0);
    const made = await createStaff(admin, { username: 'kefu01', nickName: '赵客服', phone: '13800000088', roleIds: [role.data.id], storeIds: [3] });
    expect(made.code, made.msg).toBe(0);
    expect(made.data.oneTimePassword).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{10}$/);

    expect((await staffNamed(admin, 'kefu01')).mustChangePassword).toBe(true);
    // Until the one-time password is changed, the account answers nothing but that (below).
    const token = await server.firstLogin('kefu01', made.data.oneTimePassword);
    expect((await server.call('GET', '/sys/permission/user', { token })).data).toEqual([Permission.smsMarketing]);
    // 客户导入 (5) is not theirs: the server refuses, not only the menu.
    expect((await server.call('GET', '/client/import/task-config', { token, query: { type: 'customer' } })).code).toBe(403);
    expect((await staffNamed(admin, 'kefu01')).mustChangePassword).toBe(false);

    const current = (await list(admin)).roles.find((each) => each.id === role.data.id)!;
    const updated = await server.call('PUT', '/authority/role', {
      token: admin,
      body: { id: role.data.id, version: current.version, name: '客服专员', dataScope: 2, permissionIds: [Permission.smsMarketing, Permission.customerImport] },
    });
    expect(updated.code, updated.msg).toBe(0);
    expect((await server.call('GET', '/sys/permission/user', { token })).data).toEqual([Permission.customerImport, Permission.smsMarketing]);
    expect((await server.call('GET', '/client/import/task-config', { token, query: { type: 'customer' } })).code).toBe(0);
  });

  it('refuses to delete a role in use and to touch the built-in ones', async () => {
    const data = await list(admin);
    const used = data.roles.find((role) => role.code === 'front_desk')!;
    const deleted = await server.call('DELETE', '/authority/role', { token: admin, query: { id: used.id, version: used.version } });
    expect(deleted.code).toBe(409);
    expect(deleted.msg).toBe(MSG.roleInUse(used.staffCount));
    const builtIn = data.roles.find((role) => role.code === 'garage_admin')!;
    const edited = await server.call('PUT', '/authority/role', { token: admin, body: { id: builtIn.id, version: builtIn.version, name: '改名', dataScope: 2, permissionIds: [] } });
    expect(edited.msg).toBe(MSG.builtInRole);
  });

  it('answers bad input with Chinese field names and creates nothing', async () => {
    const before = (await list(admin)).staff.length;
    const bad = await createStaff(admin, { username: '1x', nickName: '', roleIds: [], storeIds: ['abc'] });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/登录名|姓名|角色|所属门店/);
    expect(bad.msg).not.toMatch(/roleIds|storeIds|username/);
    const noStore = await createStaff(admin, { username: 'nostore', nickName: '无门店', roleIds: [await roleId(admin, 'front_desk')], storeIds: [] });
    expect(noStore.msg).toBe(MSG.noStore);
    const taken = await createStaff(admin, { username: 'MANAGER', nickName: '重名', roleIds: [await roleId(admin, 'front_desk')], storeIds: [2] });
    expect(taken.code).toBe(409);
    expect((await list(admin)).staff.length).toBe(before);
  });
});

describe('a store admin cannot escalate', () => {
  it('sees only their stores’ staff, cannot make admins, grant all stores, other stores or roles', async () => {
    const { token } = await storeAdmin('dongdian-admin');
    const visible = (await list(token)).staff.map((person) => person.username).sort();
    expect(visible).toEqual(['dongdian-admin', 'manager']);
    expect((await list(token)).stores.map((store) => store.name)).toEqual(['城东店']);

    const adminRole = await roleId(admin, 'admin');
    const hqRole = await roleId(admin, 'garage_admin');
    const deskRole = await roleId(admin, 'front_desk');
    expect((await createStaff(token, { username: 'sneaky1', nickName: '甲', roleIds: [adminRole], storeIds: [2] })).msg).toBe(MSG.noAdminByStoreAdmin);
    expect((await createStaff(token, { username: 'sneaky2', nickName: '乙', roleIds: [hqRole], storeIds: [2] })).msg).toBe(MSG.noAdminByStoreAdmin);
    expect((await createStaff(token, { username: 'sneaky3', nickName: '丙', roleIds: [deskRole], storeIds: [2, 3] })).msg).toBe(MSG.storeOutside);
    expect((await server.call('POST', '/authority/role', { token, body: { name: '我的角色', dataScope: 1, permissionIds: [] } })).msg).toBe(MSG.rolesChainWide);

    // 王小雨 works in 城西店: to this admin she does not exist, whatever is tried.
    const frontdesk = await staffNamed(admin, 'frontdesk');
    const moved = await server.call('PUT', '/authority/staff', {
      token, body: { id: frontdesk.id, version: frontdesk.version, nickName: '王小雨', roleIds: [deskRole], storeIds: [2] },
    });
    expect(moved.code).toBe(404);
    expect((await server.call('POST', '/authority/staff/reset-password', { token, body: { id: frontdesk.id, version: frontdesk.version } })).code).toBe(404);
    expect((await staffNamed(admin, 'frontdesk')).storeIds).toEqual([3]);

    // Within their store they may hire front-desk staff.
    expect((await createStaff(token, { username: 'dongdian-desk', nickName: '东店前台', roleIds: [deskRole], storeIds: [2] })).code).toBe(0);
  });
});

describe('the other chain', () => {
  it('cannot see, change or reuse anything of 安途', async () => {
    const frontdesk = await staffNamed(admin, 'frontdesk');
    const deskRole = await roleId(admin, 'front_desk');
    expect((await server.call('PUT', '/authority/staff/enabled', { token: hxAdmin, body: { id: frontdesk.id, version: frontdesk.version, enabled: false } })).code).toBe(404);
    expect((await server.call('POST', '/authority/staff/unlock', { token: hxAdmin, body: { id: frontdesk.id } })).code).toBe(404);
    const hxDesk = await roleId(hxAdmin, 'front_desk');
    expect((await createStaff(hxAdmin, { username: 'hx-x1', nickName: '跨链', roleIds: [deskRole], storeIds: [6] })).code).toBe(404);
    expect((await createStaff(hxAdmin, { username: 'hx-x2', nickName: '跨链', roleIds: [hxDesk], storeIds: [2] })).msg).toBe(MSG.storeOutside);
    const anTuRole = (await list(admin)).roles.find((role) => role.code === 'store_manager')!;
    expect((await server.call('PUT', '/authority/role', { token: hxAdmin, body: { id: anTuRole.id, version: anTuRole.version, name: '偷改', dataScope: 1, permissionIds: [] } })).code).toBe(404);
    expect((await staffNamed(admin, 'frontdesk')).enabled).toBe(true);
    const audit = await server.call<{ entries: { targetName: string }[] }>('GET', '/authority/audit', { token: hxAdmin });
    expect(audit.data.entries.some((entry) => /王小雨|kefu01|客服/.test(entry.targetName))).toBe(false);
  });
});

describe('nobody is locked out', () => {
  it('refuses an admin disabling themselves or dropping their own admin role', async () => {
    const me = await staffNamed(hxAdmin, 'hx-admin');
    const disabled = await server.call('PUT', '/authority/staff/enabled', { token: hxAdmin, body: { id: me.id, version: me.version, enabled: false } });
    expect(disabled.msg).toBe(MSG.notYourself);
    const demoted = await server.call('PUT', '/authority/staff', {
      token: hxAdmin, body: { id: me.id, version: me.version, nickName: '周总', roleIds: [await roleId(hxAdmin, 'store_manager')], storeIds: [6] },
    });
    expect(demoted.msg).toBe(MSG.notYourself);
    expect((await staffNamed(hxAdmin, 'hx-admin')).isAdmin).toBe(true);
  });

  it('keeps one admin when two admins disable each other at the same moment', async () => {
    const second = await createStaff(hxAdmin, { username: 'hx-admin2', nickName: '郑总', roleIds: [await roleId(hxAdmin, 'garage_admin')], storeIds: [] });
    expect(second.code, second.msg).toBe(0);
    const secondToken = await server.firstLogin('hx-admin2', second.data.oneTimePassword);
    const [first, other] = [await staffNamed(hxAdmin, 'hx-admin'), await staffNamed(hxAdmin, 'hx-admin2')];
    const answers = await Promise.all([
      server.call('PUT', '/authority/staff/enabled', { token: hxAdmin, body: { id: other.id, version: other.version, enabled: false } }),
      server.call('PUT', '/authority/staff/enabled', { token: secondToken, body: { id: first.id, version: first.version, enabled: false } }),
    ]);
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    const staff = (await server.call<StaffList>('GET', '/authority/staff', { token: answers[0].code === 0 ? hxAdmin : secondToken })).data.staff;
    expect(staff.filter((person) => person.isAdmin && person.enabled)).toHaveLength(1);
  });
});

describe('accounts', () => {
  it('refuses a stale edit with 已被他人修改 and keeps the first one', async () => {
    const manager = await staffNamed(admin, 'manager');
    const managerRole = await roleId(admin, 'store_manager');
    const edit = (nickName: string) =>
      server.call('PUT', '/authority/staff', { token: admin, body: { id: manager.id, version: manager.version, nickName, phone: manager.phone, roleIds: [managerRole], storeIds: [2] } });
    expect((await edit('李店长（东店）')).code).toBe(0);
    const late = await edit('李某');
    expect(late.code).toBe(409);
    expect(late.msg).toBe(MSG.changedByOthers);
    expect((await staffNamed(admin, 'manager')).nickName).toBe('李店长（东店）');
  });

  it('disables an account at once: its open session ends and it cannot log in', async () => {
    const made = await createStaff(admin, { username: 'leaver', nickName: '离职员工', roleIds: [await roleId(admin, 'front_desk')], storeIds: [4] });
    const token = await server.loginToken('leaver', made.data.oneTimePassword);
    const person = await staffNamed(admin, 'leaver');
    expect((await server.call('PUT', '/authority/staff/enabled', { token: admin, body: { id: person.id, version: person.version, enabled: false } })).code).toBe(0);
    expect((await server.call('GET', '/user/info', { token })).code).toBe(-2);
    const login = await server.call('POST', '/user/username-token', { body: { username: 'leaver', password: made.data.oneTimePassword } });
    expect(login.code).not.toBe(0);
  });

  it('unlocks a login locked by wrong passwords, and resets a password to a one-time one', async () => {
    for (let i = 0; i < 5; i++) await server.call('POST', '/user/username-token', { body: { username: 'frontdesk', password: 'wrong-password-1' } });
    expect((await server.call('POST', '/user/username-token', { body: { username: 'frontdesk', password: 'Garage@2026' } })).code).toBe(429);
    const locked = await staffNamed(admin, 'frontdesk');
    expect(locked.locked).toBe(true);
    expect((await server.call('POST', '/authority/staff/unlock', { token: admin, body: { id: locked.id } })).code).toBe(0);
    expect((await staffNamed(admin, 'frontdesk')).locked).toBe(false);
    const old = await server.loginToken('frontdesk');

    const reset = await server.call<{ oneTimePassword: string }>('POST', '/authority/staff/reset-password', { token: admin, body: { id: locked.id, version: locked.version } });
    expect(reset.code, reset.msg).toBe(0);
    expect((await server.call('GET', '/user/info', { token: old })).code).toBe(-2);
    await server.loginToken('frontdesk', reset.data.oneTimePassword);
    expect((await staffNamed(admin, 'frontdesk')).mustChangePassword).toBe(true);
  });

  it('answers a one-time password account nothing but changing it, signing out and who it is, until it is changed', async () => {
    const made = await createStaff(admin, { username: 'newbie01', nickName: '新员工', roleIds: [await roleId(admin, 'garage_admin')], storeIds: [] });
    expect(made.code, made.msg).toBe(0);
    const token = await server.loginToken('newbie01', made.data.oneTimePassword);
    // An admin's account: every customer of the chain would be one call away.
    const calls = [['POST', '/client/list'], ['GET', '/authority/staff'], ['GET', '/sys/permission/user'], ['POST', '/sms/template'], ['GET', '/help/articles']] as const;
    const refusals = await Promise.all(calls.map(([method, path]) => server.call(method, path, { token })));
    refusals.forEach((refusal, i) => expect(refusal, calls[i]!.join(' ')).toMatchObject({ code: 428, msg: '您正在使用管理员设置的一次性密码，请先修改为自己的密码', data: null }));
    expect((await server.call('POST', '/client/list', { token, host: '/wecom', body: {} })).code).toBe(428);
    const info = await server.call<{ nickName: string; mustChangePassword: boolean }>('GET', '/user/info', { token });
    expect(info.data).toMatchObject({ nickName: '新员工', mustChangePassword: true });

    const changed = await server.call('POST', '/user/pwd/update', { token, body: { oldPassword: made.data.oneTimePassword, newPassword: 'Newbie-pass-77' } });
    expect(changed.code, changed.msg).toBe(0);
    const own = changed.headers.get('token')!;
    const customers = await server.call<{ total: number }>('POST', '/client/list', { token: own, body: {} });
    expect(customers.code, customers.msg).toBe(0);
    expect(customers.data.total).toBeGreaterThan(0);
    expect((await server.call('GET', '/user/info', { token: own })).data).toMatchObject({ mustChangePassword: false });

    // A reset makes an existing account answer only that again; signing out still works.
    const person = await staffNamed(admin, 'newbie01');
    const reset = await server.call<{ oneTimePassword: string }>('POST', '/authority/staff/reset-password', { token: admin, body: { id: person.id, version: person.version } });
    const again = await server.loginToken('newbie01', reset.data.oneTimePassword);
    expect((await server.call('POST', '/client/list', { token: again, body: {} })).code).toBe(428);
    expect((await server.call('POST', '/user/logout', { token: again })).code).toBe(0);
  });
});

describe('the audit log', () => {
  it('records who changed what from where, readable by admins only, store admins their stores’ entries only', async () => {
    const log = await server.call<{ total: number; entries: { actorName: string; action: string; targetName: string; address: string }[] }>('GET', '/authority/audit', { token: admin });
    expect(log.code).toBe(0);
    const actions = log.data.entries.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['staff.create', 'role.create', 'role.update', 'staff.disable', 'staff.unlock', 'staff.resetPassword']));
    const created = log.data.entries.find((entry) => entry.action === 'staff.create' && entry.targetName.includes('kefu01'))!;
    expect(created.actorName).toBe('陈总');
    expect(created.address).toMatch(/127\.0\.0\.1/);

    const { token } = await storeAdmin('dongdian-admin2');
    const own = await server.call<{ entries: { targetName: string }[] }>('GET', '/authority/audit', { token });
    expect(own.data.entries.length).toBeGreaterThan(0);
    expect(own.data.entries.some((entry) => entry.targetName.includes('kefu01'))).toBe(false); // 城西店
    // No call edits or deletes the log.
    expect((await server.call('DELETE', '/authority/audit', { token: admin })).code).toBe(404);
  });
});
