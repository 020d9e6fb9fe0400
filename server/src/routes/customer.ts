/**
 * Customers (issue 5): the condition builder, the list, saved conditions, groups, detail, the
 * vehicle panorama and the lifecycle board. The condition is the shared, versioned zod object of
 * widgets/customer-list/condition.ts (one source for client and server).
 *
 *   POST /client/condition      condition (storeIds used)      → builder options with counts + saved conditions
 *   POST /client/list           condition                      → { total, page, pageSize, phoneMasked, list }
 *   GET  /client/conditions                                    → the caller's saved conditions
 *   POST /client/saveCondition  { name, condition }            → saved condition (same name = replaced)
 *   GET  /client/deleteCondition  id                           → { deleted }
 *   GET  /client/group/name                                    → "客户分组N", the next free default name
 *   GET  /client/groups                                        → groups with live member counts
 *   POST /client/group          { id?, name, kind, condition?, customerIds? } → the group (id = update)
 *   DELETE /client/group        id                             → { deleted }
 *   POST /client/group/members  { groupId, action, customerIds? | condition? } → { changed, memberCount }
 *   GET  /client/detail         customerId                     → customer, vehicles, tags, groups
 *   GET  /vehicle/detail        vehicleId | plate              → vehicle, owner, visits, policies, spendByYear
 *   GET  /vehicle/search        keyword                        → up to 10 vehicles by plate / VIN prefix
 *   GET  /client/board          storeIds?                      → customers per lifecycle stage per store
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, refuse } from '../http/envelope';
import { idList, parse, positiveId, readInput, z } from '../http/input';
import type { Queryable } from '../db/database';
import { settingsOf } from '../repositories/settings';
import {
  addGroupMembers,
  conditionOptions,
  customerDetail,
  customerIdsMatching,
  deleteCondition,
  deleteGroup,
  groupMemberCount,
  groupNameTaken,
  groupNames,
  groupRows,
  insertGroup,
  listCustomers,
  removeGroupMembers,
  saveCondition,
  savedConditions,
  searchVehicles,
  stageCountsByStore,
  updateGroup,
  vehicleDetail,
  type CustomerGroupRow,
} from '../repositories/customer';
import {
  LIFECYCLE_RULES,
  LIFECYCLE_STAGES,
  customerConditionSchema,
  filterPart,
  type CustomerCondition,
} from '../../../widgets/customer-list/condition';

/** Bulk actions on "every matching customer" stop here; larger sets go through live groups. */
export const BULK_LIMIT = 10_000;
const GROUP_PERMISSION = 11;
const DEFAULT_GROUP_NAME = '客户分组';

const CONDITION_LABELS: Record<string, string> = {
  keyword: '关键词',
  pageSize: '每页条数',
  page: '页码',
  notVisitedForDays: '未到店天数',
  maintenanceDueWithinDays: '保养到期天数',
  insuranceExpiringWithinDays: '保险到期天数',
  name: '名称',
};

export function readCondition(value: unknown): CustomerCondition {
  return parse(customerConditionSchema, value ?? {}, CONDITION_LABELS);
}

/** Every customer a condition matches, for bulk actions; refuses more than BULK_LIMIT. */
export async function customerIdsFor(db: Queryable, request: FastifyRequest, condition: unknown): Promise<number[]> {
  const ids = await customerIdsMatching(db, request.scope, readCondition(condition), BULK_LIMIT + 1);
  if (ids.length > BULK_LIMIT) throw refuse.badInput(`一次最多操作 ${BULK_LIMIT} 位客户，请缩小筛选范围`);
  return ids;
}

const conditionBody = z.record(z.string(), z.unknown());
const groupName = z.string().trim().min(1, '请填写分组名称').max(20, '分组名称最多 20 个字');
const conditionName = z.string().trim().min(1, '请填写条件名称').max(20, '条件名称最多 20 个字');
const customerIds = z.array(positiveId).max(BULK_LIMIT, `一次最多操作 ${BULK_LIMIT} 位客户`);

/** Phone numbers are shown whole only where the garage allows it (garage setting 显示手机号). */
async function showPhone(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  return (await settingsOf(app.db, request.auth)).isShowPhone;
}

