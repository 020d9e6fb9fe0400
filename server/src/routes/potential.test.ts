/**
 * 潜在客户 over real HTTP on the demo data: the list within each chain and data scope, typing a
 * lead in, follow-ups and 无效, bulk assignment (owner must work in the lead's store), 转为客户 and
 * the conversion of leads whose mobile or plate becomes a customer — with the history kept.
 * Bad input answers in Chinese, never 500; stale versions answer 「已被他人修改」.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type { followUps, potentialList } from '../../../contracts/api/potential';
import { POTENTIAL_MESSAGES as MSG } from '../../../contracts/rules/potential';
import { sql } from '../db/database';
import { convertMatchingLeads } from '../repositories/potential';
import { startTestServer, type TestServer } from '../../../tests/support/server';

type List = AnswerOf<typeof potentialList>;
type History = AnswerOf<typeof followUps>;

let server: TestServer;
let admin: string;
let manager: string;
let frontdesk: string;
let hxAdmin: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager, frontdesk, hxAdmin] = await Promise.all(['admin', 'manager', 'frontdesk', 'hx-admin'].map((name) => server.loginToken(name)));
});
afterAll(() => server?.close());

const list = async (token: string, query: Record<string, string | number | boolean> = {}) => {
  const answer = await server.call<List>('GET', '/potential/list', { token, query: { pageSize: 100, ...query } });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
};
const create = (token: string, body: Record<string, unknown>) => server.call<{ id: number }>('POST', '/potential', { token, body });
const lead = async (token: string, id: number) => (await list(token, { pageSize: 100 })).rows.find((row) => row.id === id);
const history = async (token: string, id: number) => {
  const answer = await server.call<History>('GET', '/potential/follow-ups', { token, query: { id } });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data.entries;
};
let mobileCounter = 0;
/** A mobile number no demo customer or lead has (199 000 0xxxx is not in the seed's number plan). */
const freshMobile = () => `1990000${String(++mobileCounter).padStart(4, '0')}`;
const userId = async (username: string) => (await server.db.one<{ id: number }>(sql`SELECT id FROM app_user WHERE username = ${username}`))!.id;

describe('the list', () => {
  it('shows each chain its own leads, and a store manager only their store', async () => {
    const all = await list(admin);
    expect(all.total).toBeGreaterThan(20);
    expect(new Set(all.rows.map((row) => row.storeName))).toEqual(new Set(['城东店', '城西店', '滨江店']));
    expect(Object.keys(all.counts).sort()).toEqual(['following', 'invalid', 'pending', 'visited']);
    expect(all.staff.map((person) => person.name)).toContain('李店长');
    expect(all.staff.map((person) => person.name)).not.toContain('周总');
    expect(all.canEdit).toBe(true);

    const east = await list(manager);
    expect(east.total).toBeGreaterThan(0);
    expect(east.total).toBeLessThan(all.total);
    expect(east.rows.every((row) => row.storeName === '城东店')).toBe(true);

    const other = await list(hxAdmin);
    expect(other.total).toBeGreaterThan(0);
    expect(other.rows.some((row) => all.rows.some((mine) => mine.id === row.id))).toBe(false);
    // Reading is open like the customer list; changing needs 客户导入.
    expect((await list(frontdesk)).canEdit).toBe(false);
  });

  it('filters by status, owner, keyword and due follow-ups', async () => {
    const all = await list(admin);
    const following = await list(admin, { status: 'following' });
    expect(following.total).toBe(all.counts.following);
    expect(following.rows.every((row) => row.status === 'following')).toBe(true);

    const unassigned = await list(admin, { ownerId: 0 });
    expect(unassigned.rows.every((row) => row.ownerId === null)).toBe(true);

    const someone = all.rows.find((row) => row.mobile.length === 11)!;
    const found = await list(admin, { keyword: someone.mobile.slice(-6) });
    expect(found.rows.map((row) => row.id)).toContain(someone.id);

    const due = await list(admin, { due: true });
    expect(due.total).toBe(all.due);
    expect(due.rows.every((row) => row.nextFollowUp !== null && row.nextFollowUp <= all.today && ['pending', 'following'].includes(row.status))).toBe(true);
  });

  it('refuses malformed filters in Chinese', async () => {
    const answer = await server.call('GET', '/potential/list', { token: admin, query: { status: 'lost', pageSize: 9999 } });
    expect(answer.status).toBe(200);
    expect(answer.code).toBe(400);
    expect(answer.msg).toMatch(/跟进状态|每页条数/);
  });
});

