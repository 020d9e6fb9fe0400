/**
 * 客户运营 (settings centre, customerOperations): the chain's lifecycle thresholds and reminder
 * rules, a preview of whom they hit today, and the follow-up tasks they create. Everybody signed in
 * reads the rules (the board shows its thresholds); a headquarters admin changes them, version-checked
 * and written to the audit log. Tasks are generated on demand (立即生成) and once a day by 工作台's
 * durable job 'daily-tasks' (routes/workbench.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as calls from '../../../contracts/api/customer-operations';
import { today as todayIn } from '../../../contracts/dates';
import { Permission } from '../../../contracts/permissions';
import {
  OPERATION_MESSAGES as MSG,
  OPERATION_NAMES as NAMES,
  REMINDER_KINDS,
  type CustomerOperationRules,
} from '../../../contracts/rules/customer-operations';
import { ApiError, Code, ok } from '../http/envelope';
import { serve } from '../http/contract';
import { auditActor, lockChainAuthority, writeAudit } from '../repositories/authority';
import { stageCounts, stageToday, stageTotals } from '../repositories/stages';
import * as repo from '../repositories/customer-operations';
import type { Host } from './index';

const SETTINGS = { config: { permission: Permission.settingsCentre } };

/** What changed, in the garage's words, for the audit log: 「沉睡天数 365 → 200」. */
export function describeChange(before: CustomerOperationRules, after: CustomerOperationRules): string[] {
  const changes: string[] = [];
  const number = (label: string, from: number, to: number, unit = '天') => {
    if (from !== to) changes.push(`${label} ${from} → ${to} ${unit}`);
  };
  for (const key of ['newWithinDays', 'activeWithinDays', 'sleepingWithinDays'] as const) number(NAMES[key], before.lifecycle[key], after.lifecycle[key]);
  for (const kind of REMINDER_KINDS) {
    if (before.reminders[kind].enabled !== after.reminders[kind].enabled) changes.push(`${after.reminders[kind].enabled ? '开启' : '关闭'}${NAMES.reminders[kind]}`);
  }
  number(NAMES.maintenanceDays, before.reminders.maintenance.daysBefore, after.reminders.maintenance.daysBefore);
  number(NAMES.maintenanceKm, before.reminders.maintenance.kmBefore, after.reminders.maintenance.kmBefore, '公里');
  number(NAMES.insuranceDays, before.reminders.insurance.daysBefore, after.reminders.insurance.daysBefore);
  number(NAMES.birthdayDays, before.reminders.birthday.daysBefore, after.reminders.birthday.daysBefore);
  return changes;
}

export default async function customerOperationRoutes(app: FastifyInstance) {
  const today = () => todayIn(app.config.timeZone);
  const editable = (request: FastifyRequest) => request.auth.isAdmin && request.auth.dataScope === 1;
  const answer = async (request: FastifyRequest, chainId = request.auth.chainId) => ({ ...(await repo.rulesOf(app.db, chainId)), editable: editable(request) });

  serve(app, calls.rules, async (_input, request) => ok(await answer(request)));

  serve(app, calls.saveRules, { config: { admin: true } }, async (input, request) => {
    if (!editable(request)) throw new ApiError(Code.forbidden, MSG.chainWide);
    const rules: CustomerOperationRules = { lifecycle: input.lifecycle, reminders: input.reminders };
    await app.db.transaction(async (tx) => {
      // One settings change of a chain at a time, like its authority changes: the version check
      // and the audit entry then describe the same "before".
      await lockChainAuthority(tx, request.auth.chainId);
      const before = await repo.rulesOf(tx, request.auth.chainId);
      if (before.version !== input.version || (await repo.saveRulesRow(tx, request.auth.chainId, request.auth.userId, input.version, rules)) === undefined) {
        throw new ApiError(Code.conflict, MSG.changedByOthers);
      }
      const changes = describeChange(before, rules);
      await writeAudit(tx, {
        ...auditActor(request.auth, request.ip),
        action: 'customerOperations.change',
        targetType: 'setting',
        targetId: request.auth.chainId,
        targetName: `客户运营规则：${changes.join('，') || '未改动'}`,
        detail: { before: { lifecycle: before.lifecycle, reminders: before.reminders }, after: rules },
        storeIds: [],
      });
    });
    return ok(await answer(request));
  });

  serve(app, calls.preview, SETTINGS, async (input, request) => {
    const day = today();
    const stages = stageTotals(await stageCounts(app.db, { ...stageToday(request.scope, input.lifecycle), storeIds: request.scope.storeIds }));
    const reminders = await repo.reminderCounts(app.db, request.scope.storeRows('c'), input.reminders, day);
    return ok({ today: day, stages, reminders });
  });

  serve(app, calls.taskSummary, SETTINGS, async (_input, request) => ok(await repo.taskSummary(app.db, request.auth.chainId, request.scope.storeIds, today())));

  serve(app, calls.generateTasks, SETTINGS, async (_input, request) => {
    const day = today();
    const created = await repo.generateTasks(app.db, request.auth.chainId, day);
    return ok({ today: day, created, ...(await repo.taskSummary(app.db, request.auth.chainId, request.scope.storeIds, day)) });
  });
  // The daily run is 工作台's durable job 'daily-tasks' (routes/workbench.ts): these rules decide what it makes.
}

/** Main host only: the rules are the back office's, not the WeCom sidebar's. */
export const hosts: Host[] = ['main'];
