/**
 * 指标库 and 指标树. Reading needs 数据 (13); changing needs an admin: custom metric definitions are
 * chain-wide (a chain-wide admin), values and targets belong to stores (an admin of that store).
 * Everything is computed over the stores the caller sees now (data scope ∩ current garage), so a
 * store manager never reads another store's figures. Changes are versioned and audited.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as calls from '../../../contracts/api/metrics';
import { addDays, today } from '../../../contracts/dates';
import { Permission } from '../../../contracts/permissions';
import {
  BUILT_IN_METRICS,
  BUILT_IN_METRIC_KEYS,
  METRIC_MESSAGES as MSG,
  childSumProblem,
  customIdOf,
  customRef,
  isAdditiveUnit,
  isBuiltInMetricKey,
  monthOf,
  monthRange,
  periodStart,
  type MetricDirection,
  type MetricUnit,
} from '../../../contracts/rules/metrics';
import { hasPermission } from '../auth/context';
import type { Queryable } from '../db/database';
import { isUniqueViolation } from '../db/database';
import { ApiError, Code, ok } from '../http/envelope';
import { serve } from '../http/contract';
import { auditActor, writeAudit, type AuditRecord } from '../repositories/authority';
import * as repo from '../repositories/metrics';
import { allowanceOfChain } from '../entitlements';
import { featureRefusal } from '../../../contracts/rules/mall';

const forbidden = (msg: string) => new ApiError(Code.forbidden, msg);
/** Making, changing and filling in custom metrics: editions that include them (deleting and reading stay open). */
const CUSTOM_METRICS = { config: { editionFeature: 'custom_metrics' as const } };
const stale = () => new ApiError(Code.conflict, MSG.changedByOthers);

interface MetricInfo {
  ref: string;
  name: string;
  unit: MetricUnit;
  direction: MetricDirection;
  additive: boolean;
  perStaff: boolean;
  customId: number | null;
}

