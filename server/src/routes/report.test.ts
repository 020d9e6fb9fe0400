/**
 * 数据报表 against the real server: every figure equals a computation made here in plain JS over
 * the raw orders and their lines (not the server's SQL), for the seeded orders, after an ERP sync
 * brought new ones (through the rollup job), and after a restart with orders the job never saw.
 * Scope: a store manager's report covers their own store whatever they ask, another chain sees
 * nothing of ours; no permission, malformed input → Chinese messages, never a 500.
 */
import '../import/exceljs-utf8'; // before exceljs: see there
import { rmSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type * as calls from '../../../contracts/api/report';
import { addDays, today } from '../../../contracts/dates';
import { startTestServer, seededDataDir, type TestServer } from '../../../tests/support/server';
import { startChildServer, type ChildServer } from '../../../tests/support/child-server';
import { POLL_SERVER } from '../../../tests/support/waits';
import { openDatabase, sql, type Queryable } from '../db/database';
import { DEVELOPMENT_ERP_PASSWORD, developmentErp, developmentErpOrders } from '../providers/erp';
import { insertOrders } from '../repositories/orders';
import { requestRollup } from '../repositories/rollups';

type Report = AnswerOf<typeof calls.report>;

let server: TestServer;
let admin: string;
let manager: string;
let frontDesk: string;
let otherChain: string;
const day = today();
/** The development ERP's clock: 15:00 today in Beijing, so the day has orders in every state. */
const erpNow = new Date(`${day}T15:00:00+08:00`);

beforeAll(async () => {
  server = await startTestServer({ providers: { erp: developmentErp({ now: () => erpNow }) } });
  [admin, manager, frontDesk, otherChain] = await Promise.all(['admin', 'manager', 'frontdesk', 'hx-admin'].map((user) => server.loginToken(user)));
}, 120_000);
afterAll(() => server?.close());

// ── The figures, computed here ─────────────────────────────────────────────────────────────────

interface RawOrder {
  id: number;
  store_id: number;
  customer_id: number;
  maint_date: string;
  amount: number;
  advisor: string;
  service_type: string;
  labour: number;
  parts: number;
}

async function rawOrders(db: Queryable, chainId: number): Promise<RawOrder[]> {
  const orders = await db.rows<Omit<RawOrder, 'labour' | 'parts'>>(sql`
    SELECT id, store_id, customer_id, maint_date, amount, advisor, service_type FROM maintenance_record WHERE chain_id = ${chainId}`);
  const lines = await db.rows<{ order_id: number; kind: string; amount_fen: number }>(sql`SELECT order_id, kind, amount_fen FROM work_order_line WHERE chain_id = ${chainId}`);
  const sums = new Map<number, { labour: number; parts: number }>();
  for (const line of lines) {
    const sum = sums.get(line.order_id) ?? { labour: 0, parts: 0 };
    if (line.kind === 'labour') sum.labour += line.amount_fen;
    else sum.parts += line.amount_fen;
    sums.set(line.order_id, sum);
  }
  return orders.map((order) => ({ ...order, labour: sums.get(order.id)?.labour ?? 0, parts: sums.get(order.id)?.parts ?? 0 }));
}

interface Filter {
  storeIds: number[];
  from: string;
  to: string;
  groupBy: 'store' | 'day' | 'week' | 'month' | 'advisor' | 'serviceType';
  advisor?: string;
  serviceType?: string;
}

const before = (a: RawOrder, b: RawOrder) => a.maint_date < b.maint_date || (a.maint_date === b.maint_date && a.id < b.id);

function mondayOf(d: string) {
  const weekday = (new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(d, -weekday);
}

/** The report's rows by key, per the 口径 of contracts/rules/orders.ts REPORT_MEASURES. */
function expected(all: RawOrder[], filter: Filter) {
  // A customer's first order in the chain, and their first order of each store-day.
  const firstEver = new Map<number, RawOrder>();
  const firstOfDay = new Map<string, RawOrder>();
  for (const order of all) {
    const first = firstEver.get(order.customer_id);
    if (!first || before(order, first)) firstEver.set(order.customer_id, order);
    const key = `${order.store_id}|${order.maint_date}|${order.customer_id}`;
    const today = firstOfDay.get(key);
    if (!today || order.id < today.id) firstOfDay.set(key, order);
  }
  const keyOf = (order: RawOrder) =>
    ({
      store: String(order.store_id),
      day: order.maint_date,
      week: mondayOf(order.maint_date),
      month: order.maint_date.slice(0, 7),
      advisor: order.advisor,
      serviceType: order.service_type,
    })[filter.groupBy];
  const rows = new Map<string, { revenueFen: number; labourFen: number; partsFen: number; orders: number; customers: number; newCustomers: number; returningCustomers: number }>();
  for (const order of all) {
    if (!filter.storeIds.includes(order.store_id) || order.maint_date < filter.from || order.maint_date > filter.to) continue;
    if (filter.advisor !== undefined && order.advisor !== filter.advisor) continue;
    if (filter.serviceType !== undefined && order.service_type !== filter.serviceType) continue;
    const row = rows.get(keyOf(order)) ?? { revenueFen: 0, labourFen: 0, partsFen: 0, orders: 0, customers: 0, newCustomers: 0, returningCustomers: 0 };
    row.revenueFen += Math.round(order.amount * 100);
    row.labourFen += order.labour;
    row.partsFen += order.parts;
    row.orders += 1;
    if (firstOfDay.get(`${order.store_id}|${order.maint_date}|${order.customer_id}`) === order) {
      row.customers += 1;
      if (firstEver.get(order.customer_id)!.maint_date < order.maint_date) row.returningCustomers += 1;
    }
    if (firstEver.get(order.customer_id) === order) row.newCustomers += 1;
    rows.set(keyOf(order), row);
  }
  return rows;
}

const report = (token: string, query: Record<string, string | number>) => server.call<Report>('GET', '/report/figures', { token, query });

/** The answer's non-empty rows as the same shape as `expected`. */
function answered(data: Report) {
  return new Map(
    data.rows
      .filter((row) => row.orders > 0)
      .map((row) => [row.key, { revenueFen: row.revenueFen, labourFen: row.labourFen, partsFen: row.partsFen, orders: row.orders, customers: row.customers, newCustomers: row.newCustomers, returningCustomers: row.returningCustomers }]),
  );
}

const yearAgo = addDays(day, -364);

// ── Tests ──────────────────────────────────────────────────────────────────────────────────────

describe('figures of the seeded orders', () => {
  it('by store over a year equal the orders counted here, with ticket size, retention and the total', async () => {
    const all = await rawOrders(server.db, 1);
    const answer = await report(admin, { groupBy: 'store', from: yearAgo, to: day });
    expect(answer.code, answer.msg).toBe(0);
    const want = expected(all, { storeIds: [2, 3, 4], from: yearAgo, to: day, groupBy: 'store' });
    expect(answer.data.rows.map((row) => row.label).sort()).toEqual(['城东店', '城西店', '滨江店'].sort());
    expect(answer.data.rows.every((row) => row.orders > 0)).toBe(true);
    expect(answered(answer.data)).toEqual(want);
    for (const row of answer.data.rows) {
      expect(row.ticketFen).toBe(Math.round(row.revenueFen / row.orders));
      expect(row.retention).toBe(Math.round((row.returningCustomers * 10_000) / row.customers));
      expect(row.labourFen + row.partsFen).toBe(row.revenueFen);
    }
    const revenue = [...want.values()].reduce((sum, row) => sum + row.revenueFen, 0);
    expect(answer.data.total.revenueFen).toBe(revenue);
    expect(answer.data.total.orders).toBe([...want.values()].reduce((sum, row) => sum + row.orders, 0));
    // Ranking: highest revenue first.
    expect(answer.data.rows.map((row) => row.revenueFen)).toEqual([...answer.data.rows.map((row) => row.revenueFen)].sort((a, b) => b - a));
  });

  it('by month, week, day, advisor and service type, and drilled down with narrower filters', async () => {
    const all = await rawOrders(server.db, 1);
    for (const groupBy of ['month', 'week', 'advisor', 'serviceType'] as const) {
      const answer = await report(admin, { groupBy, from: yearAgo, to: day });
      expect(answer.code, answer.msg).toBe(0);
      expect(answered(answer.data), groupBy).toEqual(expected(all, { storeIds: [2, 3, 4], from: yearAgo, to: day, groupBy }));
    }
    const months = await report(admin, { groupBy: 'month', from: yearAgo, to: day });
    expect(months.data.rows.length).toBeGreaterThanOrEqual(12);
    expect(months.data.rows[0].label).toMatch(/^\d{4}年\d{1,2}月$/);

    // Drill down: one store, one month by day, one advisor, one service type.
    const month = months.data.rows.at(-2)!.key;
    const from = `${month}-01`;
    const to = addDays(addDays(`${month}-28`, 4).slice(0, 7) + '-01', -1);
    const advisor = all.find((order) => order.store_id === 3 && order.maint_date >= from && order.maint_date <= to)!.advisor;
    const query = { groupBy: 'day' as const, from, to, storeIds: [3], advisor, serviceType: 'beauty' };
    const drilled = await report(admin, { ...query, storeIds: '3' });
    expect(drilled.code, drilled.msg).toBe(0);
    expect(drilled.data.rows.map((row) => row.key)).toEqual(Array.from({ length: Number(to.slice(8)) }, (_, i) => addDays(from, i)));
    expect(answered(drilled.data)).toEqual(expected(all, query));
  });

  it('exports the same report as xlsx, formula-like text written as text', { timeout: 120_000 }, async () => {
    // An advisor whose name starts like a formula must stay text in Excel.
    const hostile = '=HYPERLINK("http://x")';
    await server.db.run(sql`UPDATE maintenance_record SET advisor = ${hostile} WHERE id = (SELECT id FROM maintenance_record WHERE store_id = 2 AND maint_date BETWEEN ${yearAgo}::date AND ${day}::date ORDER BY maint_date DESC, id LIMIT 1)`);
    await requestRollup(server.app.jobs);
    await waitForRollup(server.db);
    const query = new URLSearchParams({ groupBy: 'advisor', from: yearAgo, to: day });
    const response = await fetch(`${server.url}/api/report/export?${query}`, { headers: { token: admin } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(decodeURIComponent(response.headers.get('content-disposition') ?? '')).toContain('数据报表-服务顾问');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('数据报表')!;
    const values = sheet.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1));
    const header = values.findIndex((row) => row[0] === '服务顾问');
    expect(values[header]).toContain('营业额（元）');
    const answer = await report(admin, { groupBy: 'advisor', from: yearAgo, to: day });
    const body = values.slice(header + 1, -1);
    expect(body.map((row) => row[0])).toEqual(answer.data.rows.map((row) => (row.label === hostile ? `'${hostile}` : row.label)));
    expect(body.map((row) => Math.round((row[1] as number) * 100))).toEqual(answer.data.rows.map((row) => row.revenueFen));
    expect(values.at(-1)![0]).toBe('合计');
    expect(body.some((row) => row[0] === `'${hostile}`)).toBe(true);
    for (const row of sheet.getRows(1, sheet.rowCount) ?? []) row.eachCell((cell) => expect(cell.formula).toBeFalsy());
  });
});

describe('scope', () => {
  it("a store manager's report covers only their own store, whatever stores they ask for", async () => {
    const all = await rawOrders(server.db, 1);
    for (const storeIds of [undefined, '3,4', '2,3,4']) {
      const answer = await report(manager, { groupBy: 'store', from: yearAgo, to: day, ...(storeIds ? { storeIds } : {}) });
      expect(answer.code, answer.msg).toBe(0);
      if (storeIds === '3,4') {
        expect(answer.data.rows).toEqual([]);
        expect(answer.data.total.orders).toBe(0);
      } else {
        expect(answer.data.rows.map((row) => row.label)).toEqual(['城东店']);
        expect(answered(answer.data)).toEqual(expected(all, { storeIds: [2], from: yearAgo, to: day, groupBy: 'store' }));
      }
      expect(answer.data.stores.map((store) => store.id)).toEqual([2]);
    }
    const response = await fetch(`${server.url}/api/report/export?${new URLSearchParams({ groupBy: 'store', storeIds: '3,4' })}`, { headers: { token: manager } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const text = JSON.stringify(book.getWorksheet('数据报表')!.getSheetValues());
    expect(text).not.toContain('城西店');
    expect(text).not.toContain('滨江店');
  });

  it('another chain sees only its own stores, and none of ours even when it names them', async () => {
    const own = await report(otherChain, { groupBy: 'store', from: yearAgo, to: day });
    expect(own.code, own.msg).toBe(0);
    expect(own.data.rows.map((row) => row.label).sort()).toEqual(['吴中店', '园区店'].sort());
    expect(answered(own.data)).toEqual(expected(await rawOrders(server.db, 2), { storeIds: [6, 7], from: yearAgo, to: day, groupBy: 'store' }));
    const ours = await report(otherChain, { groupBy: 'store', from: yearAgo, to: day, storeIds: '2,3,4' });
    expect(ours.data.rows).toEqual([]);
    expect(ours.data.advisors).toEqual([]);
  });

  it('needs the 数据 permission (no token: never a 500); malformed input answers in Chinese, naming the field or the rule', async () => {
    const refused = await report(frontDesk, { groupBy: 'store' });
    expect(refused).toMatchObject({ code: 403, msg: '没有查看数据报表的权限' });
    const noToken = await server.call('GET', '/report/figures', {});
    expect(noToken.status).toBeLessThan(500);
    const bad: [Record<string, string>, string][] = [
      [{ groupBy: 'year' }, '不支持的分组方式'],
      [{ from: '2026-02-30' }, '开始日期不是有效的日期'],
      [{ to: '2026/03/01' }, '结束日期应为 年-月-日，如 2026-03-07'],
      [{ from: '2026-03-02', to: '2026-03-01' }, '结束日期不能早于开始日期'],
      [{ from: '2020-01-01', to: '2026-01-01' }, '统计区间最长 3 年'],
      [{ storeIds: '2,abc' }, '门店格式不正确'],
      [{ serviceType: 'wash' }, '不支持的服务类型'],
      [{ advisor: 'x'.repeat(40) }, '服务顾问不能超过 32 个字'],
    ];
    for (const [query, msg] of bad) {
      const answer = await report(admin, query);
      expect(answer.code, JSON.stringify(query)).toBe(400);
      expect(answer.msg, JSON.stringify(query)).toBe(msg);
    }
    const exportBad = await server.call('GET', '/report/export', { token: admin, query: { from: 'soon' } });
    expect(exportBad).toMatchObject({ code: 400, msg: '开始日期应为 年-月-日，如 2026-03-07' });
  });
});

/** Until the rollup job has recomputed every marked cell (what a user waits for after a sync). */
const waitForRollup = (db: Queryable) => expect.poll(() => db.one(sql`SELECT 1 FROM order_rollup_dirty LIMIT 1`), POLL_SERVER).toBeUndefined();

describe('keeping the figures current', () => {
  it('orders from an ERP sync reach the report through the rollup job; syncing again adds nothing', { timeout: 120_000 }, async () => {
    const beforeSync = await report(admin, { groupBy: 'store', from: day, to: day });
    const bound = await server.call('POST', '/api/erp/bind', { token: admin, body: { erpType: 'f6', account: 'antu-hq', password: DEVELOPMENT_ERP_PASSWORD, storeCode: 'S01' } });
    expect(bound.code, bound.msg).toBe(0);
    const synced = await server.call<{ lastSyncOrders: number; lastSyncCustomers: number; lastSyncResult: string }>('POST', '/api/erp/sync', { token: admin, body: { erpType: 'f6' } });
    expect(synced.code, synced.msg).toBe(0);
    expect(synced.data.lastSyncResult).toBe('ok');
    expect(synced.data.lastSyncOrders).toBeGreaterThan(3);
    const erpOrders = await server.db.rows<{ status: string; store_id: number; erp_order_no: string }>(sql`SELECT status, store_id, erp_order_no FROM maintenance_record WHERE source = 'erp'`);
    expect(erpOrders.length).toBe(synced.data.lastSyncOrders);
    expect(new Set(erpOrders.map((order) => order.store_id))).toEqual(new Set([2]));
    // Each order keeps the ERP's state at the sync (which states occur depends on the day's orders).
    const sent = Object.fromEntries(developmentErpOrders('S01', day, 15 * 60).map((order) => [order.erpOrderNo, order.status]));
    expect(Object.fromEntries(erpOrders.map((order) => [order.erp_order_no, order.status]))).toEqual(sent);
    expect(erpOrders.some((order) => order.status === 'settled')).toBe(true);

    await waitForRollup(server.db);
    const all = await rawOrders(server.db, 1);
    const after = await report(admin, { groupBy: 'store', from: day, to: day });
    expect(answered(after.data)).toEqual(expected(all, { storeIds: [2, 3, 4], from: day, to: day, groupBy: 'store' }));
    const east = (data: Report) => data.rows.find((row) => row.key === '2')?.orders ?? 0;
    expect(east(after.data)).toBe(east(beforeSync.data) + synced.data.lastSyncOrders);
    const year = await report(admin, { groupBy: 'month', from: yearAgo, to: day });
    expect(answered(year.data)).toEqual(expected(all, { storeIds: [2, 3, 4], from: yearAgo, to: day, groupBy: 'month' }));

    const again = await server.call<{ lastSyncOrders: number }>('POST', '/api/erp/sync', { token: admin, body: { erpType: 'f6' } });
    expect(again.data.lastSyncOrders).toBe(0);
    expect((await server.db.rows(sql`SELECT 1 FROM maintenance_record WHERE source = 'erp'`)).length).toBe(erpOrders.length);
  });
});

describe('after a restart', () => {
  let dataDir = '';
  let child: ChildServer | undefined;
  afterAll(async () => {
    await child?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('orders written while no job ran (a crash) are in the figures once the server is back', { timeout: 300_000 }, async () => {
    dataDir = await seededDataDir();
    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    let all: RawOrder[];
    try {
      // A customer's earlier first order (moves their 新客户 cell) and orders of today, straight into the tables.
      const cars = await db.rows<{ id: number; customer_id: number; store_id: number; first: string }>(sql`
        SELECT v.id, v.customer_id, v.store_id, min(r.maint_date) AS first FROM vehicle v JOIN maintenance_record r ON r.vehicle_id = v.id
         WHERE v.chain_id = 1 GROUP BY v.id ORDER BY min(r.maint_date) DESC, v.id LIMIT 3`);
      await insertOrders(db, cars.map((car, n) => ({
        chainId: 1, storeId: car.store_id, vehicleId: car.id, customerId: car.customer_id, orderNo: `T${n}`,
        day: n === 0 ? addDays(car.first, -30) : day, serviceType: 'repair', status: 'settled', advisor: '重启测试', technician: '', paymentMethod: 'cash', source: 'manual',
        lines: [{ kind: 'labour', name: '检测', quantity: 1, unitPriceFen: 12_300 + n }, { kind: 'part', name: '保险丝', quantity: 2, unitPriceFen: 450 }],
      })));
      expect(await db.one(sql`SELECT 1 FROM order_rollup_dirty LIMIT 1`)).toBeTruthy();
      all = await rawOrders(db, 1);
    } finally {
      await db.close();
    }

    child = await startChildServer({ dataDir });
    const token = (await child.call('POST', '/user/username-token', undefined, { username: 'admin', password: 'Garage@2026' })).token!;
    const from = addDays(day, -3 * 365 + 10);
    const want = expected(all, { storeIds: [2, 3, 4], from, to: day, groupBy: 'month' });
    // The startup catch-up queues the job; wait for the figures a user would see.
    const started = child;
    await vi.waitFor(async () => {
      const answer = await started.call<Report>('GET', `/report/figures?groupBy=month&from=${from}&to=${day}`, token);
      expect(answer.code, answer.msg).toBe(0);
      expect(answered(answer.data)).toEqual(want);
    }, POLL_SERVER);
    const byAdvisor = await child.call<Report>('GET', `/report/figures?groupBy=advisor&from=${from}&to=${day}&advisor=${encodeURIComponent('重启测试')}`, token);
    expect(answered(byAdvisor.data)).toEqual(expected(all, { storeIds: [2, 3, 4], from, to: day, groupBy: 'advisor', advisor: '重启测试' }));
    expect(byAdvisor.data.total.orders).toBe(3);
    expect(byAdvisor.data.total.revenueFen).toBe(12_300 + 12_301 + 12_302 + 3 * 900);
  });
});
