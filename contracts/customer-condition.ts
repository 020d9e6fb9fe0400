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
import { day, decimal, id, integer, labelled, list, oneOf, requiredText, section, text } from './fields';
import { CONDITION_VERSION, DEFAULT_PAGE_SIZE, LIFECYCLE_STAGES, MAX_MILEAGE_KM, MAX_PAGE_SIZE, SORT_FIELDS, type SortField } from './rules/customer';

/** Upper bound of the "within N days" fields: ten years covers every real question. */
const MAX_DAYS = 3650;
/** numeric(12, 2) holds less than this many yuan. */
const MAX_YUAN = 9_999_999_999;

const ids = (label: string) => list(label, id(label), { max: 500 });
const days = (label: string) => integer(label, { min: 0, max: MAX_DAYS, unit: ' 天' });

const range = <S extends z.ZodType<number | undefined>>(label: string, bound: (end: string) => S) =>
  section(label, { min: bound(`${label}下限`).optional(), max: bound(`${label}上限`).optional() }).refine(
    (value) => value.min === undefined || value.max === undefined || value.min <= value.max,
    { error: '范围的最小值不能大于最大值' },
  );

const dayRange = (label: string) =>
  section(label, { from: day(`${label}开始日期`).optional(), to: day(`${label}结束日期`).optional() }).refine(
    (value) => !value.from || !value.to || value.from <= value.to,
    { error: '开始日期不能晚于结束日期' },
  );

export const customerConditionSchema = labelled(
  z.object(
    {
      version: z.literal(CONDITION_VERSION, { error: '筛选条件的版本不受支持，请刷新页面' }).default(CONDITION_VERSION),
      /** Name (prefix), mobile (prefix or last digits), plate (with or without the province), VIN (prefix or last digits). */
      keyword: text('关键词', { max: 40 }).optional(),
      storeIds: ids('门店').optional(),
      tags: section('标签条件', { mode: oneOf('标签匹配方式', ['any', 'all', 'none']).default('any'), ids: ids('标签') }).optional(),
      /** Members of any of these groups (live groups are evaluated now). */
      groupIds: ids('客户分组').optional(),
      lastVisit: dayRange('最近到店').optional(),
      notVisitedForDays: days('未到店天数').optional(),
      maintenanceDueWithinDays: days('保养到期天数').optional(),
      insuranceExpiringWithinDays: days('保险到期天数').optional(),
      /** Kilometres, of any of the customer's vehicles. */
      mileage: range('里程', (label) => integer(label, { min: 0, max: MAX_MILEAGE_KM, unit: ' 公里' })).optional(),
      brands: list('品牌', requiredText('品牌', { max: 40 }), { max: 100 }).optional(),
      /** Yuan. */
      totalSpend: range('消费金额', (label) => decimal(label, { min: 0, max: MAX_YUAN, unit: ' 元' })).optional(),
      levels: list('客户等级', requiredText('客户等级', { max: 20 }), { max: 20 }).optional(),
      sources: list('客户来源', requiredText('客户来源', { max: 40 }), { max: 50 }).optional(),
      stage: oneOf('客户阶段', LIFECYCLE_STAGES).optional(),
      sort: section('排序', { field: oneOf('排序字段', SORT_FIELDS), order: oneOf('排序方向', ['asc', 'desc']).default('desc') }).optional(),
      page: integer('页码', { min: 1, max: 100_000 }).default(1),
      pageSize: integer('每页条数', { min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
    },
    { error: '筛选条件格式不正确' },
  ),
  '筛选条件',
);

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
