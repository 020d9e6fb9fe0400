/**
 * Recorded-style answers of 诊断表 and 数据统计 (shape of server/src/routes/analysis.ts, typed by
 * contracts/api/analysis.ts), layered over the customer fixture for the session calls. Verdicts come
 * from the shared rule (contracts/rules/analysis.ts), so the story shows what the server would send.
 * Writes answer success and are not remembered.
 */
import type { AnswerOf } from '../contracts/api/route';
import type { diagnosis, kpiScores, kpiSets } from '../contracts/api/analysis';
import { DIAGNOSIS_METRICS, KPI_METRICS, diagnose, kpiItemPoints, kpiScore, medianOf } from '../contracts/rules/analysis';
import { BUILT_IN_METRICS } from '../contracts/rules/metrics';
import { encryptText } from '../widgets/core/crypto/cipher';
import { installCustomerFixture } from './customer-fixtures';

const info = (key: keyof typeof BUILT_IN_METRICS) => ({ key, name: BUILT_IN_METRICS[key].name, unit: BUILT_IN_METRICS[key].unit, formula: BUILT_IN_METRICS[key].formula });

const STORE_VALUES: [number, string, number[], number][] = [
  [2, '城东店', [8465, 8919, 85_433, 962, 2857], 58],
  [3, '城西店', [8405, 8347, 81_210, 1480, 3600], 61],
  [4, '滨江店', [7820, 9102, 92_050, 1125, 4210], 49],
];
const TARGETS = [8500, 8900, 86_000, 1100, 3500];
const medians = DIAGNOSIS_METRICS.map((_, index) => medianOf(STORE_VALUES.map(([, , values]) => values[index]!)));

export const DIAGNOSIS: AnswerOf<typeof diagnosis> = {
  month: '2026-11', from: '2026-11-01', to: '2026-11-24',
  metrics: DIAGNOSIS_METRICS.map((key, index) => ({ ...info(key), median: medians[index]! })),
  stores: STORE_VALUES.map(([storeId, storeName, values, visits]) => ({
    // 营业额 is what its 客单价 (values[2]) times its 到店台次 makes.
    storeId, storeName, revenue: values[2]! * visits, visits,
    cells: DIAGNOSIS_METRICS.map((key, index) => ({ key, value: values[index]!, target: TARGETS[index]!, ...diagnose(key, values[index]!, TARGETS[index]!, medians[index]!) })),
  })),
};

const SET = [{ metric: 'revenue', weight: 40 }, { metric: 'visits', weight: 30 }, { metric: 'ticketSize', weight: 20 }, { metric: 'maintenanceVisits', weight: 10 }] as const;
const PEOPLE: [string, number, string, number[]][] = [
  ['陈工', 2, '城东店', [2_278_000, 24, 94_917, 16]],
  ['赵师傅', 2, '城东店', [2_105_500, 22, 95_705, 15]],
  ['王师傅', 3, '城西店', [1_910_000, 21, 90_952, 14]],
  ['刘师傅', 4, '滨江店', [1_420_000, 17, 83_529, 9]],
];
const TARGET_OF = [1_669_200, 19, 85_000, 14];

const staff = PEOPLE.map(([staffName, storeId, storeName, values]) => {
  const items = SET.map((item, index) => {
    const points = kpiItemPoints(values[index]!, TARGET_OF[index]!);
    const { name, unit } = BUILT_IN_METRICS[item.metric];
    return { metric: item.metric, name, unit, weight: item.weight, actual: values[index]!, target: TARGET_OF[index]!, targetSource: index === 2 ? 'position' as const : 'median' as const, points: points === null ? null : Math.round(points * 10) / 10 };
  });
  return { staffName, storeId, storeName, position: '前台/服务顾问', score: kpiScore(items), items };
}).sort((a, b) => (b.score ?? 0) - (a.score ?? 0)).map((row, index) => ({ ...row, rank: index + 1 }));

export const SCORES: AnswerOf<typeof kpiScores> = {
  month: '2026-11', from: '2026-11-01', to: '2026-11-24', seesTeam: true,
  stores: [{ id: 2, name: '城东店' }, { id: 3, name: '城西店' }, { id: 4, name: '滨江店' }],
  staff,
  decomposition: { revenue: 31_970_500, customers: 364, visits: 374, ticketSize: 85_483 },
};

export const SETS: AnswerOf<typeof kpiSets> = {
  jobs: [
    { jobId: 1, name: '店长', builtIn: true, items: [{ metric: 'revenue', weight: 50 }, { metric: 'ticketSize', weight: 30 }, { metric: 'maintenanceVisits', weight: 20 }], version: 1, updatedBy: '陈总' },
    { jobId: 2, name: '前台/服务顾问', builtIn: true, items: SET.map((item) => ({ ...item })), version: 1, updatedBy: '陈总' },
    { jobId: 3, name: '技师', builtIn: true, items: [], version: 0, updatedBy: '' },
    { jobId: 4, name: '财务', builtIn: true, items: [], version: 0, updatedBy: '' },
  ],
  metrics: KPI_METRICS.map(info),
  canEdit: true,
};

function answer(path: string): unknown {
  if (path === '/analysis/diagnosis') return DIAGNOSIS;
  if (path === '/analysis/kpi/scores') return SCORES;
  if (path === '/analysis/kpi/sets') return SETS;
  if (path === '/analysis/kpi/set') return { version: 2 };
  return null;
}

/** Installs the fixture (Storybook `beforeEach`); returns the cleanup. */
export function installAnalysisFixture() {
  const removeCustomer = installCustomerFixture();
  const customerFetch = window.fetch;
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
    if (!url.pathname.startsWith('/api/analysis/')) return customerFetch(input, init);
    return new Response(encryptText(JSON.stringify({ code: 0, msg: 'ok', data: answer(url.pathname.slice(4)) })), { status: 200, headers: { 'Content-Type': 'text/plain' } });
  };
  return () => {
    window.fetch = customerFetch;
    removeCustomer();
  };
}
