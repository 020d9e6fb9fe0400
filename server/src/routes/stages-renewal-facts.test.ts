/**
 * Issue 33, one truth per fact, over real HTTP (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * - customer stages: 客户看板, 客户分析, 客户运营's preview, 智慧大屏, 指标库's 沉睡客户数 and the customer
 *   list's stage filter count the same customers per stage, for the chain and for one store; each
 *   customer's stage in the list is their stage in every count and in their detail (which the WeCom
 *   sidebar's card shows) and 工作台's 流失回访 tasks are for 流失 customers, all equal to
 *   contracts/rules/customer.ts's stageOf over plain rows;
 * - renewal rate: 保险分析 per month and store, 诊断表 and 指标库 equal renewed / due computed from
 *   the policies with contracts/insurance.ts's isRenewed; the demo's past months show realistic rates;
 *   a follow-up marked 已续保 and the same car's next term with us count, a late win-back does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type * as customerCalls from '../../../contracts/api/customer';
import type * as insuranceCalls from '../../../contracts/api/insurance';
import type { analysis as customerAnalysis } from '../../../contracts/api/customer-analysis';
import type { preview } from '../../../contracts/api/customer-operations';
import type { bigScreen, tasks as workbenchTasks } from '../../../contracts/api/workbench';
import type { library } from '../../../contracts/api/metrics';
import type { diagnosis } from '../../../contracts/api/analysis';
import { addDays, addMonths, today as garageToday } from '../../../contracts/dates';
import { LIFECYCLE_STAGES, type LifecycleStage } from '../../../contracts/rules/customer';
import { renewalRate } from '../../../contracts/insurance';
import { addMonthsTo } from '../../../contracts/rules/customer-analysis';
import { sql } from '../db/database';
import { insertPolicies } from '../repositories/insurance';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { renewalsFromRows, stagesFromRows, type Stages } from '../../../tests/support/facts';

let server: TestServer;
let admin: string;
let manager: string;
const today = garageToday();
const thisMonth = today.slice(0, 7);
const CHAIN = 1;
const STORES = [2, 3, 4];
/** The chain's own stage days, not the defaults: every page must follow them. */
const LIFECYCLE = { newWithinDays: 60, activeWithinDays: 150, sleepingWithinDays: 330 };

async function read<T>(token: string, method: 'GET' | 'POST', path: string, input: Record<string, unknown> = {}): Promise<T> {
  const answer = await server.call<T>(method, path, method === 'GET' ? { token, query: input as Record<string, string | number> } : { token, body: input });
  expect(answer.code, `${path}: ${answer.msg}`).toBe(0);
  return answer.data;
}

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager] = await Promise.all([server.loginToken('admin'), server.loginToken('manager')]);
  const rules = await read<{ version: number; reminders: unknown }>(admin, 'GET', '/customerOperations/rules');
  const saved = await server.call('PUT', '/customerOperations/rules', { token: admin, body: { version: rules.version, lifecycle: LIFECYCLE, reminders: rules.reminders } });
  expect(saved.code, saved.msg).toBe(0);
});
afterAll(() => server?.close());

const pick = (counts: Record<LifecycleStage, number>): Stages => Object.fromEntries(LIFECYCLE_STAGES.map((stage) => [stage, counts[stage]])) as Stages;

/** Every page's per-stage counts for what `token` sees. */
async function stagesOnEveryPage(token: string) {
  const board = await read<AnswerOf<typeof customerCalls.customerBoard>>(token, 'GET', '/client/board');
  const analysis = await read<AnswerOf<typeof customerAnalysis>>(token, 'GET', '/customer-analysis', { from: thisMonth, to: thisMonth });
  const screen = await read<AnswerOf<typeof bigScreen>>(token, 'GET', '/bigScreen');
  const lib = await read<AnswerOf<typeof library>>(token, 'GET', '/metrics/library');
  const list = {} as Stages;
  for (const stage of LIFECYCLE_STAGES) list[stage] = (await read<{ total: number }>(token, 'POST', '/client/list', { stage, pageSize: 1 })).total;
  return {
    totals: { board: pick(board.totals), analysis: pick(analysis.stages.totals), screen: pick(screen.stages), list },
    sleeping: lib.builtIn.find((metric) => metric.key === 'sleepingCustomers')?.value,
    byStore: {
      board: board.stores.map((store) => ({ storeId: store.storeId, ...pick(store.counts) })),
      analysis: analysis.stages.byStore.map((store) => ({ storeId: store.storeId, ...pick(store) })),
    },
  };
}

