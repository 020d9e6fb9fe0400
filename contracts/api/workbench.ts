/**
 * 工作台 (/home/workKanBan) and 智慧大屏 (/home/clientKanBan), issue 17: today's follow-up tasks
 * within the caller's view (contracts/rules/workbench.ts: headquarters all, a manager the store's,
 * an advisor their own), closing one (idempotent), today's figures against yesterday and the same
 * day last week, and the big screen's figures. Figures come from the daily rollups, never from a
 * scan of the orders.
 */
import { z } from 'zod';
import { apiCalls } from './route';
import { day, id, integer, oneOf, text } from '../fields';
import { LIFECYCLE_STAGES } from '../rules/customer';
import { TASK_KINDS, TASK_PAGE_SIZE, TASK_RESULTS } from '../rules/workbench';

const workbenchCall = apiCalls('工作台');
const bigScreenCall = apiCalls('智慧大屏');

const kindCounts = z.object(Object.fromEntries(TASK_KINDS.map((kind) => [kind, z.number()])) as Record<(typeof TASK_KINDS)[number], z.ZodNumber>);

export const followUpTask = z.object({
  id: z.number(),
  kind: z.enum(TASK_KINDS),
  /** The day the maintenance, the insurance expiry, the birthday, the turn to 流失 or the follow-up falls on. */
  dueOn: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  /** Masked where the garage hides phone numbers (系统设置). */
  mobile: z.string(),
  /** The task's vehicle, else the customer's latest: what 查看客户 opens (全景车辆). */
  vehicleId: z.number().nullable(),
  plate: z.string().nullable(),
  vehicleName: z.string().nullable(),
  storeId: z.number(),
  storeName: z.string(),
  /** 专属顾问 or the task's assignee; null = the store's (unassigned). */
  assigneeName: z.string().nullable(),
  lastVisitOn: z.string().nullable(),
  note: z.string(),
  /** Closed today (the 今日已完成 list): how it went, what was written, when and by whom; null while open. */
  result: z.enum(TASK_RESULTS).nullable(),
  doneNote: z.string().nullable(),
  doneAt: z.string().nullable(),
  doneBy: z.string().nullable(),
  /** Whether the caller may reopen it (contracts/rules/workbench.ts mayUndoTask). */
  mayUndo: z.boolean(),
});

export const tasks = workbenchCall({
  method: 'GET',
  path: '/workbench/tasks',
  summary: '工作台今日任务，分页：保养到期、保险到期、生日、流失回访、预约跟进，或今日已完成的任务（总部看全部门店，店长看本店，其他员工看自己的）',
  input: z.object({
    kind: oneOf('任务类型', TASK_KINDS).optional(),
    /** `done`: the tasks closed today, latest first (to look back or undo). */
    status: oneOf('任务状态', ['open', 'done']).default('open'),
    page: integer('页码', { min: 1, max: 100_000 }).default(1),
    pageSize: integer('每页条数', { min: 1, max: TASK_PAGE_SIZE.max }).default(TASK_PAGE_SIZE.default),
  }),
  answer: z.object({
    today: z.string(),
    view: z.enum(['all', 'store', 'own']),
    /** Open tasks of each kind in the view: paging through a kind lists exactly this many. */
    counts: kindCounts,
    total: z.number(),
    doneToday: z.number(),
    page: z.number(),
    pageSize: z.number(),
    /** One page of the open tasks (of `kind` when given), or of today's closed ones. */
    tasks: z.array(followUpTask),
    /** 潜在客户 due for follow-up today or before, in the same view; null when the caller may not open 潜在客户. */
    leadsDue: z.number().nullable(),
  }),
});

export const finishTask = workbenchCall({
  method: 'POST',
  path: '/workbench/tasks/done',
  summary: '完成一条任务：记下联系结果，可写跟进记录、约下次跟进日期（生成预约跟进任务）；已完成的任务再次完成不会重复记录',
  input: z.object({
    id: id('任务'),
    result: oneOf('联系结果', TASK_RESULTS),
    note: text('跟进记录', { max: 200, multiline: true }).optional(),
    nextFollowUpOn: day('下次跟进日期').optional(),
  }),
  answer: z.object({
    id: z.number(),
    status: z.enum(['open', 'done', 'dismissed']),
    /** false when the task was already closed (by this or another request): nothing was changed. */
    changed: z.boolean(),
    doneAt: z.string().nullable(),
    doneBy: z.string().nullable(),
    /** The follow-up task scheduled by this call, if any. */
    followUpId: z.number().nullable(),
  }),
});

export const undoTask = workbenchCall({
  method: 'POST',
  path: '/workbench/tasks/undo',
  summary: '撤销完成：仅限当天，由完成人或店长撤销；任务回到待办，完成时约的预约跟进一并取消',
  input: z.object({ id: id('任务') }),
  answer: z.object({
    id: z.number(),
    /** false when it was open already (undone by this or another request): nothing was changed. */
    changed: z.boolean(),
    /** The 预约跟进 task the close had scheduled and the undo removed, if any. */
    removedFollowUpId: z.number().nullable(),
  }),
});

const dayFigures = z.object({ revenueFen: z.number(), orders: z.number(), newCustomers: z.number(), ticketFen: z.number() });

export const figures = workbenchCall({
  method: 'GET',
  path: '/workbench/figures',
  summary: '今日营业额、到店台次、新客户、客单价，对比昨天与上周同一天（在您的数据范围内）',
  heavy: true,
  answer: z.object({
    today: z.string(),
    yesterday: z.string(),
    lastWeek: z.string(),
    figures: z.object({ today: dayFigures, yesterday: dayFigures, lastWeek: dayFigures }),
  }),
});

export const bigScreen = bigScreenCall({
  method: 'GET',
  path: '/bigScreen',
  summary: '智慧大屏：今日与本月营业额、在修工单、客户阶段、门店排名、近 30 天趋势（需要智慧大屏权限）',
  heavy: true,
  answer: z.object({
    today: z.string(),
    title: z.string(),
    revenueTodayFen: z.number(),
    revenueMonthFen: z.number(),
    ordersToday: z.number(),
    ordersInProgress: z.number(),
    newCustomersToday: z.number(),
    stages: z.record(z.enum(LIFECYCLE_STAGES), z.number()),
    stores: z.array(z.object({ storeId: z.number(), storeName: z.string(), revenueFen: z.number(), orders: z.number() })),
    trend: z.array(z.object({ day: z.string(), revenueFen: z.number(), orders: z.number() })),
    refreshedAt: z.string(),
  }),
});
