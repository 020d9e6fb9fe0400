/**
 * 指标库 and 指标树: what each business metric means (口径), once for the server that computes it,
 * the settings pages that show it and the KPI pages (issue 17) that will chart it. Zod-free, so a
 * widget bundle carries no zod.
 *
 * Values travel as integers in the unit's smallest step (METRIC_SCALE): money in fen, percentages
 * in hundredths of a percent (12.34 % = 1234), counts as they are. Periods are garage days
 * (contracts/dates.ts, Asia/Shanghai): a month runs from its 1st to its last day, or to today while
 * it is the current one.
 */
import { LIFECYCLE_RULES } from './customer';

export const METRIC_UNITS = ['元', '次', '人', '%', '台', '条'] as const;
export type MetricUnit = (typeof METRIC_UNITS)[number];

/** Raw integer per displayed unit: ¥1.00 = 100 (fen), 1 % = 100, counts 1. */
export const METRIC_SCALE: Record<MetricUnit, number> = { 元: 100, 次: 1, 人: 1, '%': 100, 台: 1, 条: 1 };

export const METRIC_PERIODS = ['day', 'week', 'month'] as const;
export type MetricPeriod = (typeof METRIC_PERIODS)[number];
export const PERIOD_NAMES: Record<MetricPeriod, string> = { day: '日', week: '周', month: '月' };

export const METRIC_DIRECTIONS = ['higher', 'lower'] as const;
export type MetricDirection = (typeof METRIC_DIRECTIONS)[number];
export const DIRECTION_NAMES: Record<MetricDirection, string> = { higher: '越高越好', lower: '越低越好' };

/** Built-in metrics, computed by the server from work orders (maintenance records) and customers. */
export const BUILT_IN_METRIC_KEYS = [
  'revenue', 'visits', 'ticketSize', 'maintenanceVisits', 'newCustomers', 'returnRate', 'retentionRate', 'sleepingCustomers',
  // 诊断表 (issue 17): so 指标树 can hold their targets like any other metric.
  'dueConversion', 'renewalRate',
] as const;
export type BuiltInMetricKey = (typeof BUILT_IN_METRIC_KEYS)[number];

export interface BuiltInMetric {
  key: BuiltInMetricKey;
  name: string;
  unit: MetricUnit;
  /** The 口径 in the garage's words. */
  formula: string;
  period: MetricPeriod;
  direction: MetricDirection;
  /** Store values add up to the chain's (营业额 yes, 客单价 and rates no): the tree checks children's sums only then. */
  additive: boolean;
  /** Computable for one person (the 服务顾问 on the work order), for the tree's position targets. */
  perStaff: boolean;
}

// The chain's own days (客户运营) apply; the defaults are named in the text.
const { activeWithinDays, sleepingWithinDays } = LIFECYCLE_RULES;

/** A regular service every 6 months: a vehicle is due this many days after its last 保养 work order. */
export const MAINTENANCE_DUE_DAYS = 180;

