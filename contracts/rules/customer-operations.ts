/**
 * 客户运营 (settings centre, customerOperations): the chain's lifecycle thresholds and reminder
 * rules, zod-free so the widget checks a form with the same function the server refuses with.
 *
 * - Lifecycle thresholds are days since a visit: 新客 = first visit within `newWithinDays`,
 *   活跃 = last visit within `activeWithinDays`, 沉睡 = last visit within `sleepingWithinDays`,
 *   流失 = longer ago (contracts/rules/customer.ts has the full rule). They must increase.
 * - Reminder rules create follow-up tasks (table follow_up_task): one per customer, rule and due
 *   day. "N days before" counts garage days (contracts/dates.ts): due today … today + N.
 */
import { LIFECYCLE_RULES } from './customer';

export interface LifecycleRules {
  newWithinDays: number;
  activeWithinDays: number;
  sleepingWithinDays: number;
}

export const REMINDER_KINDS = ['maintenance', 'insurance', 'birthday'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export interface ReminderRules {
  maintenance: { enabled: boolean; daysBefore: number; kmBefore: number };
  insurance: { enabled: boolean; daysBefore: number };
  birthday: { enabled: boolean; daysBefore: number };
}

export interface CustomerOperationRules {
  lifecycle: LifecycleRules;
  reminders: ReminderRules;
}

/** What a chain has before its admin changes anything: the thresholds the product always used. */
export const DEFAULT_OPERATION_RULES: CustomerOperationRules = {
  lifecycle: { ...LIFECYCLE_RULES },
  reminders: {
    maintenance: { enabled: true, daysBefore: 7, kmBefore: 500 },
    insurance: { enabled: true, daysBefore: 30 },
    birthday: { enabled: true, daysBefore: 3 },
  },
};

/** Limits of each number (the contract's fields and the widget's inputs). */
export const OPERATION_LIMITS = {
  /** Ten years: past that a customer is long gone whatever the threshold says. */
  lifecycleDays: { min: 1, max: 3650 },
  /** 0 = on the day itself. */
  reminderDays: { min: 0, max: 365 },
  reminderKm: { min: 1, max: 20_000 },
} as const;

/** Chinese names, for the form, the refusals and the audit log. */
export const OPERATION_NAMES = {
  newWithinDays: '新客天数',
  activeWithinDays: '活跃天数',
  sleepingWithinDays: '沉睡天数',
  reminders: {
    maintenance: '保养到期提醒',
    insurance: '保险到期提醒',
    birthday: '生日提醒',
  } satisfies Record<ReminderKind, string>,
  maintenanceDays: '保养提前天数',
  maintenanceKm: '保养提前里程',
  insuranceDays: '保险提前天数',
  birthdayDays: '生日提前天数',
} as const;

export const OPERATION_MESSAGES = {
  activeAfterNew: '活跃天数必须大于新客天数',
  sleepingAfterActive: '沉睡天数必须大于活跃天数',
  notAdmin: '仅管理员可以修改客户运营规则',
  chainWide: '客户运营规则对全连锁生效，只有总部管理员可以修改',
  changedByOthers: '已被他人修改，请刷新后再试',
} as const;

/** The thresholds must increase (新客 < 活跃 < 沉睡, 流失 beyond): otherwise a stage would be empty or overlap. */
export function lifecycleProblem(rules: LifecycleRules): string | null {
  if (!(rules.activeWithinDays > rules.newWithinDays)) return OPERATION_MESSAGES.activeAfterNew;
  if (!(rules.sleepingWithinDays > rules.activeWithinDays)) return OPERATION_MESSAGES.sleepingAfterActive;
  return null;
}

/** The field a lifecycle problem belongs to (the widget marks it). */
export function lifecycleProblemField(rules: LifecycleRules): keyof LifecycleRules | null {
  if (!(rules.activeWithinDays > rules.newWithinDays)) return 'activeWithinDays';
  if (!(rules.sleepingWithinDays > rules.activeWithinDays)) return 'sleepingWithinDays';
  return null;
}

/** One number of the form: a whole number within its limits, or the Chinese reason it is not. */
/** The same words as the contract's integer fields (contracts/fields.ts), so both sides read alike. */
export function numberProblem(label: string, value: unknown, { min, max }: { min: number; max: number }, unit = ' 天'): string | null {
  if (value === '' || value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value))) return `请填写${label}`;
  if (typeof value !== 'number' || !Number.isInteger(value)) return `${label}必须是整数`;
  if (value < min) return `${label}不能小于 ${min}${unit}`;
  if (value > max) return `${label}不能超过 ${max}${unit}`;
  return null;
}