/** The next free "客户分组N": one past the highest number in use, so deleted numbers are not reused. */
export function nextGroupName(taken: string[]): string {
  const pattern = new RegExp(`^${DEFAULT_GROUP_NAME}(\\d+)$`);
  const numbers = taken.map((name) => pattern.exec(name)?.[1]).filter((n): n is string => n !== undefined).map(Number);
  return `${DEFAULT_GROUP_NAME}${numbers.length === 0 ? 1 : Math.max(...numbers) + 1}`;
}

export default async function customerRoutes(app: FastifyInstance) {
  const { db } = app;

  const groupOut = async (request: FastifyRequest, group: CustomerGroupRow) => ({
    ...group,
    memberCount: await groupMemberCount(db, request.scope, group),
  });

  const mayChangeGroup = (request: FastifyRequest, group: CustomerGroupRow) => {
    // Groups are chain-wide: someone seeing only their own store must not delete headquarters' lists.
    if (request.auth.dataScope === 1 || request.auth.isAdmin) return;
    if (group.createdById !== request.auth.userId) throw refuse.forbidden('只能修改或删除自己创建的分组');
  };

  const findGroup = async (request: FastifyRequest, id: number) => {
    const [group] = await groupRows(db, request.scope, id);
    if (!group) throw refuse.notFound('分组不存在或已被删除');
    return group;
  };

  app.post('/client/condition', async (request) => {
    const condition = readCondition(readInput(request, conditionBody));
    const [options, saved] = await Promise.all([conditionOptions(db, request.scope, condition.storeIds), savedConditions(db, request.scope)]);
    return ok({
      ...options,
      savedConditions: saved,
      stages: LIFECYCLE_STAGES,
      lifecycleRules: LIFECYCLE_RULES,
    });
  });

  app.post('/client/list', async (request) => {
    const condition = readCondition(readInput(request, conditionBody));
    const phone = await showPhone(app, request);
    const page = await listCustomers(db, request.scope, condition, { showPhone: phone });
    return ok({ ...page, phoneMasked: !phone });
  });

  app.get('/client/conditions', async (request) => ok(await savedConditions(db, request.scope)));

  app.post('/client/saveCondition', async (request) => {
    const input = readInput(request, z.object({ name: conditionName, condition: conditionBody.default({}) }), { name: '条件名称' });
    const condition = filterPart(readCondition(input.condition));
    return ok(await saveCondition(db, request.scope, input.name, condition));
  });

  app.get('/client/deleteCondition', async (request) => {
    const { id } = readInput(request, z.object({ id: positiveId }), { id: '条件编号' });
    const deleted = await deleteCondition(db, request.scope, id);
    if (deleted === 0) throw refuse.notFound('条件不存在或已被删除');
    return ok({ deleted: true });
  });

  app.get('/client/group/name', async (request) => ok(nextGroupName(await groupNames(db, request.scope))));

  app.get('/client/groups', async (request) => {
    const groups = await groupRows(db, request.scope);
    return ok(await Promise.all(groups.map((group) => groupOut(request, group))));
  });

  app.post('/client/group', { config: { permission: GROUP_PERMISSION } }, async (request) => {
    const input = readInput(
      request,
      z.object({
        id: positiveId.optional(),
        name: groupName,
        kind: z.enum(['condition', 'fixed'], { message: '分组类型只能是 condition 或 fixed' }).optional(),
        condition: conditionBody.optional(),
        customerIds: customerIds.optional(),
      }),
      { name: '分组名称' },
    );
    if (await groupNameTaken(db, request.scope, input.name, input.id)) throw refuse.conflict(`分组「${input.name}」已存在`);
    if (input.id !== undefined) {
      const group = await findGroup(request, input.id);
      mayChangeGroup(request, group);
      const condition = group.kind === 'condition' && input.condition ? filterPart(readCondition(input.condition)) : undefined;
      await updateGroup(db, request.scope, group.id, { name: input.name, condition });
      return ok(await groupOut(request, await findGroup(request, group.id)));
    }
    const kind = input.kind ?? (input.customerIds ? 'fixed' : 'condition');
    if (kind === 'condition') {
      const condition = filterPart(readCondition(input.condition ?? {}));
      if (condition.groupIds && condition.groupIds.length > 0) throw refuse.badInput('按条件分组不能再以分组作为条件');
      const id = await insertGroup(db, request.scope, { name: input.name, kind, condition });
      return ok(await groupOut(request, await findGroup(request, id)));
    }
    const id = await db.transaction(async (tx) => {
      const groupId = await insertGroup(tx, request.scope, { name: input.name, kind, condition: null });
      const members = input.customerIds ?? (input.condition ? await customerIdsFor(tx, request, input.condition) : []);
      await addGroupMembers(tx, request.scope, groupId, members);
      return groupId;
    });
    return ok(await groupOut(request, await findGroup(request, id)));
  });

  app.delete('/client/group', { config: { permission: GROUP_PERMISSION } }, async (request) => {
    const { id } = readInput(request, z.object({ id: positiveId }), { id: '分组编号' });
    const group = await findGroup(request, id);
    mayChangeGroup(request, group);
    await deleteGroup(db, request.scope, id);
    return ok({ deleted: true });
  });

  app.post('/client/group/members', { config: { permission: GROUP_PERMISSION } }, async (request) => {
    const input = readInput(
      request,
      z.object({
        groupId: positiveId,
        action: z.enum(['add', 'remove']).default('add'),
        customerIds: customerIds.optional(),
        condition: conditionBody.optional(),
      }),
      { groupId: '分组' },
    );
    const group = await findGroup(request, input.groupId);
    if (group.kind !== 'fixed') throw refuse.badInput('按条件分组的成员随条件自动变化，不能手动添加');
    const changed = await db.transaction(async (tx) => {
      const ids = input.customerIds ?? (input.condition ? await customerIdsFor(tx, request, input.condition) : []);
      if (ids.length === 0) throw refuse.badInput('请选择客户');
      return input.action === 'add' ? addGroupMembers(tx, request.scope, group.id, ids) : removeGroupMembers(tx, request.scope, group.id, ids);
    });
    return ok({ changed, memberCount: await groupMemberCount(db, request.scope, group) });
  });

  app.get('/client/detail', async (request) => {
    const { customerId } = readInput(request, z.object({ customerId: positiveId }), { customerId: '客户编号' });
    const customer = await customerDetail(db, request.scope, customerId, { showPhone: await showPhone(app, request) });
    if (!customer) throw refuse.notFound('客户不存在或不在您的数据范围内');
    return ok(customer);
  });

  app.get('/vehicle/detail', async (request) => {
    const input = readInput(request, z.object({ vehicleId: positiveId.optional(), plate: z.string().trim().min(2).max(10).optional() }));
    let vehicleId = input.vehicleId;
    if (vehicleId === undefined && input.plate) {
      const [match] = (await searchVehicles(db, request.scope, input.plate, 2)).filter((vehicle) => vehicle.plate === input.plate!.toUpperCase());
      vehicleId = match?.id;
    }
    if (vehicleId === undefined) {
      if (!input.plate) throw refuse.badInput('请填写车辆编号或车牌号');
      throw refuse.notFound(`未找到车牌号为 ${input.plate} 的车辆`);
    }
    const detail = await vehicleDetail(db, request.scope, vehicleId, { showPhone: await showPhone(app, request) });
    if (!detail) throw refuse.notFound('车辆不存在或不在您的数据范围内');
    return ok(detail);
  });

  app.get('/vehicle/search', async (request) => {
    const { keyword } = readInput(request, z.object({ keyword: z.string().trim().max(17).default('') }));
    if (keyword.replace(/\s+/g, '').length < 2) return ok([]);
    return ok(await searchVehicles(db, request.scope, keyword));
  });

  app.get('/client/board', async (request) => {
    const { storeIds } = readInput(request, z.object({ storeIds: idList.optional() }));
    const rows = await stageCountsByStore(db, request.scope, storeIds);
    const stores = new Map<number, { storeId: number; storeName: string; counts: Record<string, number>; total: number }>();
    const totals: Record<string, number> = Object.fromEntries(LIFECYCLE_STAGES.map((stage) => [stage, 0]));
    for (const row of rows) {
      const store = stores.get(row.storeId) ?? { storeId: row.storeId, storeName: row.storeName, counts: Object.fromEntries(LIFECYCLE_STAGES.map((stage) => [stage, 0])), total: 0 };
      store.counts[row.stage] = row.count;
      store.total += row.count;
      totals[row.stage] += row.count;
      stores.set(row.storeId, store);
    }
    return ok({ rules: LIFECYCLE_RULES, totals, total: Object.values(totals).reduce((a, b) => a + b, 0), stores: [...stores.values()] });
  });

}