describe('typing a lead in and editing it', () => {
  it('creates a lead in the caller store, refuses other stores, other permissions and duplicates', async () => {
    const mobile = freshMobile();
    const made = await create(manager, { name: ' 孙 先生 ', mobile, plate: '浙a·8k3d2', source: '抖音', intent: '小保养', nextFollowUp: '2026-12-01' });
    expect(made.code, made.msg).toBe(0);
    const row = (await lead(manager, made.data.id))!;
    expect(row).toMatchObject({ name: '孙 先生', mobile, plate: '浙A8K3D2', status: 'pending', storeName: '城东店', nextFollowUp: '2026-12-01' });

    expect((await create(manager, { name: '越权', mobile: freshMobile(), storeId: 3 })).msg).toBe('无权操作该门店的数据');
    const noRight = await create(frontdesk, { name: '前台', mobile: freshMobile() });
    expect(noRight.code).toBe(403);
    const again = await create(admin, { name: '重复', mobile, storeId: 4 });
    expect(again.code).toBe(409);
    expect(again.msg).toBe(MSG.alreadyLead('待跟进'));
    const customer = (await server.db.one<{ mobile: string }>(sql`SELECT mobile FROM customer WHERE chain_id = 1 AND store_id = 2 LIMIT 1`))!;
    expect((await create(manager, { name: '老客', mobile: customer.mobile })).msg).toBe(MSG.alreadyCustomer);
  });

  it('answers bad input in Chinese and stores nothing', async () => {
    const before = (await list(admin)).total;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '', mobile: '' }, /姓名和手机号至少填写一项/],
      [{ name: '钱', mobile: '12345' }, /手机号/],
      [{ name: '钱', plate: '浙O12345' }, /车牌号/],
      [{ name: '钱', nextFollowUp: '2026-02-30' }, /下次跟进日期/],
      [{ name: 'x'.repeat(33) }, /姓名不能超过 32 个字/],
      [{ name: '钱', ownerId: 'abc' }, /负责人/],
      [{ name: '钱', remark: '\u0000' }, /备注/],
    ];
    for (const [body, message] of cases) {
      const answer = await create(admin, { storeId: 2, ...body });
      expect(answer.status).toBe(200);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toMatch(message);
    }
    expect((await list(admin)).total).toBe(before);
  });

  it('refuses the second of two edits made from the same version', async () => {
    const made = await create(admin, { storeId: 3, name: '周女士', mobile: freshMobile() });
    const row = (await lead(admin, made.data.id))!;
    const edit = (remark: string) => server.call<{ version: number }>('PUT', '/potential', { token: admin, body: { id: row.id, version: row.version, name: row.name, mobile: row.mobile, remark } });
    const [first, second] = await Promise.all([edit('第一次'), edit('第二次')]);
    const codes = [first.code, second.code].sort();
    expect(codes).toEqual([0, 409]);
    expect([first, second].find((answer) => answer.code === 409)!.msg).toBe('已被他人修改，请刷新后再试');
    const after = (await lead(admin, row.id))!;
    expect(['第一次', '第二次']).toContain(after.remark);
    expect(after.version).toBe(row.version + 1);
  });

  it('keeps the number on file when an edit leaves it out, and clears it when sent empty', async () => {
    const mobile = freshMobile();
    const made = await create(admin, { storeId: 2, name: '钱先生', mobile, plate: '浙A2B3C4' });
    let row = (await lead(admin, made.data.id))!;
    const kept = await server.call<{ version: number }>('PUT', '/potential', { token: admin, body: { id: row.id, version: row.version, name: '钱先生', plate: '浙A2B3C4', intent: '大保养' } });
    expect(kept.code, kept.msg).toBe(0);
    row = (await lead(admin, row.id))!;
    expect(row).toMatchObject({ mobile, intent: '大保养' });
    const cleared = await server.call('PUT', '/potential', { token: admin, body: { id: row.id, version: row.version, name: '钱先生', mobile: '', plate: '浙A2B3C4' } });
    expect(cleared.code, cleared.msg).toBe(0);
    expect((await lead(admin, row.id))!.mobile).toBe('');
  });

  it('does not let another chain or another store see or change a lead', async () => {
    const made = await create(admin, { storeId: 3, name: '吴先生', mobile: freshMobile() });
    const row = (await lead(admin, made.data.id))!;
    expect((await server.call('GET', '/potential/follow-ups', { token: hxAdmin, query: { id: row.id } })).code).toBe(404);
    expect((await server.call('GET', '/potential/follow-ups', { token: manager, query: { id: row.id } })).code).toBe(404);
    const forged = await server.call('POST', '/potential/follow-up', { token: manager, body: { id: row.id, version: row.version, note: '越权', status: 'following' } });
    expect(forged.code).toBe(404);
    const foreign = await server.call('POST', '/potential/convert', { token: hxAdmin, body: { id: row.id, version: row.version } });
    expect(foreign.code).toBe(404);
    expect((await lead(admin, row.id))!.version).toBe(row.version);
  });
});

