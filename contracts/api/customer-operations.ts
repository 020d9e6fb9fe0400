/**
 * 客户运营 (settings centre, customerOperations): the chain's lifecycle thresholds and reminder
 * rules, a preview of how many customers each rule hits today, and the follow-up tasks the rules
 * create (table follow_up_task, listed by the workbench). Every signed-in user reads the rules
 * (the customer board shows its thresholds); only a headquarters admin changes them, with the
 * row's `version` so a stale save answers 「已被他人修改」. Rules: contracts/rules/customer-operations.ts.
 */
import { z } from 'zod';
import { apiCalls } from './route';
import { flag, integer, section } from '../fields';
import { LIFECYCLE_STAGES } from '../rules/customer';
import { OPERATION_LIMITS as LIMITS, OPERATION_NAMES as NAMES, REMINDER_KINDS, lifecycleProblem, lifecycleProblemField } from '../rules/customer-operations';

const call = apiCalls('客户运营');

const days = (label: string) => integer(label, { ...LIMITS.lifecycleDays, unit: ' 天' });
const beforeDays = (label: string) => integer(label, { ...LIMITS.reminderDays, unit: ' 天' });

export const lifecycleInput = section('客户阶段', {
  newWithinDays: days(NAMES.newWithinDays),
  activeWithinDays: days(NAMES.activeWithinDays),
  sleepingWithinDays: days(NAMES.sleepingWithinDays),
}).superRefine((rules, context) => {
  const problem = lifecycleProblem(rules);
  if (problem) context.addIssue({ code: 'custom', message: problem, path: [lifecycleProblemField(rules)!] });
});

export const remindersInput = section('提醒规则', {
  maintenance: section(NAMES.reminders.maintenance, {
    enabled: flag(`${NAMES.reminders.maintenance}开关`),
    daysBefore: beforeDays(NAMES.maintenanceDays),
    kmBefore: integer(NAMES.maintenanceKm, { ...LIMITS.reminderKm, unit: ' 公里' }),
  }),
  insurance: section(NAMES.reminders.insurance, { enabled: flag(`${NAMES.reminders.insurance}开关`), daysBefore: beforeDays(NAMES.insuranceDays) }),
  birthday: section(NAMES.reminders.birthday, { enabled: flag(`${NAMES.reminders.birthday}开关`), daysBefore: beforeDays(NAMES.birthdayDays) }),
});

const lifecycle = z.object({ newWithinDays: z.number(), activeWithinDays: z.number(), sleepingWithinDays: z.number() });
const reminders = z.object({
  maintenance: z.object({ enabled: z.boolean(), daysBefore: z.number(), kmBefore: z.number() }),
  insurance: z.object({ enabled: z.boolean(), daysBefore: z.number() }),
  birthday: z.object({ enabled: z.boolean(), daysBefore: z.number() }),
});
const reminderCounts = z.object(Object.fromEntries(REMINDER_KINDS.map((kind) => [kind, z.number()])) as Record<(typeof REMINDER_KINDS)[number], z.ZodNumber>);

export const operationRules = z.object({
  lifecycle,
  reminders,
  /** 0 until the chain's admin first saves (the defaults apply). */
  version: z.number(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** Whether the caller may change them (a headquarters admin). */
  editable: z.boolean(),
});

export const rules = call({
  method: 'GET',
  path: '/customerOperations/rules',
  summary: '本连锁的客户阶段天数与提醒规则（所有已登录员工可读，客户看板据此分层）',
  answer: operationRules,
});

export const saveRules = call({
  method: 'PUT',
  path: '/customerOperations/rules',
  summary: '保存客户运营规则（总部管理员）；version 不是最新时答「已被他人修改」',
  input: z.object({ version: integer('版本号', { min: 0, max: 2_147_483_647 }), lifecycle: lifecycleInput, reminders: remindersInput }),
  answer: operationRules,
});

export const preview = call({
  method: 'POST',
  path: '/customerOperations/preview',
  summary: '按填写中的规则预览：今天各客户阶段的人数、每条提醒规则今天命中的客户数（设置中心权限，在您的数据范围内）',
  heavy: true,
  input: z.object({ lifecycle: lifecycleInput, reminders: remindersInput }),
  answer: z.object({ today: z.string(), stages: z.record(z.enum(LIFECYCLE_STAGES), z.number()), reminders: reminderCounts }),
});

export const taskSummary = call({
  method: 'GET',
  path: '/customerOperations/tasks',
  summary: '规则生成的跟进任务：未完成的数量（按规则）与最近一次生成（设置中心权限，在您的数据范围内）',
  answer: z.object({ open: reminderCounts, createdToday: reminderCounts, lastGeneratedAt: z.string().nullable() }),
});

export const generateTasks = call({
  method: 'POST',
  path: '/customerOperations/tasks/generate',
  summary: '按当前规则生成今天的跟进任务（每位客户每条规则每个到期日只生成一次；服务器每天也会自动生成）',
  heavy: true,
  answer: z.object({ today: z.string(), created: reminderCounts, open: reminderCounts, createdToday: reminderCounts, lastGeneratedAt: z.string().nullable() }),
});
