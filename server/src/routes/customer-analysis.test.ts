/**
 * 客户分析 over real HTTP: cohorts, stages, newly lost customers and the spend distribution equal
 * an independent computation here over the chain's plain work-order and customer rows (stages by
 * the board's rule, contracts/rules/customer.ts) (plus orders this test
 * inserts), with the chain's own 客户运营 days; a store manager sees only their store; the other
 * chain lacks the add-on (refused in Chinese); bad input → Chinese 400, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type { analysis } from '../../../contracts/api/customer-analysis';
import { addDays, today as garageToday } from '../../../contracts/dates';
import { ANALYSIS_MESSAGES, SPEND_BANDS_FEN, addMonthsTo, monthsBetween } from '../../../contracts/rules/customer-analysis';
import { sql } from '../db/database';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { stagesFromRows } from '../../../tests/support/facts';

type Analysis = AnswerOf<typeof analysis>;

let server: TestServer;
let admin: string;
let manager: string;
let hxAdmin: string;
let frontdesk: string;
const today = garageToday();
const thisMonth = today.slice(0, 7);
const from = addMonthsTo(thisMonth, -11);
const DAYS = { new: 60, active: 120, sleeping: 300 };
const RULES = { newWithinDays: DAYS.new, activeWithinDays: DAYS.active, sleepingWithinDays: DAYS.sleeping };

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager, hxAdmin, frontdesk] = await Promise.all(['admin', 'manager', 'hx-admin', 'frontdesk'].map((name) => server.loginToken(name)));
  // The chain's own stage days, not the defaults (180/365): the analysis must follow them.
  await server.db.run(sql`
    INSERT INTO customer_operation_setting (chain_id, new_within_days, active_within_days, sleeping_within_days, maintenance_enabled,
           maintenance_days_before, maintenance_km_before, insurance_enabled, insurance_days_before, birthday_enabled, birthday_days_before)
    VALUES (1, ${DAYS.new}, ${DAYS.active}, ${DAYS.sleeping}, true, 7, 500, true, 30, true, 3)`);
  // A brand-new customer of 城东店 who comes this month and (if the month allows) came back, and a
  // big spender: orders inserted here so this month's cohort and the top band are not empty.
  const vehicles = await server.db.rows<{ id: number; customer_id: number }>(sql`
    SELECT v.id, v.customer_id FROM vehicle v WHERE v.chain_id = 1 AND v.store_id = 2
       AND NOT EXISTS (SELECT 1 FROM maintenance_record r WHERE r.customer_id = v.customer_id) ORDER BY v.id LIMIT 2`);
  const insert = (vehicle: { id: number; customer_id: number }, day: string, amount: number) => server.db.run(sql`
    INSERT INTO maintenance_record (chain_id, store_id, vehicle_id, customer_id, order_no, maint_date, kind, amount, advisor)
    VALUES (1, 2, ${vehicle.id}, ${vehicle.customer_id}, ${`T-${vehicle.id}-${day}`}, ${day}::date, 'repair', ${amount}, '测试顾问')`);
  if (vehicles[0]) await insert(vehicles[0], `${thisMonth}-01`, 388.5);
  if (vehicles[1]) {
    await insert(vehicles[1], `${thisMonth}-01`, 18_000);
    await insert(vehicles[1], today, 4_321.99);
  }
});
afterAll(() => server?.close());

const load = (token: string, query: Record<string, string | number>) => server.call<Analysis>('GET', '/customer-analysis', { token, query });

/** The figures computed here from plain rows, not with the server's SQL. */
async function expected(chainId: number, storeIds: number[], fromMonth: string, toMonth: string) {
  const rows = await server.db.rows<{ store_id: number; customer_id: number; maint_date: string; amount: number }>(
    sql`SELECT store_id, customer_id, maint_date, amount FROM maintenance_record WHERE chain_id = ${chainId}`,
  );
  const lastMonth = toMonth < thisMonth ? toMonth : thisMonth;
  const asOf = lastMonth === thisMonth ? today : addDays(`${addMonthsTo(lastMonth, 1)}-01`, -1);
  const orders = rows.filter((row) => storeIds.includes(row.store_id) && row.maint_date <= asOf);
  const byCustomer = new Map<number, typeof orders>();
  for (const order of orders) byCustomer.set(order.customer_id, [...(byCustomer.get(order.customer_id) ?? []), order]);

  const months = Array.from({ length: monthsBetween(fromMonth, lastMonth) + 1 }, (_, index) => addMonthsTo(fromMonth, index));
  const cohorts = months.map((month) => {
    const members = [...byCustomer.values()].filter((list) => list.map((order) => order.maint_date.slice(0, 7)).sort()[0] === month);
    const returned = Array.from({ length: monthsBetween(month, lastMonth) + 1 }, (_, offset) =>
      members.filter((list) => list.some((order) => order.maint_date.slice(0, 7) === addMonthsTo(month, offset))).length);
    return { month, customers: members.length, returned };
  });

  // Stages: the board's rule over each customer of the stores at asOf, by home store.
  const stages = await stagesFromRows(server.db, chainId, storeIds, asOf);
  const totals = stages.totals;
  const byStore = stages.byStore.filter((store) => store.new + store.active + store.sleeping + store.lost > 0);

  // Walk each customer's days: lost on the day after 沉睡天数 without a visit.
  const lostIn = new Map<string, Set<number>>();
  for (const [customer, list] of byCustomer) {
    const days = [...new Set(list.map((order) => order.maint_date))].sort();
    days.forEach((day, index) => {
      const lostOn = addDays(day, DAYS.sleeping + 1);
      const next = days[index + 1];
      if ((next === undefined || next > lostOn) && lostOn >= `${fromMonth}-01` && lostOn <= asOf) {
        lostIn.set(lostOn.slice(0, 7), (lostIn.get(lostOn.slice(0, 7)) ?? new Set()).add(customer));
      }
    });
  }
  const newlyLost = months.map((month) => ({ month, customers: lostIn.get(month)?.size ?? 0 }));

  const spends = [...byCustomer.values()]
    .map((list) => list.filter((order) => order.maint_date >= `${fromMonth}-01`).reduce((sum, order) => sum + Math.round(order.amount * 100), 0))
    .filter((_, index) => [...byCustomer.values()][index]!.some((order) => order.maint_date >= `${fromMonth}-01`));
  const bandOf = (fen: number) => SPEND_BANDS_FEN.findLastIndex((low) => fen >= low);
  const bands = SPEND_BANDS_FEN.map((_, index) => ({
    customers: spends.filter((fen) => bandOf(fen) === index).length,
    totalFen: spends.filter((fen) => bandOf(fen) === index).reduce((sum, fen) => sum + fen, 0),
  }));
  const sorted = [...spends].sort((a, b) => a - b);
  const medianFen = sorted.length ? sorted[Math.ceil(sorted.length / 2) - 1]! : 0;
  return { asOf, cohorts, totals, byStore, newlyLost, bands, customers: spends.length, totalFen: spends.reduce((a, b) => a + b, 0), medianFen };
}

