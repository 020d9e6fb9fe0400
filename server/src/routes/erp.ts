/**
 * Binding the garage to its ERP (POST /api/erp/bind — the spec's path, served under the main host,
 * i.e. /api/api/erp/bind), its state and sync (系统设置 › ERP 对接). The ERP checks the account
 * through app.providers.erp before anything is stored; the ERP password is never stored.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, ok, refuse } from '../http/envelope';
import { serve } from '../http/contract';
import * as calls from '../../../contracts/api/garage';
import { ERP_TYPE_NAMES } from '../../../contracts/rules/erp';
import { Permission } from '../../../contracts/permissions';
import { bindErp, erpBindingOf, erpBindingsOf, recordErpSync, unbindErp } from '../repositories/erp';
import { auditActor, writeAudit } from '../repositories/authority';
import { sql, type Queryable } from '../db/database';
import { importErpOrders } from '../repositories/orders';
import { requestRollup } from '../repositories/rollups';
import { today as garageToday } from '../../../contracts/dates';

const SETTINGS = { config: { permission: Permission.settingsCentre } };

export default async function erpRoutes(app: FastifyInstance) {
  /** The store synced orders belong to: the bound store, or at headquarters the store with the ERP's store code. */
  const erpStoreOf = async (request: FastifyRequest, storeCode: string) => {
    if (!request.auth.garage.isHq) return request.auth.garage.id;
    const store = await app.db.one<{ id: number }>(sql`
      SELECT id FROM garage WHERE chain_id = ${request.auth.chainId} AND NOT is_hq AND code = ${storeCode}`);
    if (!store || !request.scope.canSeeStore(store.id)) throw refuse.badInput(`总部绑定的 ERP 门店编码「${storeCode}」不是本连锁的门店编码，请在门店下绑定后再同步工单`);
    return store.id;
  };

  const audit = (db: Queryable, request: FastifyRequest, action: 'erp.bind' | 'erp.unbind', erpType: keyof typeof ERP_TYPE_NAMES, account: string) =>
    writeAudit(db, {
      ...auditActor(request.auth, request.ip),
      action, targetType: 'erp', targetId: request.auth.garage.id,
      targetName: `${request.auth.garage.name}：${ERP_TYPE_NAMES[erpType]}（${account}）`,
      detail: { erpType, account }, storeIds: request.auth.garage.isHq ? [] : [request.auth.garage.id],
    });

  serve(app, calls.erpBindings, SETTINGS, async (_input, request) => ok(await erpBindingsOf(app.db, request.auth)));

  serve(app, calls.bindErp, SETTINGS, async (input, request) => {
    // The ERP refuses a wrong account before anything is stored.
    const { storeName } = await app.providers.erp.verify(input);
    const binding = await app.db.transaction(async (tx) => {
      const bound = await bindErp(tx, request.auth, { ...input, erpStoreName: storeName });
      await audit(tx, request, 'erp.bind', input.erpType, input.account);
      return bound;
    });
    return ok(binding);
  });

  serve(app, calls.unbindErp, SETTINGS, async ({ erpType }, request) => {
    await app.db.transaction(async (tx) => {
      const binding = await erpBindingOf(tx, request.auth, erpType);
      if (!binding || !(await unbindErp(tx, request.auth, erpType))) throw refuse.notFound(`当前门店未绑定${ERP_TYPE_NAMES[erpType]}`);
      await audit(tx, request, 'erp.unbind', erpType, binding.account);
    });
    return ok({ erpType });
  });

  serve(app, calls.syncErp, SETTINGS, async ({ erpType }, request) => {
    const binding = await erpBindingOf(app.db, request.auth, erpType);
    if (!binding) throw refuse.notFound(`当前门店未绑定${ERP_TYPE_NAMES[erpType]}`);
    try {
      const since = binding.lastSyncResult === 'ok' && binding.lastSyncAt ? new Date(binding.lastSyncAt) : null;
      const outcome = await app.providers.erp.sync({ ...binding, since });
      if (!outcome.workOrders) return ok((await recordErpSync(app.db, request.auth, erpType, outcome))!);
      // Work orders go through the one write path, into the bound store; the rollup job follows.
      const storeId = await erpStoreOf(request, binding.storeCode);
      const synced = await app.db.transaction(async (tx) => {
        const counts = await importErpOrders(tx, { chainId: request.auth.chainId, storeId, today: garageToday(app.config.timeZone) }, outcome.workOrders!);
        return recordErpSync(tx, request.auth, erpType, counts);
      });
      await requestRollup(app.jobs);
      return ok(synced!);
    } catch (error) {
      // The refusal is kept so the page shows why the last sync failed; the caller reads it too.
      if (error instanceof ApiError) await recordErpSync(app.db, request.auth, erpType, { refused: error.msg });
      throw error;
    }
  });
}
