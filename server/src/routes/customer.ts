/**
 * Customers (issue 5): the condition builder, the list, saved conditions, groups, detail, the
 * vehicle panorama and the lifecycle board. Inputs and answers are contracts/api/customer.ts; the
 * condition is the shared, versioned zod object of contracts/customer-condition.ts.
 *
 *   POST /client/condition      condition (storeIds used)      → builder options with counts + saved conditions
 *   POST /client/list           condition                      → { total, totalCapped, page, pageSize, phoneMasked, list }
 *   POST /client/count          condition                      → { total }, exact (选择全部 N 位)
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
import { serve } from '../http/contract';
import * as calls from '../../../contracts/api/customer';
import type { ParsedInputOf } from '../../../contracts/api/route';
import { isUniqueViolation, type Queryable } from '../db/database';
import { settingsOf } from '../repositories/settings';
import {
  addGroupMembers,
  conditionOptions,
  countMatching,
  customerDetail,
  customerIdsMatching,
  customersForAdvisor,
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
  setAdvisor,
  updateGroup,
  vehicleDetail,
  type CustomerGroupRow,
} from '../repositories/customer';
import type { CustomerCondition } from '../../../contracts/customer-condition';
import { BULK_LIMIT, LIFECYCLE_STAGES, filterPart } from '../../../contracts/rules/customer';
import { rulesOf } from '../repositories/customer-operations';
import { stageCounts, stageToday, stageTotals } from '../repositories/stages';
import { ownsStore, staffServing } from '../repositories/potential';
import { advisorsOf } from '../repositories/organization';
import { auditActor, writeAudit } from '../repositories/authority';
import { Permission } from '../../../contracts/permissions';

const GROUP_PERMISSION = 11;
/** Changing customers' data in bulk (专属顾问) is for whoever may import customers: store managers and headquarters. */
const ADVISOR = { config: { permission: Permission.customerImport } };
const DEFAULT_GROUP_NAME = '客户分组';

