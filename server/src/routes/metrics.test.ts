/**
 * 指标库 and 指标树 over real HTTP: built-in values against an independent computation over the
 * seeded work orders and customers (plain rows, summed here), both chains apart, a store manager
 * limited to their store, edits refused to non-admins, bad input in Chinese, and a stale edit
 * refused with 「已被他人修改」.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type { library, tree } from '../../../contracts/api/metrics';
import { addDays, dayOf, today } from '../../../contracts/dates';
import { BUILT_IN_METRIC_KEYS, METRIC_MESSAGES, monthOf, monthRange } from '../../../contracts/rules/metrics';
import { sql } from '../db/database';
import { renewalsFromRows, stagesFromRows } from '../../../tests/support/facts';
import { startTestServer, type TestServer } from '../../../tests/support/server';

type Library = AnswerOf<typeof library>;
type Tree = AnswerOf<typeof tree>;

let server: TestServer;
let admin: string;
let manager: string;
let hxAdmin: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager, hxAdmin] = await Promise.all([server.loginToken('admin'), server.loginToken('manager'), server.loginToken('hx-admin')]);
});
afterAll(() => server?.close());

const share = (part: number, whole: number) => (whole ? Math.round((part * 10_000) / whole) : null);
const month = monthOf(today());
const { from, to } = monthRange(month, today());

/** The month's figures computed here from plain rows, not with the server's SQL. */
async function expected(chainId: number, storeIds: number[], staffName = '') {
  const records = await server.db.rows<{ store_id: number; customer_id: number; maint_date: string; amount: number; kind: string; advisor: string }>(
    sql`SELECT store_id, customer_id, maint_date, amount, kind, advisor FROM maintenance_record WHERE chain_id = ${chainId}`,
  );
  const customers = await server.db.rows<{ store_id: number; created_at: string }>(sql`SELECT store_id, created_at FROM customer WHERE chain_id = ${chainId}`);
  const conversions = await expectedConversions(chainId, storeIds);
  const mine = records.filter((record) => storeIds.includes(record.store_id));
  const inMonth = mine.filter((record) => record.maint_date >= from && record.maint_date <= to && (!staffName || record.advisor === staffName));
  const revenue = inMonth.reduce((sum, record) => sum + Math.round(record.amount * 100), 0);
  const visitors = new Set(inMonth.map((record) => record.customer_id));
  const before = new Set(mine.filter((record) => record.maint_date < from).map((record) => record.customer_id));
  const stages = (await stagesFromRows(server.db, chainId, storeIds, to < today() ? to : today())).totals;
  const returning = [...visitors].filter((id) => before.has(id)).length;
  return {
    revenue,
    visits: inMonth.length,
    ticketSize: inMonth.length ? Math.round(revenue / inMonth.length) : null,
    maintenanceVisits: inMonth.filter((record) => record.kind === 'maintenance').length,
    newCustomers: customers.filter((customer) => storeIds.includes(customer.store_id) && dayOf(customer.created_at)! >= from && dayOf(customer.created_at)! <= to).length,
    returnRate: visitors.size ? Math.round((returning * 10_000) / visitors.size) : null,
    retentionRate: share(stages.new + stages.active, stages.new + stages.active + stages.sleeping),
    sleepingCustomers: stages.sleeping,
    ...conversions,
  };
}

/** 保养到期转化率 and 续保率 from plain rows: the last 保养 before the month + 180 days, and the renewal rule. */
async function expectedConversions(chainId: number, storeIds: number[]) {
  const records = await server.db.rows<{ store_id: number; vehicle_id: number; maint_date: string; kind: string }>(
    sql`SELECT store_id, vehicle_id, maint_date, kind FROM maintenance_record WHERE chain_id = ${chainId}`,
  );
  const services = records.filter((record) => record.kind === 'maintenance' && storeIds.includes(record.store_id));
  const lastBefore = new Map<number, string>();
  for (const record of services) {
    if (record.maint_date >= from) continue;
    const seen = lastBefore.get(record.vehicle_id);
    if (!seen || record.maint_date > seen) lastBefore.set(record.vehicle_id, record.maint_date);
  }
  const due = [...lastBefore].filter(([, day]) => addDays(day, 180) >= from && addDays(day, 180) <= to).map(([vehicle]) => vehicle);
  const came = new Set(services.filter((record) => record.maint_date >= from && record.maint_date <= to).map((record) => record.vehicle_id));
  const renewals = await renewalsFromRows(server.db, chainId, storeIds, from, to);
  const converted = due.filter((vehicle) => came.has(vehicle)).length;
  return {
    dueConversion: due.length ? Math.round((converted * 10_000) / due.length) : null,
    renewalRate: share(renewals.renewed, renewals.due),
  };
}