export default async function metricsRoutes(app: FastifyInstance) {
  const mayRead = (request: FastifyRequest) => {
    if (!hasPermission(request.auth, Permission.dataAnalytics)) throw forbidden(MSG.readRefused);
  };
  const mayEdit = (request: FastifyRequest) => {
    if (!request.auth.isAdmin) throw forbidden(MSG.editRefused);
  };
  const mayEditDefinitions = (request: FastifyRequest) => {
    mayEdit(request);
    if (request.auth.dataScope !== 1) throw forbidden(MSG.chainWideOnly);
  };
  /** Chain-wide figures and goals: a chain-wide user at headquarters. */
  const seesWholeChain = (request: FastifyRequest) => request.auth.dataScope === 1 && request.auth.garage.isHq;
  const todayOf = () => today(app.config.timeZone);
  const span = (request: FastifyRequest, storeIds: number[], range: { from: string; to: string }, staffName = ''): repo.Span => ({
    chainId: request.auth.chainId, storeIds, ...range, timeZone: app.config.timeZone, ...(staffName ? { staffName } : {}),
  });

  const audit = (tx: Queryable, request: FastifyRequest, entry: Pick<AuditRecord, 'action' | 'targetId' | 'targetName' | 'detail' | 'storeIds'>) =>
    writeAudit(tx, { ...auditActor(request.auth, request.ip), targetType: 'metric', ...entry });

  /** Built-in and custom metrics of the chain, by ref. */
  async function metricsOf(db: Queryable, chainId: number) {
    const custom = await repo.listCustom(db, chainId);
    const infos = new Map<string, MetricInfo>();
    for (const key of BUILT_IN_METRIC_KEYS) {
      const metric = BUILT_IN_METRICS[key];
      infos.set(key, { ref: key, name: metric.name, unit: metric.unit, direction: metric.direction, additive: metric.additive, perStaff: metric.perStaff, customId: null });
    }
    for (const metric of custom) {
      infos.set(customRef(metric.id), { ref: customRef(metric.id), name: metric.name, unit: metric.unit, direction: metric.direction, additive: isAdditiveUnit(metric.unit), perStaff: false, customId: metric.id });
    }
    return { custom, infos };
  }

  // ── 指标库 ─────────────────────────────────────────────────────────────────────────────────────

  serve(app, calls.library, async ({ storeId }, request) => {
    mayRead(request);
    const visible = request.auth.visibleStoreIds;
    if (storeId !== undefined && !visible.includes(storeId)) throw forbidden(MSG.storeNotVisible);
    const storeIds = storeId === undefined ? visible : [storeId];
    const month = monthOf(todayOf());
    const range = monthRange(month, todayOf());
    const [values, custom, stores, held] = await Promise.all([
      repo.builtInValues(app.db, span(request, storeIds, range)),
      repo.listCustom(app.db, request.auth.chainId),
      repo.storesOf(app.db, request.auth.chainId, visible),
      allowanceOfChain(app.db, request.auth.chainId),
    ]);
    const customIncluded = held.allowance.features.includes('custom_metrics');
    const full = monthRange(month);
    const customRows = await Promise.all(custom.map(async (metric) => ({
      ...metric,
      ref: customRef(metric.id),
      additive: isAdditiveUnit(metric.unit),
      value: await repo.customValue(app.db, request.auth.chainId, metric, storeIds, full.from, full.to),
    })));
    return ok({
      month, ...range,
      builtIn: BUILT_IN_METRIC_KEYS.map((key) => {
        const { perStaff: _perStaff, ...metric } = BUILT_IN_METRICS[key];
        return { ...metric, value: values[key] };
      }),
      custom: customRows,
      stores,
      canEditDefinitions: customIncluded && request.auth.isAdmin && request.auth.dataScope === 1,
      canEdit: request.auth.isAdmin,
      customRefusal: customIncluded ? null : featureRefusal('custom_metrics', held.edition),
    });
  });

  /** The metric's definition may not take a built-in's or another custom metric's name. */
  async function checkName(db: Queryable, request: FastifyRequest, name: string, exceptId = 0) {
    if (BUILT_IN_METRIC_KEYS.some((key) => BUILT_IN_METRICS[key].name === name)) throw new ApiError(Code.conflict, MSG.builtInName);
    if (await repo.customNameTaken(db, request.auth.chainId, name, exceptId)) throw new ApiError(Code.conflict, MSG.nameTaken);
  }

  /** The same name created twice at once: the unique index answers, in Chinese. */
  const uniqueName = <T>(work: () => Promise<T>) =>
    work().catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new ApiError(Code.conflict, MSG.nameTaken);
      throw error;
    });

  serve(app, calls.createCustom, CUSTOM_METRICS, async (input, request) => {
    mayEditDefinitions(request);
    const id = await uniqueName(() => app.db.transaction(async (tx) => {
      await checkName(tx, request, input.name);
      const id = await repo.insertCustom(tx, request.auth.chainId, input);
      await audit(tx, request, { action: 'metric.create', targetId: id, targetName: input.name, detail: { ...input }, storeIds: [] });
      return id;
    }));
    return ok({ id });
  });

  serve(app, calls.updateCustom, CUSTOM_METRICS, async (input, request) => {
    mayEditDefinitions(request);
    const version = await uniqueName(() => app.db.transaction(async (tx) => {
      const current = await repo.findCustom(tx, request.auth.chainId, input.id);
      if (!current) throw new ApiError(Code.notFound, MSG.metricMissing);
      if (current.version !== input.version) throw stale();
      await checkName(tx, request, input.name, input.id);
      if (current.unit !== input.unit) {
        const usage = await repo.customUsage(tx, request.auth.chainId, input.id);
        if (usage.nodes + usage.entries > 0) throw new ApiError(Code.conflict, '已有录入的数值或目标，不能修改单位');
      }
      const version = await repo.updateCustomRow(tx, request.auth.chainId, input);
      if (version === undefined) throw stale();
      await audit(tx, request, { action: 'metric.update', targetId: input.id, targetName: input.name, detail: { before: current, after: input }, storeIds: [] });
      return version;
    }));
    return ok({ version });
  });

  serve(app, calls.deleteCustom, async ({ id, version }, request) => {
    mayEditDefinitions(request);
    await app.db.transaction(async (tx) => {
      const current = await repo.findCustom(tx, request.auth.chainId, id);
      if (!current) throw new ApiError(Code.notFound, MSG.metricMissing);
      const usage = await repo.customUsage(tx, request.auth.chainId, id);
      if (usage.nodes > 0) throw new ApiError(Code.conflict, MSG.metricInUse(usage.nodes));
      if (!(await repo.deleteCustomRow(tx, request.auth.chainId, id, version))) throw stale();
      await audit(tx, request, { action: 'metric.delete', targetId: id, targetName: current.name, detail: { ...current }, storeIds: [] });
    });
    return ok(null);
  });

  serve(app, calls.customValues, async ({ id, month }, request) => {
    mayRead(request);
    if (!(await repo.findCustom(app.db, request.auth.chainId, id))) throw new ApiError(Code.notFound, MSG.metricMissing);
    const { from, to } = monthRange(month);
    return ok(await repo.listCustomValues(app.db, request.auth.chainId, id, request.auth.visibleStoreIds, from, to));
  });

  serve(app, calls.enterCustomValue, CUSTOM_METRICS, async ({ id, storeId, day, value }, request) => {
    mayEdit(request);
    if (!request.auth.accessibleStoreIds.includes(storeId)) throw forbidden(MSG.storeOutside);
    const start = await app.db.transaction(async (tx) => {
      const metric = await repo.findCustom(tx, request.auth.chainId, id);
      if (!metric) throw new ApiError(Code.notFound, MSG.metricMissing);
      const start = periodStart(metric.period, day);
      await repo.upsertCustomValue(tx, { chainId: request.auth.chainId, metricId: id, storeId, periodStart: start, value, by: request.auth.nickName });
      await audit(tx, request, { action: 'metric.value', targetId: id, targetName: `${metric.name}（${start}）`, detail: { storeId, periodStart: start, value }, storeIds: [storeId] });
      return start;
    });
    return ok({ periodStart: start });
  });

  // ── 指标树 ─────────────────────────────────────────────────────────────────────────────────────

  /** Whether the caller sees the node at all: their stores', or chain-wide ones at headquarters. */
  const visibleNode = (request: FastifyRequest, node: { store_id: number | null }) =>
    node.store_id === null ? seesWholeChain(request) : request.auth.visibleStoreIds.includes(node.store_id);
  const editableNode = (request: FastifyRequest, storeId: number | null) =>
    request.auth.isAdmin && (storeId === null ? request.auth.dataScope === 1 : request.auth.accessibleStoreIds.includes(storeId));

  serve(app, calls.tree, async (input, request) => {
    mayRead(request);
    const now = todayOf();
    const month = input.month ?? monthOf(now);
    const range = monthRange(month, now);
    const full = monthRange(month);
    const chainId = request.auth.chainId;
    const visible = request.auth.visibleStoreIds;
    const [{ infos }, all, stores, names] = await Promise.all([
      metricsOf(app.db, chainId),
      repo.listNodes(app.db, chainId, month),
      repo.storesOf(app.db, chainId, visible),
      repo.staffNames(app.db, chainId, visible, addDays(now, -365)),
    ]);
    const nodes = all.filter((node) => visibleNode(request, node));
    const storeName = new Map(stores.map((store) => [store.id, store.name]));

    // One computation per distinct store set and person, shared by nodes that ask the same.
    const computed = new Map<string, Promise<repo.BuiltInValues>>();
    const builtIns = (storeIds: number[], staffName: string) => {
      const key = `${storeIds.join(',')}|${staffName}`;
      if (!computed.has(key)) computed.set(key, repo.builtInValues(app.db, span(request, storeIds, range, staffName)));
      return computed.get(key)!;
    };
    const actualOf = async (node: repo.NodeRecord, metric: MetricInfo): Promise<number | null> => {
      const storeIds = node.store_id === null ? visible : [node.store_id];
      // A position without a person has no work orders of its own to count.
      if (node.position && !node.staff_name) return null;
      if (metric.customId !== null) {
        return node.staff_name ? null : repo.customValue(app.db, chainId, { id: metric.customId, unit: metric.unit }, storeIds, full.from, full.to);
      }
      if (node.staff_name && !metric.perStaff) return null;
      return (await builtIns(storeIds, node.staff_name))[metric.ref as keyof repo.BuiltInValues];
    };

    const rows = await Promise.all(nodes.map(async (node) => {
      const metric = infos.get(node.metric);
      const children = nodes.filter((child) => child.parent_id === node.id);
      return {
        id: node.id,
        parentId: node.parent_id !== null && nodes.some((other) => other.id === node.parent_id) ? node.parent_id : null,
        metric: node.metric,
        metricName: metric?.name ?? '已删除的指标',
        unit: metric?.unit ?? '次',
        direction: metric?.direction ?? 'higher',
        storeId: node.store_id,
        storeName: node.store_id === null ? '全连锁' : storeName.get(node.store_id) ?? '',
        position: node.position,
        staffName: node.staff_name,
        target: node.target,
        actual: metric ? await actualOf(node, metric) : null,
        warning: metric ? childSumProblem(node, children, metric) : null,
        editable: editableNode(request, node.store_id),
        version: node.version,
      };
    }));
    return ok({
      month, ...range,
      nodes: rows,
      metrics: [...infos.values()].map(({ ref, name, unit, perStaff }) => ({ ref, name, unit, perStaff })),
      stores,
      staffNames: names,
      canAddChainGoal: request.auth.isAdmin && request.auth.dataScope === 1 && seesWholeChain(request),
      canEdit: request.auth.isAdmin,
    });
  });

  /** The node's fields as the caller may set them: a metric of the chain, a store of theirs, a person only where countable. */
  async function checkNode(tx: Queryable, request: FastifyRequest, input: { metric: string; storeId?: number; staffName: string }, parent: repo.NodeRecord | undefined) {
    const { infos } = await metricsOf(tx, request.auth.chainId);
    const metric = infos.get(input.metric);
    const customId = customIdOf(input.metric);
    if (!metric || (!isBuiltInMetricKey(input.metric) && customId === null)) throw new ApiError(Code.notFound, MSG.metricMissing);
    const storeId = input.storeId ?? parent?.store_id ?? null;
    if (parent && parent.store_id !== null && storeId !== parent.store_id) throw new ApiError(Code.badInput, MSG.storeMismatch);
    if (storeId === null && !(request.auth.dataScope === 1)) throw forbidden(MSG.chainNodeOnly);
    if (storeId !== null && !request.auth.accessibleStoreIds.includes(storeId)) throw forbidden(MSG.storeOutside);
    if (input.staffName && !metric.perStaff) throw new ApiError(Code.badInput, MSG.perStaffUnsupported(metric.name));
    return { metric, storeId };
  }

  /** The node as the caller may change it, or 404 (another chain, or a store outside their reach). */
  async function ownNode(tx: Queryable, request: FastifyRequest, id: number) {
    const node = await repo.findNode(tx, request.auth.chainId, id);
    if (!node || !visibleNode(request, node) || !editableNode(request, node.store_id)) throw new ApiError(Code.notFound, MSG.nodeMissing);
    return node;
  }

  /** 「2026-11 城东店 · 服务顾问 · 王师傅 · 营业额」 for the audit log. */
  async function nodeName(tx: Queryable, request: FastifyRequest, node: { month: string; metric: string; storeId: number | null; position: string; staffName: string }) {
    const [store] = node.storeId === null ? [] : await repo.storesOf(tx, request.auth.chainId, [node.storeId]);
    const metric = (await metricsOf(tx, request.auth.chainId)).infos.get(node.metric);
    const parts = [node.storeId === null ? '全连锁' : store?.name ?? '', node.position, node.staffName, metric?.name ?? node.metric];
    return `${node.month} ${parts.filter(Boolean).join(' · ')}`;
  }

  serve(app, calls.createNode, async (input, request) => {
    mayEdit(request);
    const id = await app.db.transaction(async (tx) => {
      let parent: repo.NodeRecord | undefined;
      if (input.parentId !== undefined) {
        parent = await repo.findNode(tx, request.auth.chainId, input.parentId);
        if (!parent || !visibleNode(request, parent)) throw new ApiError(Code.notFound, MSG.parentMissing);
      }
      const { storeId } = await checkNode(tx, request, input, parent);
      const month = parent?.month ?? input.month ?? monthOf(todayOf());
      const id = await repo.insertNode(tx, request.auth.chainId, { ...input, storeId, parentId: parent?.id ?? null, month });
      await audit(tx, request, {
        action: 'metricTarget.create', targetId: id, targetName: await nodeName(tx, request, { ...input, month, storeId }),
        detail: { month, metric: input.metric, storeId, position: input.position, staffName: input.staffName, target: input.target }, storeIds: storeId === null ? [] : [storeId],
      });
      return id;
    });
    return ok({ id });
  });

  serve(app, calls.updateNode, async (input, request) => {
    mayEdit(request);
    const version = await app.db.transaction(async (tx) => {
      const node = await ownNode(tx, request, input.id);
      if (node.version !== input.version) throw stale();
      const parent = node.parent_id === null ? undefined : await repo.findNode(tx, request.auth.chainId, node.parent_id);
      const { storeId } = await checkNode(tx, request, input, parent);
      const below = await repo.childStores(tx, node.id);
      if (storeId !== null && below.some((child) => child.store_id !== storeId)) throw new ApiError(Code.badInput, MSG.storeMismatch);
      const version = await repo.updateNodeRow(tx, request.auth.chainId, { ...input, storeId });
      if (version === undefined) throw stale();
      await audit(tx, request, {
        action: 'metricTarget.update', targetId: node.id, targetName: await nodeName(tx, request, { ...input, month: node.month, storeId }),
        detail: { before: node, after: { metric: input.metric, storeId, position: input.position, staffName: input.staffName, target: input.target } },
        storeIds: [...new Set([node.store_id, storeId].filter((id): id is number => id !== null))],
      });
      return version;
    });
    return ok({ version });
  });

  serve(app, calls.deleteNode, async ({ id, version }, request) => {
    mayEdit(request);
    await app.db.transaction(async (tx) => {
      const node = await ownNode(tx, request, id);
      // Children in other stores go with a chain-wide goal: only a chain-wide admin reaches it (ownNode).
      if (!(await repo.deleteNodeRow(tx, request.auth.chainId, id, version))) throw stale();
      await audit(tx, request, {
        action: 'metricTarget.delete', targetId: id,
        targetName: await nodeName(tx, request, { month: node.month, metric: node.metric, storeId: node.store_id, position: node.position, staffName: node.staff_name }),
        detail: { ...node }, storeIds: node.store_id === null ? [] : [node.store_id],
      });
    });
    return ok(null);
  });
}
