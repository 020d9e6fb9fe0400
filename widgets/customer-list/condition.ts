/**
 * The customer condition: the filter payload of POST /client/list, /client/condition, saved
 * conditions and live customer groups. One source for the zod schema (the server validates with
 * it) and the TypeScript type (the widgets build it), so the two cannot drift.
 *
 * Versioned: `version: 1`. Saved conditions and groups keep their JSON for years; a later version
 * adds a migration in `upgradeCondition` instead of breaking stored ones.
 *
 * Every field is optional and fields combine with AND. Empty values (empty lists, blank keyword,
 * a range with neither end) mean "no filter", so the builder can send its whole state.
 */
import { z } from 'zod';
import { CONDITION_VERSION, DEFAULT_PAGE_SIZE, LIFECYCLE_STAGES, MAX_PAGE_SIZE, SORT_FIELDS, type SortField } from './condition-rules';

export * from './condition-rules';

/** Upper bound of the "within N days" fields: ten years covers every real question. */
const MAX_DAYS = 3650;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');
const id = z.coerce.number().int().positive();
const ids = z.array(id).max(500);
const amount = z.coerce.number().finite().min(0);
const days = z.coerce.number().int().min(0).max(MAX_DAYS);

const numberRange = z.object({ min: amount.optional(), max: amount.optional() }).refine((range) => range.min === undefined || range.max === undefined || range.min <= range.max, {
  message: '范围的最小值不能大于最大值',
});

const dayRange = z.object({ from: day.optional(), to: day.optional() }).refine((range) => !range.from || !range.to || range.from <= range.to, {
  message: '开始日期不能晚于结束日期',
});

export const customerConditionSchema = z.object({
  version: z.literal(CONDITION_VERSION).default(CONDITION_VERSION),
  /** Name (prefix), mobile (prefix or last digits), plate (with or without the province), VIN (prefix or last digits). */
  keyword: z.string().trim().max(40, '关键词最多 40 个字').optional(),
  storeIds: ids.optional(),
  tags: z.object({ mode: z.enum(['any', 'all', 'none']).default('any'), ids }).optional(),
  /** Members of any of these groups (live groups are evaluated now). */
  groupIds: ids.optional(),
  lastVisit: dayRange.optional(),
  notVisitedForDays: days.optional(),
  maintenanceDueWithinDays: days.optional(),
  insuranceExpiringWithinDays: days.optional(),
  /** Kilometres, of any of the customer's vehicles. */
  mileage: numberRange.optional(),
  brands: z.array(z.string().trim().min(1).max(40)).max(100).optional(),
  /** Yuan. */
  totalSpend: numberRange.optional(),
  levels: z.array(z.string().trim().min(1).max(20)).max(20).optional(),
  sources: z.array(z.string().trim().min(1).max(40)).max(50).optional(),
  stage: z.enum(LIFECYCLE_STAGES).optional(),
  sort: z.object({ field: z.enum(SORT_FIELDS), order: z.enum(['asc', 'desc']).default('desc') }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** What the server works with (defaults filled). */
export type CustomerCondition = z.output<typeof customerConditionSchema>;
/** What the builder sends: every field optional, numbers as numbers (the server also takes numeric text). */
export type CustomerConditionInput = Omit<Partial<CustomerCondition>, 'tags' | 'sort'> & {
  tags?: { mode?: 'any' | 'all' | 'none'; ids: number[] };
  sort?: { field: SortField; order?: 'asc' | 'desc' };
};

/** Stored JSON from any version → the current version (only version 1 exists so far). */
export function upgradeCondition(stored: unknown): CustomerCondition {
  const value = stored && typeof stored === 'object' ? { ...(stored as Record<string, unknown>) } : {};
  if (value.version === undefined) value.version = CONDITION_VERSION;
  return customerConditionSchema.parse(value);
}

