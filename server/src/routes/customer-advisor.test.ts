/**
 * 专属顾问 (POST /client/advisor, GET /client/advisors) against the real seeded server: the
 * advisor shows on the customer, must work in every chosen customer's store, the change is all or
 * nothing, and other stores, other chains and callers without 客户导入 change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/database';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { BULK_LIMIT } from '../../../contracts/rules/customer';

interface Detail {
  advisor: { id: number; name: string } | null;
}
interface Advisor {
  id: number;
  name: string;
  storeIds: number[];
  wholeChain: boolean;
}

let server: TestServer;
let admin: string;
let manager: string;
let frontdesk: string;
let hxAdmin: string;
/** Customers of 城西店 (store 3, where 王小雨 works) and of 城东店 (store 2, 李店长's). */
let west: number[];
let east: number[];
const WANG = 3; // 王小雨, 前台 of 城西店
const LI = 2; // 李店长, 城东店

const assign = (token: string, customerIds: unknown, advisorId: unknown) => server.call<{ updated: number }>('POST', '/client/advisor', { token, body: { customerIds, advisorId } });
const advisorOf = async (customerId: number) =>
  (await server.db.one<{ advisor_id: number | null }>(sql`SELECT advisor_id FROM customer WHERE id = ${customerId}`))!.advisor_id;
const detail = async (token: string, customerId: number) => (await server.call<Detail>('GET', '/client/detail', { token, query: { customerId } })).data;

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager, frontdesk, hxAdmin] = await Promise.all(['admin', 'manager', 'frontdesk', 'hx-admin'].map((name) => server.loginToken(name)));
  const ids = async (storeId: number) =>
    (await server.db.rows<{ id: number }>(sql`SELECT id FROM customer WHERE chain_id = 1 AND store_id = ${storeId} ORDER BY id LIMIT 3`)).map((row) => row.id);
  [west, east] = await Promise.all([ids(3), ids(2)]);
  // Start from customers without an advisor (the demo seed gives some one).
  await server.db.run(sql`UPDATE customer SET advisor_id = NULL WHERE id = ANY(${sql.param([...west, ...east])}::int[])`);
});

afterAll(async () => {
  await server?.close();
});