const valuesOf = (answer: Library) => Object.fromEntries(answer.builtIn.map((metric) => [metric.key, metric.value]));

async function readLibrary(token: string, query: Record<string, number> = {}) {
  const answer = await server.call<Library>('GET', '/metrics/library', { token, query });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
}

async function readTree(token: string) {
  const answer = await server.call<Tree>('GET', '/metrics/tree', { token, query: { month } });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
}

describe('指标库: built-in values', () => {
  it('answers this month’s value of every built-in metric for the whole chain, equal to an independent computation', async () => {
    const answer = await readLibrary(admin);
    expect(answer.month).toBe(month);
    expect(answer.builtIn.map((metric) => metric.key)).toEqual([...BUILT_IN_METRIC_KEYS]);
    const want = await expected(1, [2, 3, 4]);
    expect(want.visits).toBeGreaterThan(0); // the seed has orders this month: the comparison means something
    expect(valuesOf(answer)).toEqual(want);
    expect(answer.builtIn.find((metric) => metric.key === 'revenue')).toMatchObject({ name: '营业额', unit: '元', direction: 'higher' });
    expect(answer.builtIn.find((metric) => metric.key === 'sleepingCustomers')?.direction).toBe('lower');
    expect(answer.stores.map((store) => store.name)).toEqual(['城东店', '城西店', '滨江店']);
    expect(valuesOf(await readLibrary(admin, { storeId: 3 }))).toEqual(await expected(1, [3]));
  });

  it('gives a store manager their own store’s values only, and refuses another store’s', async () => {
    const answer = await readLibrary(manager);
    expect(answer.stores.map((store) => store.name)).toEqual(['城东店']);
    expect(valuesOf(answer)).toEqual(await expected(1, [2]));
    expect(answer.canEdit).toBe(false);
    const other = await server.call('GET', '/metrics/library', { token: manager, query: { storeId: 3 } });
    expect(other.code).toBe(403);
    expect(other.msg).toBe(METRIC_MESSAGES.storeNotVisible);
  });

  it('keeps the two chains apart', async () => {
    const answer = await readLibrary(hxAdmin);
    expect(answer.stores.map((store) => store.name)).toEqual(['园区店', '吴中店']);
    expect(valuesOf(answer)).toEqual(await expected(2, [6, 7]));
    expect((await server.call('GET', '/metrics/library', { token: hxAdmin, query: { storeId: 2 } })).code).toBe(403);
  });

  it('refuses staff without the 数据 permission', async () => {
    const answer = await server.call('GET', '/metrics/library', { token: await server.loginToken('frontdesk') });
    expect(answer.code).toBe(403);
    expect(answer.msg).toBe(METRIC_MESSAGES.readRefused);
    expect((await server.call('GET', '/metrics/tree', { token: await server.loginToken('frontdesk') })).code).toBe(403);
  });
});