describe('follow-ups', () => {
  it('records a follow-up with the new status and next day, newest first, and audits the status change', async () => {
    const made = await create(manager, { name: '郑先生', mobile: freshMobile() });
    let row = (await lead(manager, made.data.id))!;
    const followed = await server.call<{ version: number }>('POST', '/potential/follow-up', {
      token: manager, body: { id: row.id, version: row.version, note: '电话联系，约周六到店', status: 'following', nextFollowUp: '2026-12-05' },
    });
    expect(followed.code, followed.msg).toBe(0);
    row = (await lead(manager, row.id))!;
    expect(row).toMatchObject({ status: 'following', nextFollowUp: '2026-12-05', lastNote: '电话联系，约周六到店' });
    const entries = await history(manager, row.id);
    expect(entries.map((entry) => entry.note)).toEqual(['电话联系，约周六到店', '新增潜在客户']);
    expect(entries[0]).toMatchObject({ status: 'following', userName: '李店长' });

    const audit = await server.call<{ entries: { action: string; targetName: string }[] }>('GET', '/authority/audit', { token: admin });
    expect(audit.data.entries.some((entry) => entry.action === 'potential.status' && entry.targetName === '郑先生')).toBe(true);
  });

  it('lets an owner without 客户导入 follow up their own leads, and no others', async () => {
    const mine = (await create(admin, { storeId: 3, name: '韩先生', mobile: freshMobile(), ownerId: await userId('frontdesk') })).data.id;
    const notMine = (await create(admin, { storeId: 3, name: '杨女士', mobile: freshMobile() })).data.id;
    const followed = await server.call('POST', '/potential/follow-up', { token: frontdesk, body: { id: mine, version: (await lead(frontdesk, mine))!.version, note: '已加微信', status: 'following' } });
    expect(followed.code, followed.msg).toBe(0);
    expect((await history(frontdesk, mine))[0]).toMatchObject({ note: '已加微信', userName: '王小雨' });
    const refused = await server.call('POST', '/potential/follow-up', { token: frontdesk, body: { id: notMine, version: (await lead(frontdesk, notMine))!.version, note: '越权', status: 'following' } });
    expect(refused.code).toBe(403);
    expect(refused.msg).toBe(MSG.notYours);
    expect((await history(admin, notMine)).map((entry) => entry.note)).toEqual(['新增潜在客户']);
    // Assigning stays with 客户导入.
    expect((await server.call('POST', '/potential/assign', { token: frontdesk, body: { ids: [notMine], ownerId: await userId('frontdesk') } })).code).toBe(403);
  });

  it('marks a lead 无效 only with a reason', async () => {
    const made = await create(admin, { storeId: 4, name: '冯先生', mobile: freshMobile() });
    const row = (await lead(admin, made.data.id))!;
    const noReason = await server.call('POST', '/potential/follow-up', { token: admin, body: { id: row.id, version: row.version, note: ' ', status: 'invalid' } });
    expect(noReason.msg).toBe(MSG.invalidNeedsReason);
    const empty = await server.call('POST', '/potential/invalid', { token: admin, body: { id: row.id, version: row.version, reason: '' } });
    expect(empty.msg).toBe('请填写无效原因');
    const invalid = await server.call('POST', '/potential/invalid', { token: admin, body: { id: row.id, version: row.version, reason: '空号' } });
    expect(invalid.code, invalid.msg).toBe(0);
    expect((await lead(admin, row.id))!).toMatchObject({ status: 'invalid', nextFollowUp: null });
    expect((await history(admin, row.id))[0]).toMatchObject({ status: 'invalid', note: '空号' });
  });
});