describe('专属顾问', () => {
  it('shows the advisor on the customer and clears it again', async () => {
    const set = await assign(admin, west.slice(0, 2), WANG);
    expect(set.code).toBe(0);
    expect(set.data.updated).toBe(2);
    expect((await detail(admin, west[0]!)).advisor).toEqual({ id: WANG, name: '王小雨' });
    // Setting the same advisor again changes nothing.
    expect((await assign(admin, west.slice(0, 2), WANG)).data.updated).toBe(0);

    const audit = await server.db.one<{ action: string; target_name: string }>(sql`
      SELECT action, target_name FROM audit_log WHERE chain_id = 1 AND target_type = 'customer' ORDER BY id DESC LIMIT 1`);
    expect(audit).toEqual({ action: 'customer.advisor', target_name: '王小雨（2 位客户）' });

    const cleared = await assign(admin, [west[0]], null);
    expect(cleared.data.updated).toBe(1);
    expect((await detail(admin, west[0]!)).advisor).toBeNull();
    expect(await advisorOf(west[1]!)).toBe(WANG);
  });

  it('refuses an advisor who does not work in the customer’s store, and changes nothing of a mixed choice', async () => {
    const before = await Promise.all([west[2]!, east[0]!].map(advisorOf));
    const refused = await assign(admin, [west[2], east[0]], WANG);
    expect(refused.code).toBe(400);
    expect(refused.msg).toBe('王小雨 不在「城东店」任职，不能做该店客户的专属顾问');
    expect(await Promise.all([west[2]!, east[0]!].map(advisorOf))).toEqual(before);
  });

  it('lets a store manager choose only among staff of their own stores, for their own customers', async () => {
    const choices = (await server.call<Advisor[]>('GET', '/client/advisors', { token: manager })).data;
    const ids = choices.map((person) => person.id);
    expect(ids).toContain(LI);
    expect(ids).not.toContain(WANG);
    expect(choices.every((person) => person.wholeChain || person.storeIds.includes(2))).toBe(true);

    expect((await assign(manager, [east[1]], LI)).data.updated).toBe(1);
    expect(await advisorOf(east[1]!)).toBe(LI);

    // Another store's customer: not found, and nothing of the list is written.
    const before = await advisorOf(west[2]!);
    const other = await assign(manager, [east[2], west[2]], LI);
    expect(other.code).toBe(404);
    expect(other.msg).toContain('1 位客户不存在或不在您的数据范围内');
    expect(await advisorOf(east[2]!)).toBeNull();
    expect(await advisorOf(west[2]!)).toBe(before);

    // An advisor of another store, even for the manager's own customer.
    const elsewhere = await assign(manager, [east[2]], WANG);
    expect(elsewhere.code).toBe(400);
    expect(elsewhere.msg).toBe('专属顾问不存在、已停用或不在您的门店任职');
  });

  it('needs 客户导入: a front desk can read the advisor but not change it', async () => {
    const refused = await assign(frontdesk, [west[2]], WANG);
    expect(refused.code).toBe(403);
    expect((await server.call('GET', '/client/advisors', { token: frontdesk })).code).toBe(403);
    expect(await advisorOf(west[2]!)).toBeNull();
  });

  it('keeps chains apart: another chain can neither reach these customers nor name its staff', async () => {
    const theirs = await assign(hxAdmin, [west[2]], null);
    expect(theirs.code).toBe(404);
    const hxCustomer = (await server.db.one<{ id: number }>(sql`SELECT id FROM customer WHERE chain_id = 2 ORDER BY id LIMIT 1`))!.id;
    const crossed = await assign(admin, [west[2]], 4); // 周总 of 华星
    expect(crossed.code).toBe(400);
    const foreign = await assign(admin, [hxCustomer], WANG);
    expect(foreign.code).toBe(404);
    expect(await advisorOf(hxCustomer)).toBeNull();
    expect(await advisorOf(west[2]!)).toBeNull();
  });

  it('answers malformed input with a Chinese message naming the field, never its code name', async () => {
    const cases: [unknown, unknown, string][] = [
      [[], WANG, '客户'],
      ['1,2', WANG, '客户'],
      [[west[0]], 'abc', '专属顾问'],
      [[2 ** 31], WANG, '客户'],
      [[west[0]], -1, '专属顾问'],
      [Array.from({ length: BULK_LIMIT + 1 }, (_, i) => i + 1), WANG, '客户'],
    ];
    for (const [customerIds, advisorId, field] of cases) {
      const answer = await assign(admin, customerIds, advisorId);
      expect(answer.code).toBe(400);
      expect(answer.msg).toContain(field);
      expect(answer.msg).not.toMatch(/customerIds|advisorId/);
    }
  });

  it('ends with one advisor when two people set different ones at once', async () => {
    const target = [east[0]!, east[2]!];
    const answers = await Promise.all([assign(admin, target, LI), assign(admin, target, null)]);
    expect(answers.map((answer) => answer.code)).toEqual([0, 0]);
    const final = await Promise.all(target.map(advisorOf));
    expect(final[0]).toBe(final[1]);
    expect([LI, null]).toContain(final[0]);
  });

  it('offers only 服务顾问 (岗位 前台/服务顾问 or 店长): headquarters staff without a 岗位 is refused', async () => {
    const choices = (await server.call<(Advisor & { position: string })[]>('GET', '/client/advisors', { token: admin })).data;
    expect(choices.map((person) => [person.name, person.position])).toEqual([['李店长', '店长'], ['王小雨', '前台/服务顾问'], ['周杰', '前台/服务顾问']]);
    const refused = await assign(admin, [east[0]], 1); // 陈总, 总部
    expect([refused.code, refused.msg]).toEqual([400, '专属顾问不存在、已停用或不在您的门店任职']);
  });

  it('选择全部: sets every customer a condition matches, all or nothing', async () => {
    const byCondition = (token: string, condition: unknown, advisorId: unknown) => server.call<{ updated: number }>('POST', '/client/advisor', { token, body: { condition, advisorId } });
    const advisors = async (storeId: number) =>
      (await server.db.rows<{ advisor_id: number | null }>(sql`SELECT advisor_id FROM customer WHERE chain_id = 1 AND store_id = ${storeId}`)).map((row) => row.advisor_id);
    const matching = (await server.call<{ total: number }>('POST', '/client/count', { token: admin, body: { storeIds: [3] } })).data.total;
    expect(matching).toBe((await advisors(3)).length);

    // 城东店's customers too: 王小雨 does not work there, so nobody's advisor changes.
    const before = [...(await advisors(2)), ...(await advisors(3))];
    const mixed = await byCondition(admin, { storeIds: [2, 3] }, WANG);
    expect([mixed.code, mixed.msg]).toEqual([400, '王小雨 不在「城东店」任职，不能做该店客户的专属顾问']);
    expect([...(await advisors(2)), ...(await advisors(3))]).toEqual(before);

    const set = await byCondition(admin, { storeIds: [3] }, WANG);
    expect(set.code, set.msg).toBe(0);
    expect(await advisors(3)).toEqual(Array(matching).fill(WANG));
    // A store manager's condition reaches only their own store's customers.
    const theirs = await byCondition(manager, { storeIds: [3] }, LI);
    expect([theirs.code, theirs.msg]).toEqual([400, '没有符合条件的客户']);
    expect(await advisors(3)).toEqual(Array(matching).fill(WANG));
    expect((await byCondition(admin, {}, null)).code).toBe(0);
  });
});