describe('客户阶段: one rule, one SQL home', () => {
  it('counts the same customers per stage on 客户看板, 客户分析, 客户运营, 智慧大屏, 指标库 and the list, for the chain and one store', async () => {
    const want = await stagesFromRows(server.db, CHAIN, STORES, today);
    expect(want.rules).toEqual(LIFECYCLE);
    for (const stage of LIFECYCLE_STAGES) expect(want.totals[stage], stage).toBeGreaterThan(0);

    const chain = await stagesOnEveryPage(admin);
    for (const [page, counts] of Object.entries(chain.totals)) expect(counts, page).toEqual(want.totals);
    expect(chain.sleeping).toBe(want.totals.sleeping);
    expect(chain.byStore.board).toEqual(want.byStore);
    expect(chain.byStore.analysis).toEqual(want.byStore);
    const rules = await read<{ reminders: unknown }>(admin, 'GET', '/customerOperations/rules');
    const draft = await read<AnswerOf<typeof preview>>(admin, 'POST', '/customerOperations/preview', { lifecycle: LIFECYCLE, reminders: rules.reminders });
    expect(pick(draft.stages)).toEqual(want.totals);

    // A store manager (城东店): the same on every page, their store only.
    const east = await stagesFromRows(server.db, CHAIN, [2], today);
    const own = await stagesOnEveryPage(manager);
    for (const [page, counts] of Object.entries(own.totals)) expect(counts, `店长 ${page}`).toEqual(east.totals);
    expect(own.sleeping).toBe(east.totals.sleeping);
    expect(own.byStore.board).toEqual(east.byStore);
  });

  it('gives each customer in the list the stage they are counted in, and the same in their detail (the WeCom card)', async () => {
    const want = await stagesFromRows(server.db, CHAIN, STORES, today);
    const listed = new Map<number, LifecycleStage>();
    for (let page = 1; ; page++) {
      const answer = await read<AnswerOf<typeof customerCalls.customerList>>(admin, 'POST', '/client/list', { page, pageSize: 200 });
      for (const row of answer.list) listed.set(row.id, row.stage);
      if (answer.list.length < 200) break;
    }
    expect(listed.size).toBe(want.stageById.size);
    for (const [id, { stage }] of want.stageById) expect(listed.get(id), `客户 ${id}`).toBe(stage);
    const board = await read<AnswerOf<typeof customerCalls.customerBoard>>(admin, 'GET', '/client/board');
    const fromList = Object.fromEntries(LIFECYCLE_STAGES.map((stage) => [stage, [...listed.values()].filter((each) => each === stage).length]));
    expect(fromList).toEqual(pick(board.totals));
    // 工作台's 流失回访 tasks are for customers the list and the board call 流失.
    const recalls = await read<AnswerOf<typeof workbenchTasks>>(admin, 'GET', '/workbench/tasks', { kind: 'lost', pageSize: 200 });
    expect(recalls.tasks.length).toBeGreaterThan(0);
    for (const task of recalls.tasks) expect(listed.get(task.customerId), `流失回访 ${task.customerName}`).toBe('lost');
    // One customer of each stage: the list, the filtered list and the detail agree.
    for (const stage of LIFECYCLE_STAGES) {
      const id = [...listed].find(([, each]) => each === stage)![0];
      const detail = await read<{ stage: LifecycleStage }>(admin, 'GET', '/client/detail', { customerId: id });
      expect(detail.stage, `客户 ${id}`).toBe(stage);
    }
  });
});

const monthEnd = (month: string) => addDays(addMonths(`${month}-01`, 1), -1);

