/**
 * 门店基础信息: store profiles, adding, closing and reopening stores, moving a closed store's
 * customers. Who may do what: contracts/rules/store.ts. Every change runs in one transaction
 * holding the chain's authority lock (closing disables accounts, so it is an authority change
 * too), checks the store's version, and writes the audit log; the auth cache forgets the chain,
 * so everybody's next request sees the new store list.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as calls from '../../../contracts/api/store';
import { Permission } from '../../../contracts/permissions';
import { STORE_MESSAGES as MSG, storeEditProblem, storeManageProblem, type StoreEditor } from '../../../contracts/rules/store';
import type { Queryable } from '../db/database';
import { ApiError, Code, ok } from '../http/envelope';
import { serve } from '../http/contract';
import { forgetChain } from '../repositories/accounts';
import { auditActor, lockChainAuthority, writeAudit, type AuditRecord } from '../repositories/authority';
import * as repo from '../repositories/store-basics';

const editorOf = (request: FastifyRequest): StoreEditor => ({
  isAdmin: request.auth.isAdmin,
  dataScope: request.auth.dataScope,
  storeIds: request.auth.accessibleStoreIds,
});

const stale = () => new ApiError(Code.conflict, MSG.changedByOthers);

export default async function storeBasicsRoutes(app: FastifyInstance) {
  const change = <T>(request: FastifyRequest, fn: (tx: Queryable) => Promise<T>) =>
    app.db.transaction(async (tx) => {
      await lockChainAuthority(tx, request.auth.chainId);
      return fn(tx);
    });

  const audit = (tx: Queryable, request: FastifyRequest, entry: Pick<AuditRecord, 'action' | 'targetId' | 'targetName' | 'detail' | 'storeIds'>) =>
    writeAudit(tx, { ...entry, targetType: 'store', ...auditActor(request.auth, request.ip) });

  /** Only chain-wide admins manage the chain's stores. */
  const mustManage = (request: FastifyRequest) => {
    const problem = storeManageProblem(editorOf(request));
    if (problem) throw new ApiError(Code.forbidden, problem);
  };

  /** A store of the caller's chain they may edit; another chain's or outside a store admin's reach reads 门店不存在. */
  async function editable(tx: Queryable, request: FastifyRequest, id: number) {
    const garage = await repo.findGarage(tx, request.auth.chainId, id);
    if (!garage) throw new ApiError(Code.notFound, MSG.notFound);
    const problem = storeEditProblem(editorOf(request), { id: garage.id, isHq: garage.is_hq });
    if (problem) throw new ApiError(problem === MSG.notFound ? Code.notFound : Code.forbidden, problem);
    return garage;
  }

  async function openStore(tx: Queryable, request: FastifyRequest, id: number, except: number) {
    const garage = await repo.findGarage(tx, request.auth.chainId, id);
    if (!garage || garage.is_hq || !garage.enabled || garage.id === except) throw new ApiError(Code.badInput, MSG.targetInvalid);
    return garage;
  }

  serve(app, calls.storeProfiles, { config: { permission: Permission.settingsCentre } }, async (_input, request) => {
    const editor = editorOf(request);
    const chainWide = request.auth.dataScope === 1;
    const rows = await repo.listStoreProfiles(app.db, request.auth.chainId, chainWide ? null : request.auth.accessibleStoreIds);
    return ok({
      mayManage: storeManageProblem(editor) === null,
      stores: rows.map((row) => ({
        id: row.id,
        code: row.code,
        isHq: row.is_hq,
        name: row.name,
        shortName: row.short_name,
        province: row.province,
        city: row.city,
        district: row.district,
        address: row.address,
        phone: row.phone,
        opensAt: row.opens_at,
        closesAt: row.closes_at,
        bays: row.bays,
        licenceNo: row.licence_no,
        openedOn: row.opened_on,
        closed: !row.enabled,
        closedAt: row.closed_at === null ? null : new Date(row.closed_at).toISOString(),
        customerCount: row.customer_count,
        storeOnlyStaff: row.store_only_staff,
        editable: storeEditProblem(editor, { id: row.id, isHq: row.is_hq }) === null,
        version: row.version,
      })),
    });
  });

  serve(app, calls.createStore, { config: { admin: true } }, async (input, request) => {
    mustManage(request);
    const created = await change(request, async (tx) => {
      if (await repo.nameTaken(tx, request.auth.chainId, input.name)) throw new ApiError(Code.conflict, MSG.nameTaken);
      const store = await repo.insertStore(tx, request.auth.chainId, input);
      await audit(tx, request, { action: 'store.create', targetId: store.id, targetName: input.name, detail: { code: store.code }, storeIds: [store.id] });
      return store;
    });
    forgetChain(request.auth.chainId);
    return ok(created);
  });

  serve(app, calls.updateStore, { config: { admin: true } }, async (input, request) => {
    const version = await change(request, async (tx) => {
      const garage = await editable(tx, request, input.id);
      if (garage.version !== input.version) throw stale();
      if (await repo.nameTaken(tx, request.auth.chainId, input.name, garage.id)) throw new ApiError(Code.conflict, MSG.nameTaken);
      const next = await repo.updateStoreProfile(tx, request.auth.chainId, garage.id, input.version, input);
      if (next === undefined) throw stale();
      await audit(tx, request, {
        action: 'store.update', targetId: garage.id, targetName: input.name,
        detail: garage.name === input.name ? {} : { before: { name: garage.name }, after: { name: input.name } },
        storeIds: garage.is_hq ? [] : [garage.id],
      });
      return next;
    });
    // Names appear in every signed-in user's garage (auth row): read afresh.
    forgetChain(request.auth.chainId);
    return ok({ version });
  });

  serve(app, calls.closeStore, { config: { admin: true } }, async (input, request) => {
    mustManage(request);
    const result = await change(request, async (tx) => {
      const garage = await editable(tx, request, input.id);
      if (garage.is_hq) throw new ApiError(Code.forbidden, MSG.headquartersNotClosable);
      if (garage.version !== input.version) throw stale();
      if (!garage.enabled) throw new ApiError(Code.conflict, MSG.alreadyClosed);
      if ((await repo.openStoreCount(tx, request.auth.chainId)) <= 1) throw new ApiError(Code.forbidden, MSG.lastOpenStore);
      const target = input.toStoreId === undefined ? undefined : await openStore(tx, request, input.toStoreId, garage.id);
      const version = await repo.setStoreOpen(tx, request.auth.chainId, garage.id, input.version, false, request.auth.userId);
      if (version === undefined) throw stale();
      const movedCustomers = target ? await repo.moveStoreCustomers(tx, request.auth.chainId, garage.id, target.id) : 0;
      const { disabled } = await repo.releaseStaffOf(tx, request.auth.chainId, garage.id);
      await audit(tx, request, {
        action: 'store.close', targetId: garage.id, targetName: garage.name,
        detail: { disabledStaff: disabled.map((person) => `${person.nick_name}（${person.username}）`) },
        storeIds: [garage.id],
      });
      if (target) {
        await audit(tx, request, {
          action: 'store.moveCustomers', targetId: garage.id, targetName: `${garage.name} → ${target.name}（${movedCustomers} 位客户）`,
          detail: { fromStoreId: garage.id, toStoreId: target.id, customers: movedCustomers }, storeIds: [garage.id, target.id],
        });
      }
      return { version, movedCustomers, disabledStaff: disabled.length };
    });
    // Every member of the chain: their store lists, selections and (for some) their logins changed.
    forgetChain(request.auth.chainId);
    return ok(result);
  });

  serve(app, calls.reopenStore, { config: { admin: true } }, async (input, request) => {
    mustManage(request);
    const version = await change(request, async (tx) => {
      const garage = await editable(tx, request, input.id);
      if (garage.version !== input.version) throw stale();
      if (garage.enabled) return garage.version;
      if (await repo.nameTaken(tx, request.auth.chainId, garage.name, garage.id)) throw new ApiError(Code.conflict, MSG.nameTaken);
      const next = await repo.setStoreOpen(tx, request.auth.chainId, garage.id, input.version, true, request.auth.userId);
      if (next === undefined) throw stale();
      await audit(tx, request, { action: 'store.reopen', targetId: garage.id, targetName: garage.name, detail: {}, storeIds: [garage.id] });
      return next;
    });
    forgetChain(request.auth.chainId);
    return ok({ version });
  });

  serve(app, calls.moveCustomers, { config: { admin: true } }, async (input, request) => {
    mustManage(request);
    const movedCustomers = await change(request, async (tx) => {
      const from = await editable(tx, request, input.fromStoreId);
      if (from.is_hq || from.enabled) throw new ApiError(Code.badInput, MSG.notClosed);
      const target = await openStore(tx, request, input.toStoreId, from.id);
      const moved = await repo.moveStoreCustomers(tx, request.auth.chainId, from.id, target.id);
      await audit(tx, request, {
        action: 'store.moveCustomers', targetId: from.id, targetName: `${from.name} → ${target.name}（${moved} 位客户）`,
        detail: { fromStoreId: from.id, toStoreId: target.id, customers: moved }, storeIds: [from.id, target.id],
      });
      return moved;
    });
    return ok({ movedCustomers });
  });
}
