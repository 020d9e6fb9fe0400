/**
 * 诊断表 and 数据统计 (KPI) over real HTTP against the seeded demo chains: figures equal an independent
 * computation over plain rows (summed here, not the server's SQL), the diagnosis follows 系统设置's
 * switch, scope (other chain, other store, an advisor's own score), KPI weights adding up to 100 %,
 * malformed input answered in Chinese, and two admins saving one KPI set at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type { diagnosis, kpiScores, kpiSets } from '../../../contracts/api/analysis';
import { addDays, addMonths, daysBetween, today } from '../../../contracts/dates';
import { ADVISOR_POSITIONS, ANALYSIS_MESSAGES, DIAGNOSIS_METRICS, diagnose, type DiagnosisMetric } from '../../../contracts/rules/analysis';
import { monthOf, monthRange } from '../../../contracts/rules/metrics';
import { sql } from '../db/database';
import { renewalsFromRows, stagesFromRows } from '../../../tests/support/facts';
import { startTestServer, type TestServer } from '../../../tests/support/server';

type Diagnosis = AnswerOf<typeof diagnosis>;
type Scores = AnswerOf<typeof kpiScores>;
type Sets = AnswerOf<typeof kpiSets>;

let server: TestServer;
let admin: string;
let manager: string;
let hxAdmin: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager, hxAdmin] = await Promise.all([server.loginToken('admin'), server.loginToken('manager'), server.loginToken('hx-admin')]);
});
afterAll(() => server?.close());

const month = monthOf(today());
const { from, to } = monthRange(month, today());
const share = (part: number, whole: number) => (whole ? Math.round((part * 10_000) / whole) : null);

interface Order { store_id: number; customer_id: number; vehicle_id: number; maint_date: string; amount: number; kind: string; advisor: string }
const ordersOf = (chainId: number) => server.db.rows<Order>(sql`
  SELECT store_id, customer_id, vehicle_id, maint_date, amount, kind, advisor FROM maintenance_record WHERE chain_id = ${chainId}`);

/** One store's five health figures of this month, computed here from plain rows. */
async function storeHealth(chainId: number, storeId: number): Promise<Record<DiagnosisMetric, number | null>> {
  const orders = (await ordersOf(chainId)).filter((order) => order.store_id === storeId && order.maint_date <= to);
  const inMonth = orders.filter((order) => order.maint_date >= from);
  const revenue = inMonth.reduce((sum, order) => sum + Math.round(order.amount * 100), 0);
  const visitors = new Set(inMonth.map((order) => order.customer_id));
  const before = new Set(orders.filter((order) => order.maint_date < from).map((order) => order.customer_id));
  const stages = (await stagesFromRows(server.db, chainId, [storeId], to < today() ? to : today())).totals;
  const services = orders.filter((order) => order.kind === 'maintenance');
  const lastService = new Map<number, string>();
  for (const order of services) {
    if (order.maint_date < from && (!lastService.has(order.vehicle_id) || order.maint_date > lastService.get(order.vehicle_id)!)) lastService.set(order.vehicle_id, order.maint_date);
  }
  const due = [...lastService].filter(([, day]) => addDays(day, 180) >= from && addDays(day, 180) <= to).map(([vehicle]) => vehicle);
  const cameBack = new Set(services.filter((order) => order.maint_date >= from).map((order) => order.vehicle_id));
  const renewals = await renewalsFromRows(server.db, chainId, [storeId], from, to);
  return {
    retentionRate: share(stages.new + stages.active, stages.new + stages.active + stages.sleeping),
    returnRate: share([...visitors].filter((id) => before.has(id)).length, visitors.size),
    ticketSize: inMonth.length ? Math.round(revenue / inMonth.length) : null,
    dueConversion: share(due.filter((vehicle) => cameBack.has(vehicle)).length, due.length),
    renewalRate: share(renewals.renewed, renewals.due),
  };
}

const median = (values: (number | null)[]) => {
  const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
};

async function read<T>(token: string, path: string, query: Record<string, string | number> = {}) {
  const answer = await server.call<T>('GET', path, { token, query });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
}