export const BUILT_IN_METRICS: Record<BuiltInMetricKey, BuiltInMetric> = {
  revenue: {
    key: 'revenue', name: '营业额', unit: '元', period: 'month', direction: 'higher', additive: true, perStaff: true,
    formula: '统计期内工单金额合计（工时费 + 配件费，保养与维修工单都计入）',
  },
  visits: {
    key: 'visits', name: '到店台次', unit: '次', period: 'month', direction: 'higher', additive: true, perStaff: true,
    formula: '统计期内的工单数，一张工单算一次到店',
  },
  ticketSize: {
    key: 'ticketSize', name: '客单价', unit: '元', period: 'month', direction: 'higher', additive: false, perStaff: true,
    formula: '营业额 ÷ 到店台次（四舍五入到分）',
  },
  maintenanceVisits: {
    key: 'maintenanceVisits', name: '保养台次', unit: '次', period: 'month', direction: 'higher', additive: true, perStaff: true,
    formula: '统计期内的保养工单数（不含维修工单）',
  },
  newCustomers: {
    key: 'newCustomers', name: '新增客户数', unit: '人', period: 'month', direction: 'higher', additive: true, perStaff: false,
    formula: '建档日期在统计期内的客户数（按客户所属门店）',
  },
  returnRate: {
    key: 'returnRate', name: '回店率', unit: '%', period: 'month', direction: 'higher', additive: false, perStaff: false,
    formula: '统计期内到店的客户中，统计期之前也到过店的客户所占比例',
  },
  retentionRate: {
    key: 'retentionRate', name: '留存率', unit: '%', period: 'month', direction: 'higher', additive: false, perStaff: false,
    formula: `截至统计期末，未流失的客户（客户看板的新客、活跃、沉睡）中新客与活跃客户所占比例（天数按 设置中心 › 客户运营，默认沉睡 ${activeWithinDays + 1}–${sleepingWithinDays} 天）`,
  },
  sleepingCustomers: {
    key: 'sleepingCustomers', name: '沉睡客户数', unit: '人', period: 'month', direction: 'lower', additive: true, perStaff: false,
    formula: `截至统计期末（本期为今天），客户看板「沉睡」阶段的客户数，按客户所属门店：最后一次到店超过「活跃天数」、未超过「沉睡天数」（天数按 设置中心 › 客户运营，默认 ${activeWithinDays + 1}–${sleepingWithinDays} 天前）`,
  },
  dueConversion: {
    key: 'dueConversion', name: '保养到期转化率', unit: '%', period: 'month', direction: 'higher', additive: false, perStaff: false,
    formula: `统计期开始前最后一次保养满 ${MAINTENANCE_DUE_DAYS} 天的日子落在统计期内的车辆中，统计期内回店做了保养的车辆所占比例`,
  },
  renewalRate: {
    key: 'renewalRate', name: '续保率', unit: '%', period: 'month', direction: 'higher', additive: false, perStaff: false,
    formula: '保险到期日在统计期内的保单中已续保的比例：续保跟进为「已续保」，或同一辆车在本连锁的下一份保单在到期前 90 天至到期后 30 天内起保（与 保险分析 的续保率同一口径）',
  },
};

export const isBuiltInMetricKey = (key: string): key is BuiltInMetricKey => (BUILT_IN_METRIC_KEYS as readonly string[]).includes(key);

/**
 * A metric as the tree refers to it: 'revenue' (built-in) or 'custom:12' (the chain's own).
 * One text column, so a node names either kind the same way.
 */
export type MetricRef = BuiltInMetricKey | `custom:${number}`;
export const METRIC_REF_PATTERN = /^(revenue|visits|ticketSize|maintenanceVisits|newCustomers|returnRate|retentionRate|sleepingCustomers|dueConversion|renewalRate|custom:[1-9]\d{0,9})$/;
export const customRef = (id: number): MetricRef => `custom:${id}`;
export const customIdOf = (ref: string): number | null => (ref.startsWith('custom:') ? Number(ref.slice(7)) : null);

/** Custom metrics in 元, 次, 人… add up across stores and days; a percentage is averaged instead. */
export const isAdditiveUnit = (unit: MetricUnit): boolean => unit !== '%';

// ── Periods ──────────────────────────────────────────────────────────────────────────────────────

/** 'YYYY-MM' of a day. */
export const monthOf = (day: string): string => day.slice(0, 7);

export const MONTH_PATTERN = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;

/** First and last day of a month; `today` caps the last day while the month is running. */
export function monthRange(month: string, today?: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const to = `${month}-${String(last).padStart(2, '0')}`;
  return { from: `${month}-01`, to: today && today < to && today >= `${month}-01` ? today : to };
}

