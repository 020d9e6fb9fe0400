/**
 * 工作台 and 智慧大屏 (issue 17): the kinds of follow-up task, who sees which tasks, and the
 * constants both server and widgets read. zod-free, like every rule here.
 *
 * - Tasks (table follow_up_task): the reminder rules of 客户运营 make 保养 / 保险 / 生日 tasks; the
 *   workbench adds 流失回访 (a customer who turned 流失 in the last LOST_RECALL_DAYS days) and
 *   跟进 (a next follow-up an employee scheduled when closing a task).
 * - Who sees what (enforced by the server): headquarters (data scope 1) every visible store, a
 *   store's manager or admin the store's tasks, everybody else (前台/服务顾问, 技师…) their own:
 *   tasks assigned to them, or of customers whose 专属顾问 they are.
 */
import type { ReminderKind } from './customer-operations';
import { Permission, type PermissionId } from '../permissions';
import { SMS_CATEGORIES, type SmsCategory } from '../sms';

/** In the order the list puts them on one day. */
export const TASK_KINDS = ['follow_up', 'birthday', 'maintenance', 'insurance', 'lost'] as const satisfies readonly (ReminderKind | 'lost' | 'follow_up')[];
export type TaskKind = (typeof TASK_KINDS)[number];

export const TASK_KIND_NAMES: Record<TaskKind, string> = {
  maintenance: '保养到期',
  insurance: '保险到期',
  birthday: '生日关怀',
  lost: '流失回访',
  follow_up: '预约跟进',
};

/**
 * The permission a kind of task needs, because its work is done on a page behind it: a 保险到期 task
 * is a renewal quote (保险查询 / 保险报价). A task is listed, counted and closed only for those who
 * can act on it; the others (保养, 生日, 流失, 跟进) are calls and texts any staff member makes.
 */
export const TASK_KIND_PERMISSION: Partial<Record<TaskKind, PermissionId>> = { insurance: Permission.insurance };

/** The kinds of task a person with these permissions is given. */
export function taskKindsFor(mayOpen: (permission: PermissionId) => boolean): TaskKind[] {
  return TASK_KINDS.filter((kind) => {
    const needed = TASK_KIND_PERMISSION[kind];
    return needed === undefined || mayOpen(needed);
  });
}

/** A customer who turned 流失 this many days ago or less gets a call-back task (older ones are the board's recall lists). */
export const LOST_RECALL_DAYS = 30;
/** Open tasks whose day passed longer ago than this leave the list (the customer moved on to a recall stage). */
export const TASK_STALE_DAYS = 30;
/** A scheduled follow-up lies at most this far ahead. */
export const FOLLOW_UP_MAX_DAYS = 180;
/** Tasks on one page of the list (the counts cover every page). */
export const TASK_PAGE_SIZE = { default: 50, max: 200 } as const;

/** How a call went, recorded when a task is closed. */
export const TASK_RESULTS = ['reached', 'booked', 'no_answer', 'declined'] as const;
export type TaskResult = (typeof TASK_RESULTS)[number];
export const TASK_RESULT_NAMES: Record<TaskResult, string> = {
  reached: '已联系',
  booked: '已约到店',
  no_answer: '未接通',
  declined: '客户不需要',
};

/**
 * Who may reopen a closed task: only on the day it was closed (the day's figures and the next
 * morning's list are settled then), and only who closed it or a manager of its store (a view wider
 * than one's own tasks). Anybody else's undo would silently erase a colleague's record.
 */
export function mayUndoTask(task: { doneOn: string; doneById: number | null }, caller: { userId: number; view: TaskView }, today: string): boolean {
  return task.doneOn === today && (task.doneById === caller.userId || caller.view !== 'own');
}

/**
 * The text a task's 发短信 starts with (短信营销 ?template=<kind>): the template category, and for a
 * category that holds several kinds of text, the word the template's name holds. No such approved
 * template: nothing is chosen for the employee (a wrong text is worse than none), the category is shown.
 */
export interface SmsTemplateWish {
  category: SmsCategory;
  nameHas?: string;
}
export const TASK_SMS_TEMPLATE: Record<TaskKind, SmsTemplateWish> = {
  maintenance: { category: 'maintenance' },
  insurance: { category: 'insurance' },
  birthday: { category: 'marketing', nameHas: '生日' },
  lost: { category: 'marketing', nameHas: '回访' },
  follow_up: { category: 'notice', nameHas: '跟进' },
};

/** 短信营销's ?template=: a task kind, or a template category (保险查询 sends `insurance`). */
export function smsTemplateWish(value: string | null | undefined): SmsTemplateWish | null {
  if (!value) return null;
  if ((TASK_KINDS as readonly string[]).includes(value)) return TASK_SMS_TEMPLATE[value as TaskKind];
  return (SMS_CATEGORIES as readonly string[]).includes(value) ? { category: value as SmsCategory } : null;
}

/** The approved template a wish starts with: the first in the list's order. */
export function wishedTemplate<T extends { name: string; category: SmsCategory; status: string }>(templates: readonly T[], wish: SmsTemplateWish): T | null {
  return templates.find((each) => each.status === 'approved' && each.category === wish.category && (!wish.nameHas || each.name.includes(wish.nameHas))) ?? null;
}

export type TaskView = 'all' | 'store' | 'own';
export const TASK_VIEW_NAMES: Record<TaskView, string> = { all: '全部门店的任务', store: '本店的任务', own: '我的任务' };

/** Role codes that see their stores' tasks, not only their own. */
export const STORE_TASK_ROLE_CODES: readonly string[] = ['store_manager'];

/** Which tasks a caller sees: headquarters all, a manager or admin the store's, others their own. */
export function taskViewOf(caller: { dataScope: 1 | 2; isAdmin: boolean; roleCodes: readonly string[] }): TaskView {
  if (caller.dataScope === 1) return 'all';
  if (caller.isAdmin || caller.roleCodes.some((code) => STORE_TASK_ROLE_CODES.includes(code))) return 'store';
  return 'own';
}

/** The big screen asks again this often (seconds). */
export const BIG_SCREEN_REFRESH_SECONDS = 60;
/** Days of the big screen's trend. */
export const BIG_SCREEN_TREND_DAYS = 30;

export const WORKBENCH_MESSAGES = {
  taskNotFound: '任务不存在或不在您的负责范围内',
  followUpPast: '下次跟进日期不能早于今天',
  followUpFar: `下次跟进日期不能晚于 ${FOLLOW_UP_MAX_DAYS} 天后`,
  undoNotToday: '只能撤销今天完成的任务',
  undoNotYours: '只能撤销自己完成的任务，店长可撤销本店的任务',
} as const;

/** Change of a figure against a comparison day, in percent with one decimal; null when there is nothing to compare with. */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}