describe('诊断表', () => {
  it('shows each store’s five health figures, the chain’s median and target, and the verdict, equal to an independent computation', async () => {
    const answer = await read<Diagnosis>(admin, '/analysis/diagnosis');
    expect(answer.month).toBe(month);
    expect(answer.stores.map((store) => store.storeName)).toEqual(['城东店', '城西店', '滨江店']);
    const figures = new Map<number, Record<DiagnosisMetric, number | null>>();
    for (const store of [2, 3, 4]) figures.set(store, await storeHealth(1, store));
    const targets = await server.db.rows<{ metric: string; target: number }>(sql`
      SELECT metric, target FROM metric_tree_node WHERE chain_id = 1 AND month = ${month} AND store_id IS NULL AND position = '' ORDER BY id`);
    let verdicts = 0;
    for (const key of DIAGNOSIS_METRICS) {
      const chainMedian = median([2, 3, 4].map((store) => figures.get(store)![key]));
      expect(answer.metrics.find((metric) => metric.key === key)?.median, key).toBe(chainMedian);
      const target = targets.filter((node) => node.metric === key).at(-1)?.target ?? null;
      for (const store of answer.stores) {
        const cell = store.cells.find((each) => each.key === key)!;
        const value = figures.get(store.storeId)![key];
        expect(cell.value, `${store.storeName} ${key}`).toBe(value);
        expect(cell.target).toBe(target === null ? null : Number(target));
        expect(cell).toMatchObject(diagnose(key, value, cell.target, chainMedian));
        if (cell.health !== 'none') verdicts += 1;
      }
    }
    // The demo has real figures and targets: most cells carry a verdict, some call for action.
    expect(verdicts).toBeGreaterThan(10);
    expect(answer.stores.flatMap((store) => store.cells).some((cell) => cell.health === 'red' || cell.health === 'amber')).toBe(true);
    expect(answer.stores.flatMap((store) => store.cells).find((cell) => cell.action)?.action).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('shows a store manager their store only (against the chain’s median), and keeps the chains apart', async () => {
    const full = await read<Diagnosis>(admin, '/analysis/diagnosis');
    const theirs = await read<Diagnosis>(manager, '/analysis/diagnosis');
    expect(theirs.stores.map((store) => store.storeName)).toEqual(['城东店']);
    expect(theirs.metrics.map((metric) => metric.median)).toEqual(full.metrics.map((metric) => metric.median));
    expect(theirs.stores[0]).toEqual(full.stores[0]);
    const other = await read<Diagnosis>(hxAdmin, '/analysis/diagnosis');
    expect(other.stores.map((store) => store.storeName)).toEqual(['园区店', '吴中店']);
    for (const store of other.stores) {
      const figures = await storeHealth(2, store.storeId);
      expect(Object.fromEntries(store.cells.map((cell) => [cell.key, cell.value]))).toEqual(figures);
    }
  });

  it('is refused while 系统设置 hides it, and without the 数据 permission', async () => {
    const off = await server.call('GET', '/garageModule/changeIsShowDiagnostic', { token: admin, query: { isShowDiagnostic: 0 } });
    expect(off.code, off.msg).toBe(0);
    const hidden = await server.call('GET', '/analysis/diagnosis', { token: admin });
    expect([hidden.code, hidden.msg]).toEqual([403, ANALYSIS_MESSAGES.diagnosisOff]);
    // The switch is per garage: 城东店's manager still has it.
    expect((await server.call('GET', '/analysis/diagnosis', { token: manager })).code).toBe(0);
    await server.call('GET', '/garageModule/changeIsShowDiagnostic', { token: admin, query: { isShowDiagnostic: 1 } });
    expect((await server.call('GET', '/analysis/diagnosis', { token: admin })).code).toBe(0);

    const frontdesk = await server.loginToken('frontdesk');
    for (const path of ['/analysis/diagnosis', '/analysis/kpi/sets', '/analysis/kpi/scores']) {
      const refused = await server.call('GET', path, { token: frontdesk });
      expect(refused.code, path).toBe(403);
      expect(refused.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('answers a malformed month in Chinese, never a 500', async () => {
    for (const bad of ['2026-13', 'abc', '2026-1', "2026-01' OR 1=1"]) {
      const answer = await server.call('GET', '/analysis/diagnosis', { token: admin, query: { month: bad } });
      expect(answer.code, bad).toBe(400);
      expect(answer.msg).toContain('统计月份');
    }
  });
});

describe('数据统计: 岗位 KPI', () => {
  const jobOf = async (token: string, name: string) => (await read<Sets>(token, '/analysis/kpi/sets')).jobs.find((job) => job.name === name)!;
  const save = (token: string, body: unknown) => server.call<{ version: number }>('PUT', '/analysis/kpi/set', { token, body });

  it('reads the seeded sets and lets only a headquarters admin change one, audited', async () => {
    const sets = await read<Sets>(admin, '/analysis/kpi/sets');
    expect(sets.canEdit).toBe(true);
    expect(sets.metrics.map((metric) => metric.name)).toEqual(['营业额', '到店台次', '客单价', '保养台次']);
    const advisor = sets.jobs.find((job) => job.name === '前台/服务顾问')!;
    expect(advisor.items.reduce((sum, item) => sum + item.weight, 0)).toBe(100);
    expect((await read<Sets>(manager, '/analysis/kpi/sets')).canEdit).toBe(false);

    const technician = await jobOf(admin, '技师');
    expect(technician.version).toBe(0);
    const refused = await save(manager, { jobId: technician.jobId, version: 0, items: [{ metric: 'visits', weight: 100 }] });
    expect([refused.code, refused.msg]).toEqual([403, ANALYSIS_MESSAGES.kpiEditRefused]);
    expect((await jobOf(admin, '技师')).items).toEqual([]);

    const saved = await save(admin, { jobId: technician.jobId, version: 0, items: [{ metric: 'visits', weight: 60 }, { metric: 'maintenanceVisits', weight: 40 }] });
    expect(saved.code, saved.msg).toBe(0);
    expect(await jobOf(admin, '技师')).toMatchObject({ version: 1, updatedBy: '陈总', items: [{ metric: 'visits', weight: 60 }, { metric: 'maintenanceVisits', weight: 40 }] });
    const log = await read<{ entries: { action: string; targetName: string }[] }>(admin, '/authority/audit');
    expect(log.entries.find((entry) => entry.action === 'job.kpi')?.targetName).toBe('技师');
    // The other chain neither sees nor changes it.
    const foreign = await save(hxAdmin, { jobId: technician.jobId, version: 1, items: [] });
    expect(foreign.code).toBe(404);
    expect((await read<Sets>(hxAdmin, '/analysis/kpi/sets')).jobs.some((job) => job.jobId === technician.jobId)).toBe(false);
  });

  it('refuses weights that do not add up to 100 % and malformed sets in Chinese, changing nothing', async () => {
    const job = await jobOf(admin, '财务');
    const cases: [unknown, RegExp][] = [
      [[{ metric: 'revenue', weight: 50 }, { metric: 'visits', weight: 40 }], /权重合计须为 100%，现在是 90%/],
      [[{ metric: 'revenue', weight: 60 }, { metric: 'revenue', weight: 40 }], /重复/],
      [[{ metric: 'newCustomers', weight: 100 }], /考核指标/],
      [[{ metric: 'revenue', weight: 'abc' }], /权重/],
      [[{ metric: 'revenue', weight: 100.5 }], /权重/],
      [[{ metric: 'revenue', weight: 0 }, { metric: 'visits', weight: 100 }], /权重/],
      ['revenue', /考核指标/],
    ];
    for (const [items, message] of cases) {
      const answer = await save(admin, { jobId: job.jobId, version: job.version, items });
      expect(answer.code, JSON.stringify(items)).toBe(400);
      expect(answer.msg).toMatch(message);
    }
    expect((await save(admin, { jobId: 'x', version: 0, items: [] })).msg).toContain('岗位');
    expect(await jobOf(admin, '财务')).toEqual(job);
  });

  it('keeps the first of two concurrent saves and refuses the second with 已被他人修改', async () => {
    const job = await jobOf(admin, '店长');
    // Either may win on PostgreSQL; both keep 营业额, which the ranking below reads for every set.
    const sets = [[{ metric: 'revenue', weight: 100 }], [{ metric: 'revenue', weight: 60 }, { metric: 'visits', weight: 40 }]];
    const answers = await Promise.all(sets.map((items) => save(admin, { jobId: job.jobId, version: job.version, items })));
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, 409]);
    expect(answers.find((answer) => answer.code === 409)!.msg).toBe('已被他人修改，请刷新后再试');
    const kept = sets[answers[0].code === 0 ? 0 : 1];
    expect(await jobOf(admin, '店长')).toMatchObject({ version: job.version + 1, items: kept });
  });
});

describe('who is 服务顾问 (issue 33: one rule, one SQL home)', () => {
  /** The advisors of a chain's stores, straight from the accounts: 岗位 前台/服务顾问 or 店长, enabled. */
  const advisorAccounts = async (chainId: number, storeIds: number[]) =>
    (await server.db.rows<{ name: string }>(sql`
      SELECT u.nick_name AS name FROM app_user u JOIN job j ON j.id = u.job_id
       WHERE u.chain_id = ${chainId} AND u.enabled AND j.name = ANY(${sql.param([...ADVISOR_POSITIONS])}::text[]) AND u.store_ids && ${sql.param(storeIds)}::int[]`)).map((row) => row.name).sort();

  it('lists the same people, once each, in 数据统计, 专属顾问, 数据报表 and as the workbench’s assignees; no technician', async () => {
    for (const [token, chainId, storeIds] of [[admin, 1, [2, 3, 4]], [manager, 1, [2]], [hxAdmin, 2, [6, 7]]] as const) {
      const accounts = await advisorAccounts(chainId, [...storeIds]);
      expect(accounts.length, `chain ${chainId}`).toBeGreaterThan(0);
      const kpi = (await read<Scores>(token, '/analysis/kpi/scores')).staff.map((row) => row.staffName);
      const choices = await read<{ name: string; position: string }[]>(token, '/client/advisors');
      const report = (await read<{ advisors: string[] }>(token, '/report/figures')).advisors;
      expect(new Set(kpi).size, 'one row per person').toBe(kpi.length);
      expect({ kpi: [...kpi].sort(), choices: choices.map((person) => person.name).sort(), report: [...report].sort() })
        .toEqual({ kpi: accounts, choices: accounts, report: accounts });
      expect(kpi.filter((name) => /(师傅|工)$/.test(name))).toEqual([]);
      // The workbench gives a customer's tasks to their 专属顾问, chosen from the same list.
      const tasks = (await read<{ tasks: { assigneeName: string | null }[] }>(token, '/workbench/tasks', { pageSize: 200 })).tasks;
      const assignees = new Set(tasks.map((task) => task.assigneeName).filter((name) => name !== null));
      expect([...assignees].filter((name) => !accounts.includes(name!))).toEqual([]);
    }
  });

  it('drops a person whose 岗位 changes to 技师 from all of them at once', async () => {
    const technician = (await server.db.one<{ id: number }>(sql`SELECT id FROM job WHERE chain_id = 1 AND name = '技师'`))!.id;
    const advisor = (await server.db.one<{ id: number; job_id: number }>(sql`SELECT id, job_id FROM app_user WHERE username = 'binjiang'`))!;
    await server.db.run(sql`UPDATE app_user SET job_id = ${technician} WHERE id = ${advisor.id}`);
    try {
      const kpi = (await read<Scores>(admin, '/analysis/kpi/scores')).staff.map((row) => row.staffName);
      const choices = (await read<{ name: string }[]>(admin, '/client/advisors')).map((person) => person.name);
      const report = (await read<{ advisors: string[] }>(admin, '/report/figures')).advisors;
      for (const names of [kpi, choices, report]) expect(names).not.toContain('周杰');
      expect((await server.call('POST', '/client/advisor', { token: admin, body: { customerIds: [1], advisorId: advisor.id } })).code).toBe(400);
    } finally {
      await server.db.run(sql`UPDATE app_user SET job_id = ${advisor.job_id} WHERE id = ${advisor.id}`);
    }
  });
});

describe('数据统计: 员工得分', () => {
  /** Each 服务顾问's month per store, from plain rows. */
  async function perStaff(chainId: number) {
    const rows = new Map<string, { revenue: number; visits: number; maintenanceVisits: number }>();
    for (const order of await ordersOf(chainId)) {
      if (order.maint_date < from || order.maint_date > to || !order.advisor) continue;
      const key = `${order.store_id}|${order.advisor}`;
      const row = rows.get(key) ?? { revenue: 0, visits: 0, maintenanceVisits: 0 };
      row.revenue += Math.round(order.amount * 100);
      row.visits += 1;
      if (order.kind === 'maintenance') row.maintenanceVisits += 1;
      rows.set(key, row);
    }
    return rows;
  }

  it('ranks every 服务顾问 of the chain by weighted score, with figures, targets and points an independent computation agrees with', async () => {
    const answer = await read<Scores>(admin, '/analysis/kpi/scores');
    expect(answer.seesTeam).toBe(true);
    const expected = await perStaff(1);
    expect(answer.staff.length).toBe(expected.size);
    const positions = new Map((await server.db.rows<{ name: string; job: string }>(sql`
      SELECT u.nick_name AS name, j.name AS job FROM app_user u JOIN job j ON j.id = u.job_id WHERE u.chain_id = 1`)).map((row) => [row.name, row.job]));
    const revenuesOf = (position: string) => answer.staff.filter((row) => row.position === position).map((row) => expected.get(`${row.storeId}|${row.staffName}`)!.revenue);
    const weights = Object.fromEntries((await read<Sets>(admin, '/analysis/kpi/sets')).jobs.map((job) => [job.name, job.items.map((each) => [each.metric, each.weight])]));
    const personTarget = await server.db.one<{ store_id: number; staff_name: string; target: number }>(sql`
      SELECT store_id, staff_name, target FROM metric_tree_node WHERE chain_id = 1 AND month = ${month} AND metric = 'visits' AND staff_name <> '' ORDER BY id LIMIT 1`);
    for (const row of answer.staff) {
      const want = expected.get(`${row.storeId}|${row.staffName}`)!;
      // Each row is an account with an advisor's 岗位 (its own KPI set), never a technician's name.
      expect(row.position).toBe(positions.get(row.staffName));
      const item = (metric: string) => row.items.find((each) => each.metric === metric)!;
      expect(row.items.map((each) => [each.metric, each.weight])).toEqual(weights[row.position]);
      const actual: Record<string, number> = { revenue: want.revenue, visits: want.visits, ticketSize: Math.round(want.revenue / want.visits), maintenanceVisits: want.maintenanceVisits };
      for (const each of row.items) expect(each.actual, each.metric).toBe(actual[each.metric]);
      // No revenue target is set for anyone: the median of the same position counts.
      expect(item('revenue')).toMatchObject({ targetSource: 'median', target: median(revenuesOf(row.position)) });
      if (row.position === '前台/服务顾问') expect(item('ticketSize').targetSource).toBe('position');
      if (personTarget && row.storeId === personTarget.store_id && row.staffName === personTarget.staff_name && row.items.some((each) => each.metric === 'visits')) {
        expect(item('visits')).toMatchObject({ targetSource: 'person', target: Number(personTarget.target) });
      }
      const points = row.items.map((each) => (each.target ? Math.min(each.actual! / each.target, 1.2) * 100 : 0));
      expect(row.score).toBeCloseTo(points.reduce((sum, value, index) => sum + (value * row.items[index].weight) / 100, 0), 0);
    }
    const scores = answer.staff.map((row) => row.score!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(answer.staff[0].rank).toBe(1);
    // 营业额 = 到店客户数 × 人均到店次数 × 客单价, over the same orders.
    const monthOrders = (await ordersOf(1)).filter((order) => order.maint_date >= from && order.maint_date <= to);
    expect(answer.decomposition).toEqual({
      revenue: monthOrders.reduce((sum, order) => sum + Math.round(order.amount * 100), 0),
      customers: new Set(monthOrders.map((order) => order.customer_id)).size,
      visits: monthOrders.length,
      ticketSize: Math.round(monthOrders.reduce((sum, order) => sum + Math.round(order.amount * 100), 0) / monthOrders.length),
    });
  });

  it('shows a store manager their store’s staff, an advisor only their own score, and another chain nothing of it', async () => {
    const theirs = await read<Scores>(manager, '/analysis/kpi/scores');
    expect(theirs.seesTeam).toBe(true);
    expect(theirs.staff.length).toBeGreaterThan(0);
    expect(new Set(theirs.staff.map((row) => row.storeName))).toEqual(new Set(['城东店']));
    const refused = await server.call('GET', '/analysis/kpi/scores', { token: manager, query: { storeId: 3 } });
    expect([refused.code, refused.msg]).toEqual([403, ANALYSIS_MESSAGES.storeNotVisible]);

    // 赵师傅 of 城西店 gets an account with the 数据 permission and the 前台/服务顾问 position.
    const staff = await read<{ roles: { id: number; code: string }[] }>(admin, '/authority/staff');
    const made = await server.call<{ id: number; oneTimePassword: string }>('POST', '/authority/staff', {
      token: admin, body: { username: 'kpi-zhao', nickName: '赵师傅', roleIds: [staff.roles.find((role) => role.code === 'store_manager')!.id], storeIds: [3] },
    });
    expect(made.code, made.msg).toBe(0);
    await server.db.run(sql`UPDATE app_user SET job_id = (SELECT id FROM job WHERE chain_id = 1 AND name = '前台/服务顾问') WHERE id = ${made.data.id}`);
    const zhao = await server.firstLogin('kpi-zhao', made.data.oneTimePassword);
    const own = await read<Scores>(zhao, '/analysis/kpi/scores');
    expect(own.seesTeam).toBe(false);
    expect(own.staff.map((row) => [row.storeName, row.staffName])).toEqual([['城西店', '赵师傅']]);
    const full = await read<Scores>(admin, '/analysis/kpi/scores', { storeId: 3 });
    expect(own.staff[0].items.map((item) => item.actual)).toEqual(full.staff.find((row) => row.staffName === '赵师傅')!.items.map((item) => item.actual));

    const other = await read<Scores>(hxAdmin, '/analysis/kpi/scores');
    expect(new Set(other.staff.map((row) => row.storeName))).toEqual(new Set(['园区店', '吴中店']));
    // The second chain has no KPI sets: its people are listed, unscored.
    expect(other.staff.every((row) => row.score === null && row.items.length === 0)).toBe(true);
    const foreign = await server.call('GET', '/analysis/kpi/scores', { token: hxAdmin, query: { storeId: 2 } });
    expect(foreign.code).toBe(403);
  });

  it('answers malformed queries in Chinese', async () => {
    for (const query of [{ month: '2026/01' }, { storeId: 'abc' }, { storeId: -1 }] as Record<string, string | number>[]) {
      const answer = await server.call('GET', '/analysis/kpi/scores', { token: admin, query });
      expect(answer.code, JSON.stringify(query)).toBe(400);
      expect(answer.msg).toMatch(/统计月份|门店/);
    }
  });
});

describe('营业额 and 到店台次 of a store’s month on the four pages (issue 33: month end)', () => {
  type Report = { rows: { key: string; revenueFen: number; orders: number }[] };
  type Tree = { nodes: { id: number; metric: string; storeId: number | null; position: string; staffName: string; actual: number | null }[] };
  const lastMonth = monthOf(addMonths(today(), -1));

  /** The store's figures as 数据报表, 诊断表, 数据统计 and 指标树 answer them to this reader. */
  async function pages(token: string, storeId: number, month: string) {
    const span = monthRange(month, today());
    const report = (await read<Report>(token, '/report/figures', { from: span.from, to: span.to, groupBy: 'store' })).rows.find((row) => row.key === String(storeId));
    const diagnosisRow = (await read<Diagnosis>(token, '/analysis/diagnosis', { month })).stores.find((row) => row.storeId === storeId);
    const kpi = (await read<Scores>(token, '/analysis/kpi/scores', { month, storeId })).decomposition;
    const nodes = (await read<Tree>(token, '/metrics/tree', { month })).nodes.filter((node) => node.storeId === storeId && !node.position && !node.staffName);
    const treeActual = (metric: string) => nodes.find((node) => node.metric === metric)?.actual;
    return {
      数据报表: { revenue: report?.revenueFen, visits: report?.orders },
      诊断表: { revenue: diagnosisRow?.revenue, visits: diagnosisRow?.visits },
      数据统计: { revenue: kpi.revenue, visits: kpi.visits },
      指标树: { revenue: treeActual('revenue'), visits: treeActual('visits') },
    };
  }

  it('are equal on 数据报表, 诊断表, 数据统计 and 指标树 and to the orders, for headquarters and the store’s manager', async () => {
    const orders = await ordersOf(1);
    for (const shown of [lastMonth, month]) {
      const span = monthRange(shown, today());
      // 指标树 shows a figure where a target holds it: each store gets both targets of the month, as headquarters sets them.
      for (const storeId of [2, 3, 4]) {
        for (const metric of ['revenue', 'visits']) {
          const made = await server.call('POST', '/metrics/tree/node', { token: admin, body: { month: shown, metric, storeId, target: 1000 } });
          expect(made.code, made.msg).toBe(0);
        }
      }
      for (const storeId of [2, 3, 4]) {
        const theirs = orders.filter((order) => order.store_id === storeId && order.maint_date >= span.from && order.maint_date <= span.to);
        const expected = { revenue: theirs.reduce((sum, order) => sum + Math.round(order.amount * 100), 0), visits: theirs.length };
        expect(expected.visits, `${shown} store ${storeId}`).toBeGreaterThan(0);
        const seen = await pages(admin, storeId, shown);
        expect(seen, `${shown} store ${storeId}`).toEqual({ 数据报表: expected, 诊断表: expected, 数据统计: expected, 指标树: expected });
        // 李店长 of 城东店 reads the same figures of their store on every page.
        if (storeId === 2) expect(await pages(manager, 2, shown), shown).toEqual(seen);
      }
    }
  });
});
