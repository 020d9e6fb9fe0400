/**
 * 指标库 and 指标树 (settings centre; read by the KPI pages of issue 17). Reading needs the 数据
 * permission (13), changing needs an admin; a store-level user reads and sets their stores only.
 * Definitions and their 口径 are contracts/rules/metrics.ts; values are raw integers (fen, 0.01 %).
 */
import { z } from 'zod';
import { apiCalls } from './route';
import { id, integer, oneOf, pattern, requiredText, text, day } from '../fields';
import { MAX_METRIC_RAW, METRIC_DIRECTIONS, METRIC_PERIODS, METRIC_REF_PATTERN, METRIC_UNITS, MONTH_PATTERN } from '../rules/metrics';

const call = apiCalls('指标');

const version = integer('版本号', { min: 1, max: 2_147_483_647 });
const month = pattern('统计月份', MONTH_PATTERN, '统计月份应为 年-月，如 2026-03', { max: 7 });
const unit = z.enum(METRIC_UNITS);
const period = z.enum(METRIC_PERIODS);
const direction = z.enum(METRIC_DIRECTIONS);
const store = z.object({ id: z.number(), name: z.string() });

export const builtInRow = z.object({
  key: z.string(),
  name: z.string(),
  unit,
  formula: z.string(),
  period,
  direction,
  additive: z.boolean(),
  /** This month's value over the asked stores (raw integer), null when nothing to divide by. */
  value: z.number().nullable(),
});

export const customRow = z.object({
  id: z.number(),
  ref: z.string(),
  name: z.string(),
  unit,
  description: z.string(),
  period,
  direction,
  additive: z.boolean(),
  /** This month's entered values over the asked stores (summed, or averaged for %), null when none. */
  value: z.number().nullable(),
  version: z.number(),
});

export const library = call({
  method: 'GET',
  path: '/metrics/library',
  summary: '指标库：内置指标的口径与本月值、本连锁的自定义指标（门店员工只看到本人门店的值）',
  heavy: true,
  input: z.object({ storeId: id('门店').optional() }),
  answer: z.object({
    month: z.string(),
    from: z.string(),
    to: z.string(),
    builtIn: z.array(builtInRow),
    custom: z.array(customRow),
    stores: z.array(store),
    /** The caller may add and change custom metrics (a chain-wide admin). */
    canEditDefinitions: z.boolean(),
    /** The caller may enter values and set targets (any admin, for their stores). */
    canEdit: z.boolean(),
    /** Why the chain cannot make or fill in custom metrics (its edition lacks them), in Chinese; null when it can. */
    customRefusal: z.string().nullable(),
  }),
});

const customFields = {
  name: requiredText('指标名称', { max: 20 }),
  unit: oneOf('单位', METRIC_UNITS),
  description: text('指标说明', { max: 200, multiline: true }).default(''),
  period: oneOf('统计周期', METRIC_PERIODS),
  direction: oneOf('指标方向', METRIC_DIRECTIONS),
};

export const createCustom = call({
  method: 'POST',
  path: '/metrics/custom',
  summary: '新建自定义指标（仅总部管理员）',
  input: z.object(customFields),
  answer: z.object({ id: z.number() }),
});

export const updateCustom = call({
  method: 'PUT',
  path: '/metrics/custom',
  summary: '修改自定义指标（仅总部管理员）',
  input: z.object({ id: id('指标'), version, ...customFields }),
  answer: z.object({ version: z.number() }),
});

export const deleteCustom = call({
  method: 'DELETE',
  path: '/metrics/custom',
  summary: '删除未被指标树使用的自定义指标（仅总部管理员）',
  input: z.object({ id: id('指标'), version }),
  answer: z.null(),
});

const raw = (label: string) => integer(label, { min: 0, max: MAX_METRIC_RAW });

export const customValues = call({
  method: 'GET',
  path: '/metrics/custom/values',
  summary: '自定义指标某月录入的数值（按门店与统计期）',
  input: z.object({ id: id('指标'), month }),
  answer: z.array(z.object({ storeId: z.number(), storeName: z.string(), periodStart: z.string(), value: z.number(), updatedBy: z.string() })),
});

export const enterCustomValue = call({
  method: 'PUT',
  path: '/metrics/custom/value',
  summary: '录入自定义指标的数值：某门店、某统计期（日期所在的日/周/月）',
  input: z.object({ id: id('指标'), storeId: id('门店'), day: day('统计日期'), value: raw('数值') }),
  answer: z.object({ periodStart: z.string() }),
});

export const treeNode = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  metric: z.string(),
  metricName: z.string(),
  unit,
  direction,
  /** null: the whole chain. */
  storeId: z.number().nullable(),
  storeName: z.string(),
  position: z.string(),
  staffName: z.string(),
  target: z.number(),
  /** Computed for the node's store (and person): null when the metric cannot be computed there. */
  actual: z.number().nullable(),
  /** The children's targets do not add up to this one (contracts/rules/metrics.ts childSumProblem). */
  warning: z.string().nullable(),
  editable: z.boolean(),
  version: z.number(),
});

export const tree = call({
  method: 'GET',
  path: '/metrics/tree',
  summary: '指标树：某月的目标分解、实际值与完成进度（门店员工只看到本人门店的目标）',
  heavy: true,
  input: z.object({ month: month.optional() }),
  answer: z.object({
    month: z.string(),
    from: z.string(),
    to: z.string(),
    nodes: z.array(treeNode),
    metrics: z.array(z.object({ ref: z.string(), name: z.string(), unit, perStaff: z.boolean() })),
    stores: z.array(store),
    /** 服务顾问 named on the stores' work orders of the last year, for position targets. */
    staffNames: z.array(z.string()),
    /** May add a chain-wide goal (a chain-wide admin). */
    canAddChainGoal: z.boolean(),
    canEdit: z.boolean(),
  }),
});

const nodeFields = {
  metric: pattern('指标', METRIC_REF_PATTERN, '请选择指标', { max: 20 }),
  storeId: id('门店').optional(),
  position: text('岗位', { max: 20 }).default(''),
  staffName: text('人员', { max: 20 }).default(''),
  target: raw('目标值'),
};

export const createNode = call({
  method: 'POST',
  path: '/metrics/tree/node',
  summary: '新增目标：全连锁目标（无上级）或上级目标下的门店、岗位目标',
  input: z.object({ parentId: id('上级目标').optional(), month: month.optional(), ...nodeFields }),
  answer: z.object({ id: z.number() }),
});

export const updateNode = call({
  method: 'PUT',
  path: '/metrics/tree/node',
  summary: '修改目标的指标、门店、岗位与目标值',
  input: z.object({ id: id('目标'), version, ...nodeFields }),
  answer: z.object({ version: z.number() }),
});

export const deleteNode = call({
  method: 'DELETE',
  path: '/metrics/tree/node',
  summary: '删除目标及其全部下级目标',
  input: z.object({ id: id('目标'), version }),
  answer: z.null(),
});