describe('bulk assignment', () => {
  it('assigns leads to staff of their store, and refuses staff of another store or chain', async () => {
    const ids = [];
    for (const name of ['甲', '乙']) ids.push((await create(admin, { storeId: 2, name, mobile: freshMobile() })).data.id);
    const west = (await create(admin, { storeId: 3, name: '丙', mobile: freshMobile() })).data.id;
    const managerId = await userId('manager');

    const assigned = await server.call<{ assigned: number }>('POST', '/potential/assign', { token: admin, body: { ids, ownerId: managerId } });
    expect(assigned.code, assigned.msg).toBe(0);
    expect(assigned.data.assigned).toBe(2);
    expect((await list(admin, { ownerId: managerId })).rows.map((row) => row.id)).toEqual(expect.arrayContaining(ids));

    // 李店长 works at 城东店 only: a 城西店 lead cannot be his, and nothing of the batch changes.
    const mixed = await server.call('POST', '/potential/assign', { token: admin, body: { ids: [ids[0], west], ownerId: await userId('frontdesk') } });
    expect(mixed.msg).toBe(MSG.ownerNotStaff);
    expect((await lead(admin, ids[0]))!.ownerName).toBe('李店长');

    const foreign = await server.call('POST', '/potential/assign', { token: admin, body: { ids, ownerId: await userId('hx-manager') } });
    expect(foreign.code).toBe(400);
    expect(foreign.msg).toBe(MSG.ownerNotStaff);
    // Another chain cannot assign this chain's leads, even to its own staff.
    expect((await server.call('POST', '/potential/assign', { token: hxAdmin, body: { ids, ownerId: await userId('hx-admin') } })).code).toBe(404);
    expect((await server.call('POST', '/potential/assign', { token: admin, body: { ids: 'x,1', ownerId: managerId } })).msg).toBe('潜在客户格式不正确');

    const audit = await server.call<{ entries: { action: string; detail: { owner?: string } }[] }>('GET', '/authority/audit', { token: admin });
    expect(audit.data.entries.some((entry) => entry.action === 'potential.assign' && entry.detail.owner === '李店长')).toBe(true);
  });
});

