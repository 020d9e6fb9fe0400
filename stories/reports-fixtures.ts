/**
 * Recorded-style answers of 数据报表 (/report/figures, server/src/routes/report.ts) and 客户分析
 * (/customer-analysis), on top of the customer fixture, so both stories run without a server.
 * Figures are generated from a small fixed table of days, so drill-down and totals agree.
 */
import { encryptText } from '../widgets/core/crypto/cipher';
import type { Report } from '../widgets/data-report/api';
import type { Analysis, Modules } from '../widgets/customer-analysis/api';
import { addDays, addMonths, today as garageToday } from '../contracts/dates';
import { SERVICE_TYPES, SERVICE_TYPE_KEYS, shareBp, ticketFen, type ReportGroup } from '../contracts/rules/orders';
import { SPEND_BANDS_FEN, addMonthsTo, spendBandName } from '../contracts/rules/customer-analysis';
import { installCustomerFixture } from './customer-fixtures';

const today = garageToday();
const STORES = [{ id: 2, name: '城东店' }, { id: 3, name: '城西店' }, { id: 4, name: '滨江店' }];
const ADVISORS = ['王师傅', '李娜', '张伟'];

interface Cell { day: string; storeId: number; advisor: string; serviceType: (typeof SERVICE_TYPE_KEYS)[number]; revenueFen: number; labourFen: number; partsFen: number; orders: number; customers: number; newCustomers: number; returningCustomers: number }

/** 400 days × 3 stores × 3 advisors × 5 types, figures from a fixed pseudo-random walk. */
const CELLS: Cell[] = (() => {
  const cells: Cell[] = [];
  let seed = 17;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed / 2147483648);
  for (let back = 400; back >= 0; back -= 1) {
    const day = addDays(today, -back);
    for (const store of STORES) for (const advisor of ADVISORS) for (const serviceType of SERVICE_TYPE_KEYS) {
      if (next() < 0.55) continue;
      const orders = 1 + Math.floor(next() * 3);
      const labourFen = Math.round(orders * (8_000 + next() * 30_000));
      const partsFen = Math.round(orders * (5_000 + next() * 40_000));
      const newCustomers = next() < 0.2 ? 1 : 0;
      cells.push({ day, storeId: store.id, advisor, serviceType, revenueFen: labourFen + partsFen, labourFen, partsFen, orders, customers: orders, newCustomers, returningCustomers: orders - newCustomers });
    }
  }
  return cells;
})();

const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const KEY: Record<ReportGroup, (cell: Cell) => string> = {
  store: (cell) => String(cell.storeId), day: (cell) => cell.day, week: (cell) => mondayOf(cell.day), month: (cell) => cell.day.slice(0, 7),
  advisor: (cell) => cell.advisor, serviceType: (cell) => cell.serviceType,
};
function label(group: ReportGroup, key: string) {
  if (group === 'store') return STORES.find((store) => String(store.id) === key)?.name ?? key;
  if (group === 'month') return `${key.slice(0, 4)}年${Number(key.slice(5))}月`;
  if (group === 'week') return `${key} 周`;
  if (group === 'serviceType') return SERVICE_TYPES[key as keyof typeof SERVICE_TYPES];
  return key;
}
function sum(cells: Cell[]) {
  const total = cells.reduce((acc, cell) => ({
    revenueFen: acc.revenueFen + cell.revenueFen, labourFen: acc.labourFen + cell.labourFen, partsFen: acc.partsFen + cell.partsFen, orders: acc.orders + cell.orders,
    customers: acc.customers + cell.customers, newCustomers: acc.newCustomers + cell.newCustomers, returningCustomers: acc.returningCustomers + cell.returningCustomers,
  }), { revenueFen: 0, labourFen: 0, partsFen: 0, orders: 0, customers: 0, newCustomers: 0, returningCustomers: 0 });
  return { ...total, ticketFen: ticketFen(total.revenueFen, total.orders), retention: shareBp(total.returningCustomers, total.customers) };
}

