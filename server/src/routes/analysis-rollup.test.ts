/**
 * 诊断表 and 数据统计 read 营业额, 到店台次, 客单价 and 保养台次 from the order rollup, not the raw
 * orders. This holds the new reading to the old one: the raw-order SQL those pages used before
 * (kept here as the reference) and the rollup answer the same on the seeded chains — every store
 * and month, the chain, a year, every (store, 服务顾问) — and still after orders are added
 * (backdated, a new 服务顾问), changed and deleted, once the rollup job has run — and the rollup kept
 * by migration 560's trigger function then equals one rebuilt from scratch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../../contracts/dates';
import { monthOf, monthRange } from '../../../contracts/rules/metrics';
import { sql, type Queryable } from '../db/database';
import { builtInValues, personValues, type Span } from '../repositories/metrics';
import { insertOrders } from '../repositories/orders';
import { advisorTotals, rebuildAll, refreshDirty } from '../repositories/rollups';
import { startTestServer, type TestServer } from '../../../tests/support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const day = today();
const ORDER_KEYS = ['revenue', 'visits', 'ticketSize', 'maintenanceVisits'] as const;

/** The old reading (builtInValues before the rollup): the raw orders of the span. */
async function rawOrderValues(db: Queryable, span: Omit<Span, 'timeZone'>) {
  const byStaff = span.staffName ? sql`AND r.advisor = ${span.staffName}` : sql``;
  const row = await db.one<{ revenue: number; visits: number; maintenance_visits: number }>(sql`
    SELECT COALESCE(sum(round(r.amount * 100)), 0)::int8 AS revenue, count(*)::int AS visits,
           count(*) FILTER (WHERE r.kind = 'maintenance')::int AS maintenance_visits
      FROM maintenance_record r
     WHERE r.chain_id = ${span.chainId} AND r.store_id = ANY(${sql.param(span.storeIds)}::int[])
       AND r.maint_date BETWEEN ${span.from}::date AND ${span.to}::date ${byStaff}`);
  const { revenue, visits, maintenance_visits: maintenanceVisits } = row!;
  return { revenue, visits, ticketSize: visits > 0 ? Math.round(revenue / visits) : null, maintenanceVisits };
}

/** The old list of people (数据统计): 服务顾问 named on the stores' orders of the period. */
function rawAdvisors(db: Queryable, chainId: number, storeIds: number[], from: string, to: string) {
  return db.rows<{ storeId: number; staffName: string }>(sql`
    SELECT DISTINCT r.store_id AS "storeId", r.advisor AS "staffName" FROM maintenance_record r
     WHERE r.chain_id = ${chainId} AND r.store_id = ANY(${sql.param(storeIds)}::int[])
       AND r.maint_date BETWEEN ${from}::date AND ${to}::date AND r.advisor <> ''`);
}

const pick = (values: Record<string, number | null>) => Object.fromEntries(ORDER_KEYS.map((key) => [key, values[key]]));

/** Every comparison the two pages make, for both demo chains; answers how many spans were compared. */
async function compareEverything(): Promise<number> {
  let compared = 0;
  const chains = await server.db.rows<{ id: number }>(sql`SELECT id FROM chain ORDER BY id`);
  expect(chains.length).toBeGreaterThanOrEqual(2);
  for (const { id: chainId } of chains) {
    const stores = (await server.db.rows<{ id: number }>(sql`SELECT id FROM garage WHERE chain_id = ${chainId} AND NOT is_hq ORDER BY id`)).map((row) => row.id);
    const spans: { storeIds: number[]; from: string; to: string }[] = [
      { storeIds: stores, from: addDays(day, -365), to: day },
      { storeIds: stores, from: day, to: day },
    ];
    for (let back = 0; back < 14; back += 1) {
      const month = monthOf(addDays(day, -back * 30));
      const range = monthRange(month, day);
      for (const storeId of stores) spans.push({ storeIds: [storeId], ...range });
      spans.push({ storeIds: stores, ...range });
    }
    for (const span of spans) {
      const full = { chainId, ...span };
      const now = await builtInValues(server.db, { ...full, timeZone: server.config.timeZone });
      expect(pick(now), JSON.stringify(full)).toEqual(await rawOrderValues(server.db, full));
      compared += 1;
    }
    // 数据统计: the people of this and last month, and each one's figures.
    for (const month of [monthOf(day), monthOf(addDays(monthRange(monthOf(day), day).from, -1))]) {
      const range = monthRange(month, day);
      const people = await advisorTotals(server.db, { chainId, storeIds: stores, ...range });
      const oldPeople = await rawAdvisors(server.db, chainId, stores, range.from, range.to);
      const key = (storeId: number, name: string) => `${storeId}|${name}`;
      expect(new Set(people.map((p) => key(p.storeId, p.advisor)))).toEqual(new Set(oldPeople.map((p) => key(p.storeId, p.staffName))));
      for (const person of people) {
        const old = await rawOrderValues(server.db, { chainId, storeIds: [person.storeId], ...range, staffName: person.advisor });
        expect(pick(personValues(person)), key(person.storeId, person.advisor)).toEqual(old);
        // builtInValues for one person (指标树's person nodes) reads the same rollup rows.
        const single = await builtInValues(server.db, { chainId, storeIds: [person.storeId], ...range, staffName: person.advisor, timeZone: server.config.timeZone });
        expect(single).toEqual(personValues(person));
        compared += 1;
      }
    }
  }
  return compared;
}