/** Every customer a condition matches, for bulk actions; refuses more than BULK_LIMIT. */
export async function customerIdsFor(db: Queryable, request: FastifyRequest, condition: CustomerCondition): Promise<number[]> {
  const ids = await customerIdsMatching(db, request.scope, condition, BULK_LIMIT + 1);
  if (ids.length > BULK_LIMIT) throw refuse.badInput(`一次最多操作 ${BULK_LIMIT} 位客户，请缩小筛选范围`);
  return ids;
}

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
    condition: group.condition as Record<string, unknown> | null,
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

  serve(app, calls.conditionOptions, async (condition, request) => {
    const [options, saved, rules] = await Promise.all([conditionOptions(db, request.scope, condition.storeIds), savedConditions(db, request.scope), rulesOf(db, request.auth.chainId)]);
    return ok({
      ...options,
      savedConditions: saved,
      stages: [...LIFECYCLE_STAGES],
      lifecycleRules: rules.lifecycle,
    });
  });

  serve(app, calls.customerList, async (condition, request) => {
    const phone = await showPhone(app, request);
    const page = await listCustomers(db, request.scope, condition, { showPhone: phone });
    return ok({ ...page, phoneMasked: !phone });
  });

  serve(app, calls.customerCount, async (condition, request) => ok({ total: await countMatching(db, request.scope, condition) }));

  serve(app, calls.savedConditions, async (_input, request) => ok(await savedConditions(db, request.scope)));

  serve(app, calls.saveCondition, async (input, request) => {
    return ok(await saveCondition(db, request.scope, input.name, filterPart(input.condition)));
  });

  serve(app, calls.deleteCondition, async ({ id }, request) => {
    const deleted = await deleteCondition(db, request.scope, id);
    if (deleted === 0) throw refuse.notFound('条件不存在或已被删除');
    return ok({ deleted: true });
  });

  serve(app, calls.nextGroupName, async (_input, request) => ok(nextGroupName(await groupNames(db, request.scope))));

  serve(app, calls.customerGroups, async (_input, request) => {
    const groups = await groupRows(db, request.scope);
    return ok(await Promise.all(groups.map((group) => groupOut(request, group))));
  });

  const saveGroup = async (input: ParsedInputOf<typeof calls.saveGroup>, request: FastifyRequest) => {
    if (input.id !== undefined) {
      const group = await findGroup(request, input.id);
      mayChangeGroup(request, group);
      const condition = group.kind === 'condition' && input.condition ? filterPart(input.condition) : undefined;
      await updateGroup(db, request.scope, group.id, { name: input.name, condition });
      return ok(await groupOut(request, await findGroup(request, group.id)));
    }
    const kind = input.kind ?? (input.customerIds ? 'fixed' : 'condition');
    if (kind === 'condition') {
      const condition = filterPart(input.condition ?? {});
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
  };

  serve(app, calls.saveGroup, { config: { permission: GROUP_PERMISSION } }, async (input, request) => {
    const taken = () => refuse.conflict(`分组「${input.name}」已存在`);
    if (await groupNameTaken(db, request.scope, input.name, input.id)) throw taken();
    // Two people saving the same name at once: the second gets the same refusal as if it came later.
    return saveGroup(input, request).catch((error: unknown) => {
      throw isUniqueViolation(error) ? taken() : error;
    });
  });

  serve(app, calls.deleteGroup, { config: { permission: GROUP_PERMISSION } }, async ({ id }, request) => {
    const group = await findGroup(request, id);
    mayChangeGroup(request, group);
    await deleteGroup(db, request.scope, id);
    return ok({ deleted: true });
  });

  serve(app, calls.groupMembers, { config: { permission: GROUP_PERMISSION } }, async (input, request) => {
    const group = await findGroup(request, input.groupId);
    mayChangeGroup(request, group);
    if (group.kind !== 'fixed') throw refuse.badInput('按条件分组的成员随条件自动变化，不能手动添加');
    const changed = await db.transaction(async (tx) => {
      const ids = input.customerIds ?? (input.condition ? await customerIdsFor(tx, request, input.condition) : []);
      if (ids.length === 0) throw refuse.badInput('请选择客户');
      return input.action === 'add' ? addGroupMembers(tx, request.scope, group.id, ids) : removeGroupMembers(tx, request.scope, group.id, ids);
    });
    return ok({ changed, memberCount: await groupMemberCount(db, request.scope, group) });
  });

  // 专属顾问: whose 工作台 holds a customer's tasks (repositories/workbench.ts); only a 服务顾问 may be one.
  const advisorsFor = (request: FastifyRequest) => advisorsOf(db, request.auth.chainId, request.scope.storeIds);

  serve(app, calls.advisorChoices, ADVISOR, async (_input, request) => ok(await advisorsFor(request)));

  serve(app, calls.assignAdvisor, ADVISOR, async ({ customerIds, condition, advisorId }, request) => {
    const advisor = advisorId === null ? null : (await advisorsFor(request)).find((person) => person.id === advisorId);
    if (advisorId !== null && !advisor) throw refuse.badInput('专属顾问不存在、已停用或不在您的门店任职');
    const updated = await db.transaction(async (tx) => {
      const ids = customerIds ? [...new Set(customerIds)] : condition ? await customerIdsFor(tx, request, condition) : [];
      if (ids.length === 0) throw refuse.badInput(condition ? '没有符合条件的客户' : '请选择客户');
      const customers = await customersForAdvisor(tx, request.scope, ids);
      if (customers.length < ids.length) throw refuse.notFound(`有 ${ids.length - customers.length} 位客户不存在或不在您的数据范围内，未做任何修改`);
      const elsewhere = advisor && customers.find((customer) => !ownsStore(advisor, customer.storeId));
      if (advisor && elsewhere) throw refuse.badInput(`${advisor.name} 不在「${elsewhere.storeName}」任职，不能做该店客户的专属顾问`);
      const changed = await setAdvisor(tx, request.scope, ids, advisorId);
      await writeAudit(tx, {
        ...auditActor(request.auth, request.ip), action: advisor ? 'customer.advisor' : 'customer.advisor.clear', targetType: 'customer', targetId: ids.length === 1 ? ids[0]! : null,
        targetName: advisor ? `${advisor.name}（${ids.length} 位客户）` : `${ids.length} 位客户`, detail: { customerIds: ids.slice(0, 50), advisorId },
        storeIds: [...new Set(customers.map((customer) => customer.storeId))],
      });
      return changed;
    });
    return ok({ updated });
  });

  serve(app, calls.customerDetail, async ({ customerId }, request) => {
    const customer = await customerDetail(db, request.scope, customerId, { showPhone: await showPhone(app, request) });
    if (!customer) throw refuse.notFound('客户不存在或不在您的数据范围内');
    return ok(customer);
  });

  serve(app, calls.vehiclePanorama, async (input, request) => {
    let vehicleId = input.vehicleId;
    if (vehicleId === undefined && input.plate) {
      const [match] = (await searchVehicles(db, request.scope, input.plate, 2)).filter((vehicle) => vehicle.plate === input.plate!.toUpperCase());
      vehicleId = match?.id;
    }
    if (vehicleId === undefined) {
      if (!input.plate) throw refuse.badInput('请填写车辆编号或车牌号');
      throw refuse.notFound(`未找到车牌号为 ${input.plate} 的车辆`);
    }
    // 下次保养 is the stored fact (repositories/next-maintenance.ts), the same the list, tasks and texts read.
    const detail = await vehicleDetail(db, request.scope, vehicleId, { showPhone: await showPhone(app, request) });
    if (!detail) throw refuse.notFound('车辆不存在或不在您的数据范围内');
    return ok(detail);
  });

  serve(app, calls.vehicleSearch, async ({ keyword }, request) => {
    if (keyword.replace(/\s+/g, '').length < 2) return ok([]);
    return ok(await searchVehicles(db, request.scope, keyword));
  });

  serve(app, calls.customerBoard, async ({ storeIds }, request) => {
    const scope = request.scope;
    const shown = storeIds && storeIds.length > 0 ? storeIds.filter((id) => scope.canSeeStore(id)) : scope.storeIds;
    const [rows, rules] = await Promise.all([stageCounts(db, { ...stageToday(scope), storeIds: shown }), rulesOf(db, request.auth.chainId)]);
    const totals = stageTotals(rows);
    const stores = rows.map(({ storeId, storeName, ...counts }) => ({ storeId, storeName, counts, total: LIFECYCLE_STAGES.reduce((sum, stage) => sum + counts[stage], 0) }));
    return ok({ rules: rules.lifecycle, totals, total: LIFECYCLE_STAGES.reduce((sum, stage) => sum + totals[stage], 0), stores });
  });
}
