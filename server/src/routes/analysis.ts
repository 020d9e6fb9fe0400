/**
 * 诊断表 and 数据统计 (KPI), issue 17. Reading needs 数据 (13). Figures come from builtInValues
 * (repositories/metrics.ts, the 口径 of 指标库; its order metrics read the order rollup, per person
 * through advisorTotals in one query) and targets from 指标树, so the pages agree with the
 * settings centre. Everything is computed over the stores the caller sees now; the diagnosis's
 * median is the chain's. KPI sets are chain-wide (a headquarters admin), versioned and audited.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as calls from '../../../contracts/api/analysis';
import { today } from '../../../contracts/dates';
import { Permission } from '../../../contracts/permissions';
import {
  ANALYSIS_MESSAGES as MSG,
  DIAGNOSIS_METRICS,
  KPI_METRICS,
  MANAGER_POSITION,
  diagnose,
  kpiItemPoints,
  kpiScore,
  medianOf,
  type KpiItem,
  type TargetSource,
} from '../../../contracts/rules/analysis';
import { BUILT_IN_METRICS, monthOf, monthRange, type BuiltInMetricKey } from '../../../contracts/rules/metrics';
import { ApiError, Code, ok } from '../http/envelope';
import { serve } from '../http/contract';
import { auditActor, lockChainAuthority, writeAudit } from '../repositories/authority';
import { builtInValues, personValues, type BuiltInValues } from '../repositories/metrics';
import { advisorTotals } from '../repositories/rollups';
import { advisorsOf } from '../repositories/organization';
import { settingsOf } from '../repositories/settings';
import * as repo from '../repositories/analysis';

const DATA = { config: { permission: Permission.dataAnalytics } };
const forbidden = (msg: string) => new ApiError(Code.forbidden, msg);

const infoOf = (key: BuiltInMetricKey) => {
  const { name, unit, formula } = BUILT_IN_METRICS[key];
  return { key, name, unit, formula };
};

/** A 指标树 position (free text, e.g. 服务顾问) names a 岗位 (e.g. 前台/服务顾问) by its name or one of its parts. */
const positionMatches = (node: string, job: string) => node !== '' && (node === job || job.split('/').includes(node));