describe('指标库: custom metrics', () => {
  it('lets a headquarters admin define a metric and enter store values; a manager reads only their store’s', async () => {
    const made = await server.call<{ id: number }>('POST', '/metrics/custom', {
      token: admin, body: { name: '洗车台次', unit: '次', description: '当月洗车工单数，前台每周录入', period: 'week', direction: 'higher' },
    });
    expect(made.code, made.msg).toBe(0);
    for (const [storeId, value] of [[2, 40], [3, 25]]) {
      // A weekly value counts in the month its Monday falls in: the 8th's week always starts in this month.
      const entered = await server.call<{ periodStart: string }>('PUT', '/metrics/custom/value', { token: admin, body: { id: made.data.id, storeId, day: addDays(from, 7), value } });
      expect(entered.code, entered.msg).toBe(0);
      expect(new Date(`${entered.data.periodStart}T00:00:00Z`).getUTCDay()).toBe(1);
    }
    const row = (answer: Library) => answer.custom.find((metric) => metric.name === '洗车台次');
    expect(row(await readLibrary(admin))).toMatchObject({ unit: '次', period: 'week', value: 65, ref: `custom:${made.data.id}` });
    expect(row(await readLibrary(manager))?.value).toBe(40);
    const values = await server.call<{ storeId: number; value: number }[]>('GET', '/metrics/custom/values', { token: manager, query: { id: made.data.id, month } });
    expect(values.data.map((value) => [value.storeId, value.value])).toEqual([[2, 40]]);

    // The other chain neither sees nor changes it.
    expect((await readLibrary(hxAdmin)).custom.some((metric) => metric.name === '洗车台次')).toBe(false);
    const foreign = await server.call('PUT', '/metrics/custom', { token: hxAdmin, body: { id: made.data.id, version: 1, name: '改名', unit: '次', period: 'month', direction: 'higher' } });
    expect(foreign.code).toBe(403); // 基础版 has no custom metrics: refused before the metric is even looked for
    const foreignValue = await server.call('PUT', '/metrics/custom/value', { token: hxAdmin, body: { id: made.data.id, storeId: 2, day: from, value: 1 } });
    expect(foreignValue.code).toBe(403);
    expect(row(await readLibrary(admin))?.value).toBe(65);

    const twin = await server.call('POST', '/metrics/custom', { token: admin, body: { name: '营业额', unit: '元', period: 'month', direction: 'higher' } });
    expect(twin.code).toBe(409);
    expect(twin.msg).toBe(METRIC_MESSAGES.builtInName);
  });

  it('refuses every change to staff who are not admins, and leaves the data as it was', async () => {
    const before = await readLibrary(admin);
    for (const [method, path, body] of [
      ['POST', '/metrics/custom', { name: '越权指标', unit: '元', period: 'month', direction: 'higher' }],
      ['PUT', '/metrics/custom/value', { id: before.custom[0]?.id ?? 1, storeId: 2, day: from, value: 9 }],
      ['POST', '/metrics/tree/node', { metric: 'revenue', storeId: 2, target: 100 }],
      ['DELETE', '/metrics/tree/node', { id: 1, version: 1 }],
    ] as const) {
      const answer = await server.call(method, path, { token: manager, body });
      expect(answer.code, path).toBe(403);
      expect(answer.msg).toBe(METRIC_MESSAGES.editRefused);
    }
    expect((await readLibrary(admin)).custom).toEqual(before.custom);
  });

  it('answers malformed input in Chinese, never with a 500', async () => {
    const cases: [string, string, Record<string, unknown>, RegExp][] = [
      ['POST', '/metrics/custom', { name: '', unit: '元', period: 'month', direction: 'higher' }, /请填写指标名称/],
      ['POST', '/metrics/custom', { name: '好评数', unit: 'kg', period: 'month', direction: 'higher' }, /不支持的单位/],
      ['POST', '/metrics/custom', { name: '好评数', unit: '条', period: 'year', direction: 'higher' }, /不支持的统计周期/],
      ['POST', '/metrics/custom', { name: 'x'.repeat(21), unit: '条', period: 'month', direction: 'higher' }, /指标名称不能超过 20 个字/],
      ['PUT', '/metrics/custom/value', { id: 1, storeId: 2, day: '2026-02-30', value: 1 }, /统计日期不是有效的日期/],
      ['PUT', '/metrics/custom/value', { id: 1, storeId: 2, day: from, value: -5 }, /数值不能小于 0/],
      ['POST', '/metrics/tree/node', { metric: 'profit', storeId: 2, target: 1 }, /请选择指标/],
      ['POST', '/metrics/tree/node', { metric: 'revenue', storeId: 'abc', target: 1 }, /门店格式不正确/],
      ['POST', '/metrics/tree/node', { metric: 'revenue', storeId: 2, target: 1.5 }, /目标值必须是整数/],
      ['POST', '/metrics/tree/node', { metric: 'revenue', month: '2026-13', target: 1 }, /统计月份应为/],
      ['PUT', '/metrics/tree/node', { id: 99999999999, version: 1, metric: 'revenue', target: 1 }, /目标格式不正确/],
    ];
    for (const [method, path, body, message] of cases) {
      const answer = await server.call(method, path, { token: admin, body });
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toMatch(message);
    }
    const tree = await server.call('GET', '/metrics/tree', { token: admin, query: { month: 'last' } });
    expect(tree.code).toBe(400);
    expect(tree.msg).toMatch(/统计月份/);
  });
});