function expectSame(answer: Analysis, want: Awaited<ReturnType<typeof expected>>) {
  expect(answer.asOf).toBe(want.asOf);
  expect(answer.cohorts).toEqual(want.cohorts);
  expect(answer.stages.totals).toEqual(want.totals);
  expect(answer.stages.byStore.map(({ storeName: _name, ...counts }) => counts)).toEqual(want.byStore);
  expect(answer.stages.newlyLost).toEqual(want.newlyLost);
  expect(answer.spend.bands.map(({ customers, totalFen }) => ({ customers, totalFen }))).toEqual(want.bands);
  expect(answer.spend).toMatchObject({ customers: want.customers, totalFen: want.totalFen, medianFen: want.medianFen });
}

describe('客户分析', () => {
  it('equals an independent computation over the work orders, for the chain and one store, with the chain’s stage days', async () => {
    const answer = await load(admin, { from, to: thisMonth });
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.stages.thresholds).toEqual(RULES);
    expectSame(answer.data, await expected(1, [2, 3, 4], from, thisMonth));
    // The data is not trivially empty: cohorts, returns, every stage and several bands have people.
    expect(answer.data.cohorts.at(-1)!.customers).toBeGreaterThan(0);
    expect(answer.data.cohorts.some((cohort) => cohort.returned.slice(1).some((n) => n > 0))).toBe(true);
    expect(Object.values(answer.data.stages.totals).every((n) => n > 0)).toBe(true);
    expect(answer.data.spend.bands.filter((band) => band.customers > 0).length).toBeGreaterThan(3);
    expect(answer.data.spend.bands.at(-1)!.customers).toBeGreaterThan(0);
    expect(answer.data.stores.map((store) => store.name)).toEqual(['城东店', '城西店', '滨江店']);

    const west = await load(admin, { from, to: thisMonth, storeIds: '3' });
    expectSame(west.data, await expected(1, [3], from, thisMonth));
  });

  it('a past range stops at its last day', async () => {
    const to = addMonthsTo(thisMonth, -6);
    const answer = await load(admin, { from: addMonthsTo(to, -5), to });
    expect(answer.code, answer.msg).toBe(0);
    expectSame(answer.data, await expected(1, [2, 3, 4], addMonthsTo(to, -5), to));
    expect(answer.data.cohorts[0]!.returned).toHaveLength(6);
  });

  it('a store manager sees only their store, even when asking for others', async () => {
    const own = await load(manager, { from, to: thisMonth });
    expect(own.code, own.msg).toBe(0);
    expect(own.data.stores.map((store) => store.name)).toEqual(['城东店']);
    expect(own.data.stages.byStore.map((store) => store.storeName)).toEqual(['城东店']);
    expectSame(own.data, await expected(1, [2], from, thisMonth));
    const forged = await load(manager, { from, to: thisMonth, storeIds: '3,4' });
    expect(forged.data.stages.byStore).toEqual([]);
    expect(forged.data.spend.customers).toBe(0);
  });

  it('needs the 客户分析 add-on and the 数据 permission', async () => {
    const other = await load(hxAdmin, { from, to: thisMonth });
    expect(other.code).toBe(403);
    expect(other.msg).toBe('本连锁未开通「客户分析」，请在 项目商城 中购买后使用');
    const noData = await load(frontdesk, { from, to: thisMonth });
    expect(noData.code).toBe(403);
    expect(noData.msg).toMatch(/权限/);
    // An expired add-on is refused too, and reads again once renewed.
    await server.db.run(sql`UPDATE garage_module SET expires_at = ${addDays(today, -1)}::date WHERE chain_id = 1 AND code = 'customer_analysis'`);
    expect((await load(admin, { from, to: thisMonth })).msg).toMatch(/客户分析.*到期/);
    await server.db.run(sql`UPDATE garage_module SET expires_at = ${addDays(today, 365)}::date WHERE chain_id = 1 AND code = 'customer_analysis'`);
    expect((await load(admin, { from, to: thisMonth })).code).toBe(0);
  });

  it('refuses malformed input in Chinese, naming the month, the order, the span or the future', async () => {
    const cases: [Record<string, string | number>, string | RegExp][] = [
      [{ from: '2026-13', to: thisMonth }, ANALYSIS_MESSAGES.month('开始月份')],
      [{ from, to: '2026/01' }, ANALYSIS_MESSAGES.month('结束月份')],
      [{ to: thisMonth }, /开始月份/],
      [{ from: thisMonth, to: from }, ANALYSIS_MESSAGES.order],
      [{ from: addMonthsTo(thisMonth, -30), to: thisMonth }, ANALYSIS_MESSAGES.tooLong],
      [{ from: addMonthsTo(thisMonth, 1), to: addMonthsTo(thisMonth, 2) }, ANALYSIS_MESSAGES.future],
      [{ from, to: thisMonth, storeIds: 'x;DROP' }, '门店格式不正确'],
      [{ from: "'; SELECT 1 --", to: thisMonth }, /开始月份/],
    ];
    for (const [query, message] of cases) {
      const answer = await load(admin, query);
      expect(answer.code, JSON.stringify(query)).toBe(400);
      if (typeof message === 'string') expect(answer.msg).toBe(message);
      else expect(answer.msg).toMatch(message);
    }
  });
});
