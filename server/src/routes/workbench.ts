/**
 * 工作台 and 智慧大屏 (issue 17). The task list is the caller's view (contracts/rules/workbench.ts:
 * headquarters all, a manager the store's, everybody else their own); the first workbench of a
 * chain's day makes that day's tasks (reminders and 流失回访), so the landing page is never empty
 * while the daily run has not come round yet. Figures read the daily rollups.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as calls from '../../../contracts/api/workbench';
import { addDays, today as todayIn, type Day } from '../../../contracts/dates';
import { Permission } from '../../../contracts/permissions';
import { FOLLOW_UP_MAX_DAYS, TASK_LIST_LIMIT, WORKBENCH_MESSAGES as MSG, taskViewOf } from '../../../contracts/rules/workbench';
import { ok, refuse } from '../http/envelope';
import { serve } from '../http/contract';
import { generateTasks } from '../repositories/customer-operations';
import { settingsOf } from '../repositories/settings';
import * as repo from '../repositories/workbench';
import * as figures from '../repositories/workbench-figures';
import type { Host } from './index';

const BIG_SCREEN = { config: { permission: Permission.bigScreen } };

export default async function workbenchRoutes(app: FastifyInstance) {
  const today = () => todayIn(app.config.timeZone);
  const viewOf = (request: FastifyRequest) =>
    taskViewOf({ dataScope: request.auth.dataScope, isAdmin: request.auth.isAdmin, roleCodes: request.auth.roles.map((role) => role.code) });

  // Chains whose tasks this process made today: one generation per chain and day, whoever opens
  // the workbench first. Generation is idempotent, so other processes doing the same cost no duplicates.
  const generated = new Map<number, Day>();
  const pending = new Map<number, Promise<void>>();
  const ensureTasks = (chainId: number, day: Day): Promise<void> => {
    if (generated.get(chainId) === day) return Promise.resolve();
    let run = pending.get(chainId);
    if (!run) {
      run = (async () => {
        await generateTasks(app.db, chainId, day);
        await repo.generateLostTasks(app.db, chainId, day);
        generated.set(chainId, day);
      })().finally(() => pending.delete(chainId));
      pending.set(chainId, run);
    }
    return run;
  };

  serve(app, calls.tasks, async (input, request) => {
    const day = today();
    await ensureTasks(request.auth.chainId, day);
    const view = viewOf(request);
    const { isShowPhone } = await settingsOf(app.db, request.auth);
    const list = await repo.listTasks(app.db, request.scope, view, { kind: input.kind, limit: input.limit ?? TASK_LIST_LIMIT.default, today: day, showPhone: isShowPhone });
    return ok({ today: day, view, ...list });
  });

  serve(app, calls.finishTask, async (input, request) => {
    const day = today();
    if (input.nextFollowUpOn !== undefined) {
      if (input.nextFollowUpOn <= day) throw refuse.badInput(MSG.followUpPast);
      if (input.nextFollowUpOn > addDays(day, FOLLOW_UP_MAX_DAYS)) throw refuse.badInput(MSG.followUpFar);
    }
    const view = viewOf(request);
    const answer = await app.db.transaction((tx) => repo.finishTask(tx, request.scope, view, { id: input.id, note: input.note || undefined, nextFollowUpOn: input.nextFollowUpOn, today: day }));
    if (!answer) throw refuse.notFound(MSG.taskNotFound);
    return ok(answer);
  });

  serve(app, calls.figures, async (_input, request) => ok(await figures.workbenchFigures(app.db, request.scope, today())));

  serve(app, calls.bigScreen, BIG_SCREEN, async (_input, request) => ok(await figures.bigScreen(app.db, request.scope, today())));
}

/** Main host only: the WeCom sidebar has its own customer view. */
export const hosts: Host[] = ['main'];