describe('指标树', () => {
  it('decomposes a chain goal into store and position targets with actuals, warns when children do not add up, and audits', async () => {
    const root = await server.call<{ id: number }>('POST', '/metrics/tree/node', { token: admin, body: { month, metric: 'revenue', target: 50_000_000 } });
    expect(root.code, root.msg).toBe(0);
    const east = await server.call<{ id: number }>('POST', '/metrics/tree/node', { token: admin, body: { parentId: root.data.id, metric: 'revenue', storeId: 2, target: 20_000_000 } });
    const west = await server.call<{ id: number }>('POST', '/metrics/tree/node', { token: admin, body: { parentId: root.data.id, metric: 'revenue', storeId: 3, target: 20_000_000 } });
    expect([east.code, west.code]).toEqual([0, 0]);
    const advisor = (await server.db.one<{ advisor: string }>(sql`SELECT advisor FROM maintenance_record WHERE store_id = 2 AND maint_date BETWEEN ${from}::date AND ${to}::date LIMIT 1`))!.advisor;
    const person = await server.call<{ id: number }>('POST', '/metrics/tree/node', {
      token: admin, body: { parentId: east.data.id, metric: 'visits', position: '服务顾问', staffName: advisor, target: 30 },
    });
    expect(person.code, person.msg).toBe(0);

    const answer = await readTree(admin);
    const node = (id: number) => answer.nodes.find((each) => each.id === id)!;
    expect(node(root.data.id)).toMatchObject({ storeName: '全连锁', parentId: null, actual: (await expected(1, [2, 3, 4])).revenue });
    expect(node(root.data.id).warning).toBe('下级目标合计 ¥400,000.00，比本级目标少 ¥100,000.00');
    expect(node(east.data.id)).toMatchObject({ storeName: '城东店', parentId: root.data.id, actual: (await expected(1, [2])).revenue, warning: null });
    expect(node(person.data.id)).toMatchObject({ storeId: 2, position: '服务顾问', staffName: advisor, actual: (await expected(1, [2], advisor)).visits });
    expect(answer.staffNames).toContain(advisor);

    // Balanced: the warning goes.
    const fixed = await server.call('PUT', '/metrics/tree/node', { token: admin, body: { id: root.data.id, version: 1, metric: 'revenue', target: 40_000_000 } });
    expect(fixed.code, fixed.msg).toBe(0);
    expect((await readTree(admin)).nodes.find((each) => each.id === root.data.id)?.warning).toBeNull();

    // The store manager sees their store's targets as their own tree, nothing of the chain or 城西店.
    const theirs = await readTree(manager);
    expect(theirs.nodes.map((each) => each.id)).toEqual(expect.arrayContaining([east.data.id, person.data.id]));
    expect(theirs.nodes.every((each) => each.storeId === 2)).toBe(true);
    expect(theirs.nodes.find((each) => each.id === east.data.id)?.parentId).toBeNull();
    expect(theirs.canEdit).toBe(false);
    // The other chain sees none of it and cannot touch it.
    expect((await readTree(hxAdmin)).nodes).toEqual([]);
    const foreign = await server.call('DELETE', '/metrics/tree/node', { token: hxAdmin, body: { id: east.data.id, version: 1 } });
    expect(foreign.code).toBe(404);

    const log = await server.call<{ entries: { action: string; targetName: string }[] }>('GET', '/authority/audit', { token: admin });
    expect(log.data.entries.some((entry) => entry.action === 'metricTarget.create' && entry.targetName === `${month} 城东店 · 营业额`)).toBe(true);
    expect(log.data.entries.some((entry) => entry.action === 'metricTarget.update')).toBe(true);
  });

  it('refuses a person where the metric cannot be counted per person, and a child in another store', async () => {
    const parent = await server.call<{ id: number }>('POST', '/metrics/tree/node', { token: admin, body: { month, metric: 'newCustomers', storeId: 4, target: 10 } });
    const perPerson = await server.call('POST', '/metrics/tree/node', { token: admin, body: { parentId: parent.data.id, metric: 'newCustomers', staffName: '王师傅', target: 3 } });
    expect(perPerson.code).toBe(400);
    expect(perPerson.msg).toBe(METRIC_MESSAGES.perStaffUnsupported('新增客户数'));
    const elsewhere = await server.call('POST', '/metrics/tree/node', { token: admin, body: { parentId: parent.data.id, metric: 'newCustomers', storeId: 2, target: 3 } });
    expect(elsewhere.code).toBe(400);
    expect(elsewhere.msg).toBe(METRIC_MESSAGES.storeMismatch);
  });

  it('lets a store admin set their own store’s targets only', async () => {
    const roles = await server.call<{ roles: { id: number; code: string }[] }>('GET', '/authority/staff', { token: admin });
    const made = await server.call<{ id: number; oneTimePassword: string }>('POST', '/authority/staff', {
      token: admin, body: { username: 'metrics-east', nickName: '东店管理员', roleIds: [roles.data.roles.find((role) => role.code === 'admin')!.id], storeIds: [2] },
    });
    expect(made.code, made.msg).toBe(0);
    const storeAdmin = await server.firstLogin('metrics-east', made.data.oneTimePassword);
    const own = await server.call('POST', '/metrics/tree/node', { token: storeAdmin, body: { month, metric: 'ticketSize', storeId: 2, target: 80_000 } });
    expect(own.code, own.msg).toBe(0);
    const other = await server.call('POST', '/metrics/tree/node', { token: storeAdmin, body: { month, metric: 'ticketSize', storeId: 3, target: 80_000 } });
    expect(other.code).toBe(403);
    expect(other.msg).toBe(METRIC_MESSAGES.storeOutside);
    const chainWide = await server.call('POST', '/metrics/tree/node', { token: storeAdmin, body: { month, metric: 'ticketSize', target: 80_000 } });
    expect(chainWide.code).toBe(403);
    expect(chainWide.msg).toBe(METRIC_MESSAGES.chainNodeOnly);
    const definition = await server.call('POST', '/metrics/custom', { token: storeAdmin, body: { name: '店内指标', unit: '条', period: 'month', direction: 'higher' } });
    expect(definition.code).toBe(403);
    expect(definition.msg).toBe(METRIC_MESSAGES.chainWideOnly);
  });

  it('refuses the second of two concurrent edits of one target with 已被他人修改, keeping the first', async () => {
    const made = await server.call<{ id: number }>('POST', '/metrics/tree/node', { token: admin, body: { month, metric: 'visits', storeId: 3, target: 100 } });
    const edit = (target: number) => server.call('PUT', '/metrics/tree/node', { token: admin, body: { id: made.data.id, version: 1, metric: 'visits', storeId: 3, target } });
    const answers = await Promise.all([edit(120), edit(150)]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, 409]);
    const refused = answers.find((answer) => answer.code === 409)!;
    expect(refused.msg).toBe(METRIC_MESSAGES.changedByOthers);
    const kept = answers[0].code === 0 ? 120 : 150;
    expect((await readTree(admin)).nodes.find((node) => node.id === made.data.id)).toMatchObject({ target: kept, version: 2 });
    const staleDelete = await server.call('DELETE', '/metrics/tree/node', { token: admin, body: { id: made.data.id, version: 1 } });
    expect(staleDelete.code).toBe(409);
    expect((await readTree(admin)).nodes.some((node) => node.id === made.data.id)).toBe(true);
  });
});

describe('指标库 follows 客户运营', () => {
  it('counts 留存率 and 沉睡客户数 with the chain’s own stage days, like the board; the other chain keeps the defaults', async () => {
    const before = await expected(2, [6, 7]);
    const rules = await server.call<{ version: number; reminders: unknown }>('GET', '/customerOperations/rules', { token: hxAdmin });
    const saved = await server.call('PUT', '/customerOperations/rules', {
      token: hxAdmin,
      body: { version: rules.data.version, lifecycle: { newWithinDays: 60, activeWithinDays: 90, sleepingWithinDays: 200 }, reminders: rules.data.reminders },
    });
    expect(saved.code, saved.msg).toBe(0);
    const changed = await expected(2, [6, 7]);
    expect(changed.sleepingCustomers).not.toBe(before.sleepingCustomers); // the new days matter
    expect(valuesOf(await readLibrary(hxAdmin))).toEqual(changed);
    expect(valuesOf(await readLibrary(admin))).toEqual(await expected(1, [2, 3, 4]));
  });
});