describe('续保率: one rule, one SQL home', () => {
  it('shows realistic past rates on 保险分析, per month and store equal to renewed / due from the policies and to 诊断表', async () => {
    // The four months that ended 2–5 months ago (June–September for a November today).
    const months = [-5, -4, -3, -2].map((k) => addMonthsTo(thisMonth, k));
    const page = await read<AnswerOf<typeof insuranceCalls.analysis>>(admin, 'GET', '/insurance/analysis', { from: `${months[0]}-01`, to: monthEnd(months[3]!) });
    let due = 0;
    let renewed = 0;
    for (const month of months) {
      const health = await read<AnswerOf<typeof diagnosis>>(admin, 'GET', '/analysis/diagnosis', { month });
      const want = await renewalsFromRows(server.db, CHAIN, STORES, `${month}-01`, monthEnd(month));
      expect(want.due, month).toBeGreaterThan(0);
      expect(want.renewed, month).toBeGreaterThan(0);
      for (const storeId of STORES) {
        const row = page.renewalByMonth.find((each) => each.month === month && each.storeId === storeId);
        const storeDue = want.dueByStore[storeId]!;
        const storeRenewed = want.renewedByStore[storeId]!;
        expect({ due: row?.due ?? 0, renewed: row?.renewed ?? 0 }, `${month} 门店 ${storeId}`).toEqual({ due: storeDue, renewed: storeRenewed });
        if (row) expect(row.rate).toBe((renewalRate(storeRenewed, storeDue) ?? 0) / 10_000);
        const cell = health.stores.find((store) => store.storeId === storeId)?.cells.find((each) => each.key === 'renewalRate');
        expect(cell?.value, `诊断表 ${month} 门店 ${storeId}`).toBe(renewalRate(storeRenewed, storeDue));
      }
      due += want.due;
      renewed += want.renewed;
    }
    expect(page.totals).toMatchObject({ due, renewed, rate: (renewalRate(renewed, due) ?? 0) / 10_000 });
    expect(page.totals.rate).toBeGreaterThanOrEqual(0.45);
    expect(page.totals.rate).toBeLessThanOrEqual(0.85);
    // The funnel counts the same terms, 已续保 by the same rule.
    expect(page.funnel.reduce((sum, step) => sum + step.count, 0)).toBe(due);
    expect(page.funnel.find((step) => step.state === 'renewed')?.count).toBe(renewed);
  });

  it('agrees this month on 保险分析, 指标库 and 诊断表', async () => {
    const want = await renewalsFromRows(server.db, CHAIN, STORES, `${thisMonth}-01`, monthEnd(thisMonth));
    const page = await read<AnswerOf<typeof insuranceCalls.analysis>>(admin, 'GET', '/insurance/analysis', { from: `${thisMonth}-01`, to: monthEnd(thisMonth) });
    expect(page.totals).toMatchObject({ due: want.due, renewed: want.renewed, rate: (renewalRate(want.renewed, want.due) ?? 0) / 10_000 });
    const lib = await read<AnswerOf<typeof library>>(admin, 'GET', '/metrics/library');
    expect(lib.builtIn.find((metric) => metric.key === 'renewalRate')?.value).toBe(renewalRate(want.renewed, want.due));
    const health = await read<AnswerOf<typeof diagnosis>>(admin, 'GET', '/analysis/diagnosis', { month: thisMonth });
    for (const storeId of STORES) {
      const cell = health.stores.find((store) => store.storeId === storeId)?.cells.find((each) => each.key === 'renewalRate');
      expect(cell?.value).toBe(renewalRate(want.renewedByStore[storeId]!, want.dueByStore[storeId]!));
    }
  });

  it('counts a follow-up marked 已续保 and the same car’s next term with us; a win-back two months late is no renewal', async () => {
    const range = { from: `${addMonthsTo(thisMonth, -3)}-01`, to: monthEnd(addMonthsTo(thisMonth, -1)), storeIds: '2' };
    const renewedOf = async () => (await read<AnswerOf<typeof insuranceCalls.analysis>>(admin, 'GET', '/insurance/analysis', range)).totals;
    const term = (car: { vehicleId: number; customerId: number }, start: string, policyNo: string) => ({
      chainId: CHAIN, storeId: 2, vehicleId: car.vehicleId, customerId: car.customerId, insurer: '中国人保', policyNo,
      compulsoryFen: 95_000, commercialFen: 300_000, vehicleTaxFen: 0, lines: [], agentId: null, agentName: '', startDate: start, expiryDate: addDays(addMonths(start, 12), -1),
    });
    // Two new cars of 城东店's customers get a term that lapsed last month, still open (the seed's own
    // history is not relied on: it changes with the demo story).
    const cars = await server.db.rows<{ vehicleId: number; customerId: number }>(sql`
      INSERT INTO vehicle (chain_id, store_id, customer_id, plate, vin, brand, series, model)
      SELECT chain_id, store_id, id, '浙A3300' || n, 'LSVT330000000000' || n, '大众', '朗逸', '1.5L'
        FROM (SELECT c.*, row_number() OVER (ORDER BY c.id) AS n FROM customer c WHERE c.chain_id = ${CHAIN} AND c.store_id = 2) c
       WHERE n <= 2
      RETURNING id AS "vehicleId", customer_id AS "customerId"`);
    expect(cars).toHaveLength(2);
    const lapsedStart = addDays(addMonths(`${addMonthsTo(thisMonth, -1)}-10`, -12), 1);
    await server.db.transaction((tx) => insertPolicies(tx, cars.map((car, i) => term(car, lapsedStart, `T33-lapsed-${i}`))));
    const lapsed = await server.db.rows<{ id: number; vehicleId: number; customerId: number; expiry: string }>(sql`
      SELECT p.id, p.vehicle_id AS "vehicleId", p.customer_id AS "customerId", p.expiry_date::text AS expiry FROM insurance_policy p
       WHERE p.policy_no LIKE 'T33-lapsed-%' ORDER BY p.policy_no`);
    expect(lapsed.map((policy) => policy.expiry <= range.to && policy.expiry >= range.from)).toEqual([true, true]);
    const before = await renewedOf();

    // The car came back 61 days after its term lapsed: a win-back, not a renewal.
    await server.db.transaction((tx) => insertPolicies(tx, [term(lapsed[0]!, addDays(lapsed[0]!.expiry, 61), `T33-${lapsed[0]!.id}-${addDays(lapsed[0]!.expiry, 61)}`)]));
    expect(await renewedOf()).toMatchObject({ due: before.due, renewed: before.renewed });
    // Its next term with us started the day after: renewed.
    await server.db.run(sql`UPDATE insurance_policy SET start_date = ${addDays(lapsed[0]!.expiry, 1)}::date WHERE policy_no = ${`T33-${lapsed[0]!.id}-${addDays(lapsed[0]!.expiry, 61)}`}`);
    expect(await renewedOf()).toMatchObject({ due: before.due, renewed: before.renewed + 1 });

    // Staff mark the other 已续保 in the renewal list (the new term not entered yet): renewed too.
    const { version } = (await server.db.one<{ version: number }>(sql`SELECT COALESCE((SELECT version FROM insurance_renewal WHERE policy_id = ${lapsed[1]!.id}), 1) AS version`))!;
    const marked = await server.call('PUT', '/insurance/renewal', { token: admin, body: { policyId: lapsed[1]!.id, version, state: 'renewed', note: '客户到店续保' } });
    expect(marked.code, marked.msg).toBe(0);
    const after = await renewedOf();
    expect(after).toMatchObject({ due: before.due, renewed: before.renewed + 2 });
    const want = await renewalsFromRows(server.db, CHAIN, [2], range.from, range.to);
    expect({ due: after.due, renewed: after.renewed }).toEqual({ due: want.due, renewed: want.renewed });
    // 诊断表 reads the same home: the month of the marked term.
    const month = lapsed[1]!.expiry.slice(0, 7);
    const inMonth = await renewalsFromRows(server.db, CHAIN, [2], `${month}-01`, monthEnd(month));
    const health = await read<AnswerOf<typeof diagnosis>>(admin, 'GET', '/analysis/diagnosis', { month });
    expect(health.stores.find((store) => store.storeId === 2)?.cells.find((each) => each.key === 'renewalRate')?.value).toBe(renewalRate(inMonth.renewed, inMonth.due));
  });
});