export default async function analysisRoutes(app: FastifyInstance) {
  const todayOf = () => today(app.config.timeZone);
  const periodOf = (month: string | undefined) => {
    const now = todayOf();
    const chosen = month ?? monthOf(now);
    return { month: chosen, ...monthRange(chosen, now) };
  };
  const valuesOf = (request: FastifyRequest, storeIds: number[], range: { from: string; to: string }) =>
    builtInValues(app.db, { chainId: request.auth.chainId, storeIds, ...range, timeZone: app.config.timeZone });

  // ── 诊断表 ─────────────────────────────────────────────────────────────────────────────────────

  serve(app, calls.diagnosis, DATA, async ({ month }, request) => {
    if (!(await settingsOf(app.db, request.auth)).isShowDiagnostic) throw forbidden(MSG.diagnosisOff);
    const period = periodOf(month);
    const chainId = request.auth.chainId;
    const [stores, targets] = await Promise.all([repo.openStores(app.db, chainId), repo.monthTargets(app.db, chainId, period.month)]);
    // Every store of the chain is computed for the median; only the caller's are shown.
    const values = new Map<number, BuiltInValues>();
    for (const store of stores) values.set(store.id, await valuesOf(request, [store.id], period));
    const medians = new Map(DIAGNOSIS_METRICS.map((key) => [key, medianOf(stores.map((store) => values.get(store.id)![key]))]));
    // The store's own target wins over the chain's; a position's or a person's is not the store's health.
    const targetOf = (key: string, storeId: number) => {
      const places = targets.filter((node) => node.metric === key && !node.position && !node.staff_name);
      return (places.filter((node) => node.store_id === storeId).at(-1) ?? places.filter((node) => node.store_id === null).at(-1))?.target ?? null;
    };
    const visible = new Set(request.auth.visibleStoreIds);
    return ok({
      ...period,
      metrics: DIAGNOSIS_METRICS.map((key) => ({ ...infoOf(key), median: medians.get(key)! })),
      stores: stores.filter((store) => visible.has(store.id)).map((store) => ({
        storeId: store.id,
        storeName: store.name,
        revenue: values.get(store.id)!.revenue ?? 0,
        visits: values.get(store.id)!.visits ?? 0,
        cells: DIAGNOSIS_METRICS.map((key) => {
          const value = values.get(store.id)![key];
          const target = targetOf(key, store.id);
          return { key, value, target, ...diagnose(key, value, target, medians.get(key)!) };
        }),
      })),
    });
  });

  // ── 岗位 KPI ───────────────────────────────────────────────────────────────────────────────────

  const mayEditKpi = (request: FastifyRequest) => request.auth.isAdmin && request.auth.dataScope === 1;

  serve(app, calls.kpiSets, DATA, async (_input, request) => ok({
    jobs: await repo.listJobKpi(app.db, request.auth.chainId),
    metrics: KPI_METRICS.map(infoOf),
    canEdit: mayEditKpi(request),
  }));

  serve(app, calls.saveKpiSet, DATA, async ({ jobId, version, items }, request) => {
    if (!mayEditKpi(request)) throw forbidden(MSG.kpiEditRefused);
    const saved = await app.db.transaction(async (tx) => {
      // Position changes of a chain run one at a time, like 岗位池's own edits.
      await lockChainAuthority(tx, request.auth.chainId);
      const before = await repo.findJobKpi(tx, request.auth.chainId, jobId);
      if (!before) throw new ApiError(Code.notFound, MSG.jobMissing);
      if (before.version !== version) throw new ApiError(Code.conflict, MSG.changedByOthers);
      const next = await repo.saveJobKpiRow(tx, { chainId: request.auth.chainId, jobId, version, items, by: request.auth.nickName });
      if (next === undefined) throw new ApiError(Code.conflict, MSG.changedByOthers);
      const text = (set: KpiItem[]) => set.map((item) => `${BUILT_IN_METRICS[item.metric as BuiltInMetricKey]?.name ?? item.metric} ${item.weight}%`).join('、') || '无';
      await writeAudit(tx, {
        ...auditActor(request.auth, request.ip), action: 'job.kpi', targetType: 'job', targetId: jobId, targetName: before.name,
        detail: { summary: `${text(before.items)} → ${text(items)}`, before: before.items, after: items }, storeIds: [],
      });
      return next;
    });
    return ok({ version: saved });
  });

  // ── 员工得分 ───────────────────────────────────────────────────────────────────────────────────

  serve(app, calls.kpiScores, DATA, async ({ month, storeId }, request) => {
    const auth = request.auth;
    const visibleIds = auth.visibleStoreIds;
    if (storeId !== undefined && !visibleIds.includes(storeId)) throw forbidden(MSG.storeNotVisible);
    const storeIds = storeId === undefined ? visibleIds : [storeId];
    const period = periodOf(month);
    const chainId = auth.chainId;
    const [stores, targets, jobs, ownPosition, advisors, named, customers, totals] = await Promise.all([
      repo.openStores(app.db, chainId),
      repo.monthTargets(app.db, chainId, period.month),
      repo.listJobKpi(app.db, chainId),
      repo.positionOf(app.db, auth.userId),
      advisorsOf(app.db, chainId, storeIds),
      advisorTotals(app.db, { chainId, storeIds, from: period.from, to: period.to }),
      repo.visitingCustomers(app.db, chainId, storeIds, period.from, period.to),
      valuesOf(request, storeIds, period),
    ]);
    const seesTeam = auth.isAdmin || auth.dataScope === 1 || ownPosition === MANAGER_POSITION;
    const storeName = new Map(stores.map((store) => [store.id, store.name]));
    const setOf = new Map(jobs.map((job) => [job.name, job.items]));

    // One row per 服务顾问 (ADVISOR_POSITIONS, advisorsOf), everybody computed: the position's median is
    // taken over them all. Their figures are the work orders naming them in the stores they work in
    // (one rollup query for everybody); a name on orders that is no advisor (a technician) ranks nobody.
    const people = advisors.map((person) => {
      const theirs = person.wholeChain ? storeIds : storeIds.filter((id) => person.storeIds.includes(id));
      const rows = named.filter((row) => row.advisor === person.name && theirs.includes(row.storeId));
      const sum = rows.reduce((all, row) => ({ revenueFen: all.revenueFen + row.revenueFen, orders: all.orders + row.orders, maintenanceOrders: all.maintenanceOrders + row.maintenanceOrders }), { revenueFen: 0, orders: 0, maintenanceOrders: 0 });
      return { storeId: theirs[0]!, staffName: person.name, position: person.position, values: personValues(sum) };
    });
    const medianFor = (position: string, key: BuiltInMetricKey) => medianOf(people.filter((person) => person.position === position).map((person) => person.values[key]));
    const targetFor = (person: (typeof people)[number], key: BuiltInMetricKey): { target: number | null; source: TargetSource } => {
      const here = targets.filter((node) => node.metric === key && node.store_id === person.storeId);
      const own = here.filter((node) => node.staff_name === person.staffName).at(-1);
      if (own) return { target: own.target, source: 'person' };
      const job = here.filter((node) => !node.staff_name && positionMatches(node.position, person.position)).at(-1);
      if (job) return { target: job.target, source: 'position' };
      const median = medianFor(person.position, key);
      return median === null ? { target: null, source: 'none' } : { target: median, source: 'median' };
    };

    const scored = people.map((person) => {
      const items = (setOf.get(person.position) ?? []).map((item) => {
        const key = item.metric as BuiltInMetricKey;
        const { target, source } = targetFor(person, key);
        const actual = person.values[key];
        const points = kpiItemPoints(actual, target);
        return { metric: key, name: BUILT_IN_METRICS[key].name, unit: BUILT_IN_METRICS[key].unit, weight: item.weight, actual, target, targetSource: source, points: points === null ? null : Math.round(points * 10) / 10 };
      });
      return { staffName: person.staffName, storeId: person.storeId, storeName: storeName.get(person.storeId) ?? '', position: person.position, score: kpiScore(items), items };
    });
    scored.sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || a.storeId - b.storeId || a.staffName.localeCompare(b.staffName, 'zh-CN'));
    // Ties share a rank (1, 2, 2, 4); unscored people have none.
    const ranked = scored.map((row) => ({ ...row, rank: row.score === null ? null : scored.findIndex((other) => other.score === row.score) + 1 }));

    return ok({
      ...period,
      seesTeam,
      stores: stores.filter((store) => visibleIds.includes(store.id)),
      staff: seesTeam ? ranked : ranked.filter((row) => row.staffName === auth.nickName),
      decomposition: { revenue: totals.revenue ?? 0, customers, visits: totals.visits ?? 0, ticketSize: totals.ticketSize },
    });
  });
}