/** The first day of the period a day falls in: the day itself, its week's Monday, or its month's 1st. */
export function periodStart(period: MetricPeriod, day: string): string {
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  if (period === 'day') return day;
  const date = new Date(`${day}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7; // Monday = 0
  return new Date(date.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

// ── Showing and reading values ───────────────────────────────────────────────────────────────────

const grouped = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });
const money = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY' });

/** A raw value as the garage reads it: ¥1,234.50, 12.34%, 1,234 次. */
export function formatMetricValue(unit: MetricUnit, raw: number | null): string {
  if (raw === null || !Number.isFinite(raw)) return '—';
  if (unit === '元') return money.format(Math.round(raw) / 100);
  if (unit === '%') return `${grouped.format(raw / 100)}%`;
  return `${grouped.format(raw)} ${unit}`;
}

/** What a person typed (in 元, %, or a count) as a raw value, or null when it is not a number in that unit. */
export function parseMetricInput(unit: MetricUnit, text: string): number | null {
  const cleaned = text.replace(/[,，\s¥￥%]/g, '');
  const decimals = METRIC_SCALE[unit] === 100 ? 2 : 0;
  const shape = decimals ? /^\d{1,12}(\.\d{1,2})?$/ : /^\d{1,12}$/;
  if (!shape.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * METRIC_SCALE[unit] + (decimals ? Number(fraction.padEnd(2, '0')) : 0);
}

/** The raw value in the unit's own terms, for a form field (¥1,234.50 → "1234.5"). */
export const metricInputText = (unit: MetricUnit, raw: number): string => String(raw / METRIC_SCALE[unit]);

/** Largest raw value a target or entered value may take (10 亿元 in fen). */
export const MAX_METRIC_RAW = 100_000_000_000;

// ── The tree ─────────────────────────────────────────────────────────────────────────────────────

/** Share of the target reached, 0–∞ (1 = reached); null without a target or an actual. */
export function progressOf(direction: MetricDirection, actual: number | null, target: number): number | null {
  if (actual === null || target <= 0) return null;
  return direction === 'higher' ? actual / target : actual <= target ? 1 : target / actual;
}

/**
 * Children that split a parent's target over stores or positions with the same additive metric
 * must add up to it; anything else (客单价, a different metric: revenue = visits × ticket size)
 * is a decomposition the sum cannot check. Answers the warning, or null.
 */
export function childSumProblem(
  parent: { metric: string; target: number },
  children: { metric: string; target: number }[],
  metric: { unit: MetricUnit; additive: boolean },
): string | null {
  const same = children.filter((child) => child.metric === parent.metric);
  if (!metric.additive || same.length === 0) return null;
  const sum = same.reduce((total, child) => total + child.target, 0);
  if (sum === parent.target) return null;
  const gap = formatMetricValue(metric.unit, Math.abs(parent.target - sum));
  return `下级目标合计 ${formatMetricValue(metric.unit, sum)}，${sum < parent.target ? '比本级目标少' : '比本级目标多'} ${gap}`;
}

export const METRIC_MESSAGES = {
  changedByOthers: '已被他人修改，请刷新后再试',
  readRefused: '查看指标需要「数据」权限',
  editRefused: '仅管理员可以修改指标库与指标树',
  chainWideOnly: '自定义指标对全连锁生效，只有总部管理员可以新建、修改或删除',
  chainNodeOnly: '全连锁目标只有总部管理员可以设置',
  storeOutside: '不能设置您管理范围以外门店的目标',
  storeNotVisible: '无权查看该门店的数据',
  metricMissing: '所选指标不存在，请刷新后再试',
  metricInUse: (count: number) => `该指标已用于 ${count} 个目标，请先删除这些目标`,
  nameTaken: '已有同名指标',
  builtInName: '与内置指标重名，请换一个名称',
  parentMissing: '上级目标不存在，请刷新后再试',
  storeMismatch: '下级目标的门店须与上级目标一致',
  perStaffUnsupported: (name: string) => `「${name}」无法按人员统计，请去掉人员或换一个指标`,
  nodeMissing: '目标不存在或已被删除',
} as const;