describe('诊断表 / 数据统计 order figures from the rollup', () => {
  it('equal the old raw-order computation on the seeded chains', { timeout: 120_000 }, async () => {
    const orders = await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM maintenance_record WHERE maint_date >= ${addDays(day, -60)}::date`);
    expect(orders!.n).toBeGreaterThan(100);
    expect(await compareEverything()).toBeGreaterThan(50);
  });

  it('still equal it after orders are added, changed and deleted and the rollup job has run', { timeout: 120_000 }, async () => {
    const cars = await server.db.rows<{ id: number; customer_id: number; store_id: number; chain_id: number; first: string }>(sql`
      SELECT v.id, v.customer_id, v.store_id, v.chain_id, min(r.maint_date) AS first FROM vehicle v JOIN maintenance_record r ON r.vehicle_id = v.id
       GROUP BY v.id ORDER BY v.chain_id, min(r.maint_date) DESC, v.id LIMIT 4`);
    await insertOrders(server.db, cars.map((car, n) => ({
      chainId: car.chain_id, storeId: car.store_id, vehicleId: car.id, customerId: car.customer_id, orderNo: `EQ${n}`,
      day: n === 0 ? addDays(car.first, -20) : addDays(day, -n), serviceType: n % 2 ? 'maintenance' : 'tyre', status: 'settled',
      advisor: n === 3 ? '新来的顾问' : '', technician: '', paymentMethod: 'cash', source: 'manual',
      lines: [{ kind: 'labour', name: '检测', quantity: 1, unitPriceFen: 9_900 + n }, { kind: 'part', name: '滤芯', quantity: 3, unitPriceFen: 333 }],
    })));
    // An amount changed, an order moved to another day, one deleted: each marks its cells.
    await server.db.run(sql`UPDATE maintenance_record SET amount = amount + 1.23 WHERE id = (SELECT max(id) FROM maintenance_record WHERE maint_date = ${addDays(day, -3)}::date)`);
    await server.db.run(sql`UPDATE maintenance_record SET maint_date = maint_date + 1 WHERE id = (SELECT min(id) FROM maintenance_record WHERE maint_date = ${addDays(day, -40)}::date)`);
    await server.db.run(sql`DELETE FROM maintenance_record WHERE id = (SELECT max(id) FROM maintenance_record WHERE maint_date = ${addDays(day, -70)}::date)`);
    expect(await server.db.one(sql`SELECT 1 FROM order_rollup_dirty LIMIT 1`)).toBeTruthy();
    while ((await refreshDirty(server.db)) > 0);
    expect(await compareEverything()).toBeGreaterThan(50);
    // The cells the trigger marked were all the changes touched: the kept rollup equals one rebuilt from scratch
    // (new and returning customers too, which a backdated first order and a deleted order move).
    const rollup = () => server.db.rows(sql`SELECT * FROM order_rollup ORDER BY chain_id, store_id, day, advisor, service_type`);
    const kept = await rollup();
    await rebuildAll(server.db);
    expect(kept).toEqual(await rollup());
  });
});
