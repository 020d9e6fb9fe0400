/**
 * Customer rules shared by the server and the widgets, zod-free so a widget bundle does not carry
 * zod: the condition's constants and helpers (its schema is contracts/customer-condition.ts), the
 * lifecycle stages and their rules, the bulk limit.
 */
import type { CustomerConditionInput } from '../customer-condition';

export const CONDITION_VERSION = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 200;

/** Bulk actions on "every matching customer" stop here; larger sets go through live groups. */
export const BULK_LIMIT = 10_000;

/** Odometer readings above this are typing mistakes, not cars (the record stands near 5 million km). */
export const MAX_MILEAGE_KM = 3_000_000;

/** Lifecycle stages of the customer board (rules in LIFECYCLE_RULES). */
export const LIFECYCLE_STAGES = ['new', 'active', 'sleeping', 'lost'] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];

/**
 * Stage rules by visits, in days before today (garage time zone). Exclusive and complete:
 * - new (新客): first visit within 90 days, or never visited and registered within 90 days;
 * - active (活跃): otherwise, last visit within 180 days;
 * - sleeping (沉睡): last visit 181–365 days ago;
 * - lost (流失): last visit more than 365 days ago, or never visited and registered over 90 days ago.
 */
export const LIFECYCLE_RULES = { newWithinDays: 90, activeWithinDays: 180, sleepingWithinDays: 365 } as const;

/**
 * The stage of one customer on `day` (issue 33: the one rule; its SQL home is
 * server/src/repositories/stages.ts, which every page's stage and count reads). Visits are garage
 * days; `lastVisit` is the last visit up to `day`, `firstVisit` null if they first came after it.
 */
export function stageOf(
  customer: { firstVisit: string | null; lastVisit: string | null; created: string },
  day: string,
  rules: { newWithinDays: number; activeWithinDays: number; sleepingWithinDays: number },
): LifecycleStage {
  const since = (visit: string) => Math.round((Date.parse(day) - Date.parse(visit)) / 86_400_000);
  const { firstVisit, lastVisit, created } = customer;
  if ((firstVisit !== null && since(firstVisit) <= rules.newWithinDays) || (lastVisit === null && since(created) <= rules.newWithinDays)) return 'new';
  if (lastVisit === null) return 'lost';
  if (since(lastVisit) <= rules.activeWithinDays) return 'active';
  return since(lastVisit) <= rules.sleepingWithinDays ? 'sleeping' : 'lost';
}

export const SORT_FIELDS = ['lastVisitAt', 'totalSpend', 'visitCount', 'createdAt', 'name', 'mileage', 'insuranceExpiry', 'nextMaintenanceDate'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/**
 * The filter part alone (no paging or sort): what a saved condition or live group keeps, with
 * empty values dropped so stored JSON stays small and readable.
 */
export function filterPart(condition: CustomerConditionInput): CustomerConditionInput {
  const { page: _page, pageSize: _pageSize, sort: _sort, ...rest } = condition;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (isEmptyValue(value)) continue;
    if (key === 'tags' && isEmptyValue((value as { ids?: unknown[] }).ids)) continue;
    out[key] = value;
  }
  out.version = CONDITION_VERSION;
  return out as CustomerConditionInput;
}

function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).every((part) => part === undefined || part === null || part === '');
  return false;
}

/** Whether a condition filters anything (paging and sort aside). */
export function hasFilters(condition: CustomerConditionInput): boolean {
  return Object.keys(filterPart(condition)).some((key) => key !== 'version');
}

/** A stored condition (saved, group, address) as builder state; the server validates it when used. */
export function storedCondition(value: unknown): CustomerConditionInput {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { version: CONDITION_VERSION };
  return filterPart(value as CustomerConditionInput);
}
