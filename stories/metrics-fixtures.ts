/**
 * Recorded-style answers of 指标库 and 指标树 (shape of server/src/routes/metrics.ts, typed by
 * contracts/api/metrics.ts), layered over the customer fixture for the session calls. Writes answer
 * success and are not remembered.
 */
import type { AnswerOf } from '../contracts/api/route';
import type { library, tree } from '../contracts/api/metrics';
import { BUILT_IN_METRICS, BUILT_IN_METRIC_KEYS } from '../contracts/rules/metrics';
import { encryptText } from '../widgets/core/crypto/cipher';
import { installCustomerFixture } from './customer-fixtures';

const STORES = [{ id: 2, name: '城东店' }, { id: 3, name: '城西店' }, { id: 4, name: '滨江店' }];
const VALUES: Record<string, number> = {
  revenue: 31_970_500, visits: 374, ticketSize: 85_483, maintenanceVisits: 260, newCustomers: 161, returnRate: 8736, retentionRate: 8395, sleepingCustomers: 412, dueConversion: 4120, renewalRate: 3571,
};

export const LIBRARY: AnswerOf<typeof library> = {
  month: '2026-11', from: '2026-11-01', to: '2026-11-24',
  builtIn: BUILT_IN_METRIC_KEYS.map((key) => {
    const { perStaff: _perStaff, ...metric } = BUILT_IN_METRICS[key];
    return { ...metric, value: VALUES[key] };
  }),
  custom: [
    { id: 1, ref: 'custom:1', name: '好评数', unit: '条', description: '大众点评与美团上本店收到的四星及以上评价数，店长每月初录入上月数。', period: 'month', direction: 'higher', additive: true, value: 21, version: 1 },
    { id: 2, ref: 'custom:2', name: '投诉率', unit: '%', description: '', period: 'week', direction: 'lower', additive: false, value: null, version: 1 },
  ],
  stores: STORES, canEditDefinitions: true, canEdit: true, customRefusal: null,
};

const node = (fields: Partial<AnswerOf<typeof tree>['nodes'][number]> & { id: number }) => ({
  parentId: null, metric: 'revenue', metricName: '营业额', unit: '元' as const, direction: 'higher' as const, storeId: null, storeName: '全连锁',
  position: '', staffName: '', target: 0, actual: null, warning: null, editable: true, version: 1, ...fields,
});

export const TREE: AnswerOf<typeof tree> = {
  month: '2026-11', from: '2026-11-01', to: '2026-11-24',
  nodes: [
    node({ id: 1, target: 56_000_000, actual: 31_970_500, warning: '下级目标合计 ¥550,000.00，比本级目标少 ¥10,000.00' }),
    node({ id: 2, parentId: 1, storeId: 2, storeName: '城东店', target: 22_000_000, actual: 12_815_000 }),
    node({ id: 3, parentId: 2, storeId: 2, storeName: '城东店', metric: 'visits', metricName: '到店台次', unit: '次', position: '服务顾问', staffName: '刘师傅', target: 53, actual: 56 }),
    node({ id: 4, parentId: 2, storeId: 2, storeName: '城东店', metric: 'visits', metricName: '到店台次', unit: '次', position: '前台', target: 40 }),
    node({ id: 5, parentId: 1, storeId: 3, storeName: '城西店', target: 17_000_000, actual: 10_074_700 }),
    node({ id: 6, parentId: 1, storeId: 4, storeName: '滨江店', target: 16_000_000, actual: 9_080_800 }),
  ],
  metrics: [
    ...BUILT_IN_METRIC_KEYS.map((key) => ({ ref: key, name: BUILT_IN_METRICS[key].name, unit: BUILT_IN_METRICS[key].unit, perStaff: BUILT_IN_METRICS[key].perStaff })),
    { ref: 'custom:1', name: '好评数', unit: '条', perStaff: false },
  ],
  stores: STORES, staffNames: ['刘师傅', '王师傅', '李工'], canAddChainGoal: true, canEdit: true,
};

function answer(path: string): unknown {
  if (path === '/metrics/library') return LIBRARY;
  if (path === '/metrics/tree') return TREE;
  if (path === '/metrics/custom' || path === '/metrics/tree/node') return { id: 9, version: 2 };
  if (path === '/metrics/custom/value') return { periodStart: '2026-11-01' };
  return null;
}

/** Installs the fixture (Storybook `beforeEach`); returns the cleanup. */
export function installMetricsFixture() {
  const removeCustomer = installCustomerFixture();
  const customerFetch = window.fetch;
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
    if (!url.pathname.startsWith('/api/metrics/')) return customerFetch(input, init);
    return new Response(encryptText(JSON.stringify({ code: 0, msg: 'ok', data: answer(url.pathname.slice(4)) })), { status: 200, headers: { 'Content-Type': 'text/plain' } });
  };
  return () => {
    window.fetch = customerFetch;
    removeCustomer();
  };
}