describe('conversion', () => {
  it('转为客户 creates the customer and vehicle in the lead store and keeps the history', async () => {
    const mobile = freshMobile();
    const made = await create(admin, { storeId: 4, name: '褚先生', mobile, plate: '浙A6Q1Z8' });
    let row = (await lead(admin, made.data.id))!;
    await server.call('POST', '/potential/follow-up', { token: admin, body: { id: row.id, version: row.version, note: '约了明天到店', status: 'following' } });
    row = (await lead(admin, row.id))!;
    const stale = await server.call('POST', '/potential/convert', { token: admin, body: { id: row.id, version: row.version - 1 } });
    expect(stale.msg).toBe('已被他人修改，请刷新后再试');

    const converted = await server.call<{ customerId: number; vehicleId: number; created: boolean }>('POST', '/potential/convert', { token: admin, body: { id: row.id, version: row.version } });
    expect(converted.code, converted.msg).toBe(0);
    expect(converted.data.created).toBe(true);
    const detail = await server.call<{ name: string; storeName?: string; vehicles: { plate: string }[] }>('GET', '/client/detail', { token: admin, query: { customerId: converted.data.customerId } });
    expect(detail.code, detail.msg).toBe(0);
    expect(detail.data.name).toBe('褚先生');
    expect(detail.data.vehicles.map((vehicle) => vehicle.plate)).toEqual(['浙A6Q1Z8']);
    const customer = (await server.db.one<{ store_id: number }>(sql`SELECT store_id FROM customer WHERE id = ${converted.data.customerId}`))!;
    expect(customer.store_id).toBe(4);

    row = (await lead(admin, row.id))!;
    expect(row).toMatchObject({ status: 'visited', customerId: converted.data.customerId });
    expect((await history(admin, row.id)).map((entry) => entry.note)).toEqual(['到店，已转为客户', '约了明天到店', '新增潜在客户']);
    // Converted is final: no more follow-ups here, no second customer.
    const more = await server.call('POST', '/potential/follow-up', { token: admin, body: { id: row.id, version: row.version, note: '再联系', status: 'following' } });
    expect(more.msg).toBe(MSG.converted);
    expect((await server.call('POST', '/potential/convert', { token: admin, body: { id: row.id, version: row.version } })).msg).toBe(MSG.converted);
  });

  it('a customer with the same mobile or plate converts the open leads, never 无效 ones or another chain', async () => {
    const byMobile = (await create(admin, { storeId: 2, name: '卫先生', mobile: freshMobile() })).data.id;
    const byPlate = (await create(admin, { storeId: 3, name: '蒋女士', plate: '浙A7T2M9' })).data.id;
    const invalid = (await create(admin, { storeId: 3, name: '沈先生', plate: '浙A5R8N3', mobile: freshMobile() })).data.id;
    const invalidRow = (await lead(admin, invalid))!;
    await server.call('POST', '/potential/invalid', { token: admin, body: { id: invalid, version: invalidRow.version, reason: '不需要' } });
    await server.call('POST', '/potential/follow-up', { token: admin, body: { id: byPlate, version: (await lead(admin, byPlate))!.version, note: '有意向换轮胎', status: 'following' } });
    const mobileRow = (await lead(admin, byMobile))!;
    const otherChain = (await create(hxAdmin, { name: '同号', mobile: mobileRow.mobile })).data.id;

    const customerId = (await server.db.one<{ id: number }>(sql`SELECT id FROM customer WHERE chain_id = 1 AND store_id = 2 ORDER BY id LIMIT 1`))!.id;
    const converted = await server.db.transaction(async (tx) => [
      ...(await convertMatchingLeads(tx, { chainId: 1, storeId: 2, customerId, mobile: mobileRow.mobile, plate: '' })),
      ...(await convertMatchingLeads(tx, { chainId: 1, storeId: 2, customerId, mobile: '', plate: '浙A7T2M9' })),
      ...(await convertMatchingLeads(tx, { chainId: 1, storeId: 2, customerId, mobile: '', plate: '浙A5R8N3' })),
    ]);
    expect(converted.sort()).toEqual([byMobile, byPlate].sort());

    expect((await lead(admin, byMobile))!).toMatchObject({ status: 'visited', customerId });
    const plateLead = (await lead(admin, byPlate))!;
    expect(plateLead).toMatchObject({ status: 'visited', customerId });
    expect((await history(admin, byPlate)).map((entry) => entry.note)).toEqual(['到店，已转为客户', '有意向换轮胎', '新增潜在客户']);
    expect((await lead(admin, invalid))!).toMatchObject({ status: 'invalid', customerId: null });
    expect((await lead(hxAdmin, otherChain))!).toMatchObject({ status: 'pending', customerId: null });
    // Once converted a lead stays linked to its first customer.
    expect(await server.db.transaction((tx) => convertMatchingLeads(tx, { chainId: 1, storeId: 2, customerId: customerId + 1, mobile: mobileRow.mobile, plate: '' }))).toEqual([]);
  });
});