export function report(query: URLSearchParams): Report {
  const groupBy = (query.get('groupBy') ?? 'store') as ReportGroup;
  const from = query.get('from') ?? addDays(today, -29);
  const to = query.get('to') ?? today;
  const storeIds = query.get('storeIds')?.split(',').map(Number);
  const advisor = query.get('advisor');
  const serviceType = query.get('serviceType');
  const cells = CELLS.filter((cell) => cell.day >= from && cell.day <= to && (!storeIds || storeIds.includes(cell.storeId))
    && (advisor === null || cell.advisor === advisor) && (!serviceType || cell.serviceType === serviceType));
  const keys = [...new Set(cells.map(KEY[groupBy]))].sort(groupBy === 'store' ? (a, b) => Number(a) - Number(b) : undefined);
  return {
    from, to, groupBy,
    rows: keys.map((key) => ({ key, label: label(groupBy, key), ...sum(cells.filter((cell) => KEY[groupBy](cell) === key)) })),
    total: sum(cells), stores: STORES, advisors: ADVISORS,
  };
}


export function customerAnalysis(query: URLSearchParams): Analysis {
  const thisMonth = today.slice(0, 7);
  const from = query.get('from') ?? addMonthsTo(thisMonth, -11);
  const months: string[] = [];
  for (let month = from; month <= thisMonth && months.length < 24; month = addMonthsTo(month, 1)) months.push(month);
  const cohorts = months.map((month, index) => {
    const customers = 30 + ((index * 37) % 60);
    const returned = [customers, ...months.slice(index + 1).map((_, offset) => Math.round(customers * (0.03 + (((offset + 1) % 6) === 0 ? 0.2 : 0.06 * ((offset + index) % 3)))))];
    return { month, customers, returned };
  });
  const byStore = STORES.map((store, index) => ({ storeId: store.id, storeName: store.name, new: 180 - index * 40, active: 820 - index * 160, sleeping: 150 - index * 20, lost: 110 - index * 25 }));
  const counts = [296, 607, 780, 668, 84, 3, 0];
  return {
    asOf: today,
    cohorts,
    stages: {
      thresholds: { newWithinDays: 90, activeWithinDays: 180, sleepingWithinDays: 365 },
      byStore,
      totals: { new: byStore.reduce((n, s) => n + s.new, 0), active: byStore.reduce((n, s) => n + s.active, 0), sleeping: byStore.reduce((n, s) => n + s.sleeping, 0), lost: byStore.reduce((n, s) => n + s.lost, 0) },
      newlyLost: months.map((month, index) => ({ month, customers: 12 + ((index * 7) % 20) })),
    },
    spend: {
      bands: SPEND_BANDS_FEN.map((fromFen, index) => ({ name: spendBandName(index), fromFen, toFen: SPEND_BANDS_FEN[index + 1] ?? null, customers: counts[index]!, totalFen: counts[index]! * (fromFen + 30_000) })),
      customers: counts.reduce((a, b) => a + b, 0),
      totalFen: counts.reduce((n, c, index) => n + c * (SPEND_BANDS_FEN[index]! + 30_000), 0),
      medianFen: 135_700,
    },
    stores: STORES,
  };
}

/** The chain's add-ons: `held` false → the element shows its 项目商城 page. */
const modules = (held: boolean): Modules => (held ? [{ code: 'customer_analysis', name: '客户分析', enabled: true, expiresAt: addMonths(today, 6), expired: false }] : []);

/** Installs the fixture (Storybook `beforeEach`); returns the cleanup. */
export function installReportsFixture({ addOn = true } = {}) {
  const removeCustomer = installCustomerFixture();
  const customerFetch = window.fetch;
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
    const path = url.pathname.slice(4);
    const data = path === '/report/figures' ? report(url.searchParams)
      : path === '/customer-analysis' ? customerAnalysis(url.searchParams)
      : path === '/garage/module' ? modules(addOn) : undefined;
    if (data === undefined) return customerFetch(input, init);
    return new Response(encryptText(JSON.stringify({ code: 0, msg: 'ok', data })), { status: 200, headers: { 'Content-Type': 'text/plain' } });
  };
  return () => {
    window.fetch = customerFetch;
    removeCustomer();
  };
}
