/**
 * 工作台 and 智慧大屏 (issue 17). The task list is the caller's view (contracts/rules/workbench.ts:
 * headquarters all, a manager the store's, everybody else their own). The day's tasks (客户运营's
 * reminders and 流失回访) are made by the durable job 'daily-tasks' (at start and after midnight);
 * the task list only reads. Figures read the daily rollups.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as calls from '../../../contracts/api/workbench';
import { addDays, dayNumber, today as todayIn, type Day } from '../../../contracts/dates';
import { Permission } from '../../../contracts/permissions';
import { FOLLOW_UP_MAX_DAYS, WORKBENCH_MESSAGES as MSG, taskViewOf } from '../../../contracts/rules/workbench';
import { ok, refuse } from '../http/envelope';
import { serve } from '../http/contract';
import { JobStopped, jobIdFor } from '../jobs/queue';
import { settingsOf } from '../repositories/settings';
import { dueLeadCount } from '../repositories/potential';
import { hasPermission } from '../auth/context';
import * as repo from '../repositories/workbench';
import * as figures from '../repositories/workbench-figures';
import type { Host } from './index';

const BIG_SCREEN = { config: { permission: Permission.bigScreen, editionFeature: 'big_screen' as const } };
/** How often a server checks whether a chain's day still has to be made (after midnight: within this). */
const DAILY_CHECK_MS = 60_000;
/** How long the first workbench of a day not yet made waits for the job (queue start ~3 s, polling 1 s). */
const FIRST_DAY_WAIT_MS = 20_000;

export default async function workbenchRoutes(app: FastifyInstance) {
  const today = () => todayIn(app.config.timeZone);
  const viewOf = (request: FastifyRequest) =>
    taskViewOf({ dataScope: request.auth.dataScope, isAdmin: request.auth.isAdmin, roleCodes: request.auth.roles.map((role) => role.code) });

  // The day's tasks are made by the durable job, never by a request: at start when a chain's day is
  // not made yet, then within a minute after midnight (the check is one small query). Several
  // processes may queue it: the job id is the day's, and each chain's day is claimed exactly once.
  app.jobs.work(repo.DAILY_TASKS_JOB, async (_data, job) => {
    await repo.makeDueTasks(app.db, today(), job.stopping);
    if (job.stopping()) throw new JobStopped();
  });
  const queueDay = (day: Day, chainId: number) => app.jobs.send(repo.DAILY_TASKS_JOB, { day }, { id: jobIdFor(repo.DAILY_TASKS_JOB, dayNumber(day) * 100_000 + chainId) });
  const checkDay = async () => {
    const day = today();
    const due = await repo.chainsDue(app.db, day);
    // Keyed by the first chain due, so a chain opened later in the day gets a job of its own.
    if (due.length > 0) await queueDay(day, due[0]);
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (!app.config.dailyJobs) return;
    const check = () => void checkDay().catch((error: unknown) => app.log.error({ err: error }, '工作台：每日任务生成排队失败'));
    check();
    timer = setInterval(check, DAILY_CHECK_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => clearInterval(timer));

  /**
   * A chain whose day is not made yet (a new chain, the minutes after midnight, a server started
   * with daily jobs off) asks the job for it once and waits for it, so the landing page is not
   * empty; the request itself writes nothing. Waiting is bounded: past it, the list shows what exists.
   */
  const waiting = new Map<string, Promise<void>>();
  const awaitDay = (chainId: number, day: Day): Promise<void> => {
    const key = `${chainId}|${day}`;
    let wait = waiting.get(key);
    if (!wait) {
      wait = (async () => {
        if (await repo.dayIsMade(app.db, chainId, day)) return;
        await queueDay(day, chainId);
        for (const started = Date.now(); Date.now() - started < FIRST_DAY_WAIT_MS; ) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          if (await repo.dayIsMade(app.db, chainId, day)) return;
        }
        app.log.warn({ chainId, day }, '工作台：今日任务尚未生成，先显示已有任务');
      })()
        // The queue itself failing is no reason to refuse the page: it lists what exists, as after the wait.
        .catch((error: unknown) => app.log.error({ err: error, chainId, day }, '工作台：今日任务排队失败，先显示已有任务'))
        .finally(() => waiting.delete(key));
      waiting.set(key, wait);
    }
    return wait;
  };

  serve(app, calls.tasks, async (input, request) => {
    const day = today();
    await awaitDay(request.auth.chainId, day);
    const view = viewOf(request);
    const { isShowPhone } = await settingsOf(app.db, request.auth);
    // Leads are not tasks (no customer yet): their count links to 潜在客户, for those who may open it.
    const mayOpenLeads = hasPermission(request.auth, Permission.customerImport);
    const [list, leadsDue] = await Promise.all([
      repo.listTasks(app.db, request.scope, view, { ...input, today: day, showPhone: isShowPhone }),
      mayOpenLeads ? dueLeadCount(app.db, request.scope, view === 'own' ? request.auth.userId : undefined) : null,
    ]);
    return ok({ today: day, view, ...list, leadsDue });
  });

  serve(app, calls.finishTask, async (input, request) => {
    const day = today();
    if (input.nextFollowUpOn !== undefined) {
      if (input.nextFollowUpOn <= day) throw refuse.badInput(MSG.followUpPast);
      if (input.nextFollowUpOn > addDays(day, FOLLOW_UP_MAX_DAYS)) throw refuse.badInput(MSG.followUpFar);
    }
    const view = viewOf(request);
    const answer = await app.db.transaction((tx) => repo.finishTask(tx, request.scope, view, { id: input.id, result: input.result, note: input.note || undefined, nextFollowUpOn: input.nextFollowUpOn, today: day }));
    if (!answer) throw refuse.notFound(MSG.taskNotFound);
    return ok(answer);
  });

  serve(app, calls.undoTask, async (input, request) => {
    const answer = await app.db.transaction((tx) => repo.undoTask(tx, request.scope, viewOf(request), { id: input.id, today: today() }));
    if (!answer) throw refuse.notFound(MSG.taskNotFound);
    if (answer === 'notToday') throw refuse.conflict(MSG.undoNotToday);
    if (answer === 'notYours') throw refuse.forbidden(MSG.undoNotYours);
    return ok(answer);
  });

  serve(app, calls.figures, async (_input, request) => ok(await figures.workbenchFigures(app.db, request.scope, today())));

  serve(app, calls.bigScreen, BIG_SCREEN, async (_input, request) => ok(await figures.bigScreen(app.db, request.scope, today())));
}

/** Main host only: the WeCom sidebar has its own customer view. */
export const hosts: Host[] = ['main'];
