/**
 * 诊断表 and 数据统计 (KPI), issue 17: the rules both the server and the widgets run — which metrics
 * the diagnosis reads and how a value becomes 红/黄/绿 with a reason and a suggested action, which
 * metrics a position's KPI set may hold, how weights add up and how a person's month becomes a score.
 * Zod-free, so widget bundles carry no zod. Values are the raw integers of contracts/rules/metrics.ts.
 */
import { BUILT_IN_METRICS, formatMetricValue, type BuiltInMetricKey } from './metrics';

// ── 诊断表 ──────────────────────────────────────────────────────────────────────────────────────

/** Store health, in the order the table shows it. */
export const DIAGNOSIS_METRICS = ['retentionRate', 'returnRate', 'ticketSize', 'dueConversion', 'renewalRate'] as const satisfies readonly BuiltInMetricKey[];
export type DiagnosisMetric = (typeof DIAGNOSIS_METRICS)[number];

export type Health = 'green' | 'amber' | 'red' | 'none';
export const HEALTH_NAMES: Record<Health, string> = { green: '良好', amber: '关注', red: '预警', none: '无数据' };

/** How far below the benchmark still reads 关注 rather than 预警: 5 percentage points for a rate, 10 % for money. */
export const AMBER_RATE_POINTS = 500;
export const AMBER_MONEY_SHARE = 0.1;

/** What a store does about a metric that is behind, in the words of a service manager. */
export const DIAGNOSIS_ACTIONS: Record<DiagnosisMetric, string> = {
  retentionRate: '导出「沉睡」客户名单，由服务顾问逐个电话回访，配合到店保养券召回；每周复盘回访结果',
  returnRate: '首次到店客户交车后 3 天电话回访、30 天发保养提醒，推荐保养套餐或会员卡锁定下次到店',
  ticketSize: '接车时按保养手册做全车检查并拍照给车主，主动推荐到期的易损件和养护项目，交车前复核工单',
  dueConversion: '保养到期前 7 天发短信提醒、前 3 天电话预约，到期未到店的次周再跟进一次并登记原因',
  renewalRate: '保险到期前 60 天开始跟进，三家保险公司报价对比，续保附送保养或洗车权益，战败登记原因',
};

export interface DiagnosisVerdict {
  health: Health;
  /** Why, in one sentence: the value against the target and the chain's median. */
  reason: string;
  /** What to do; empty when the metric is fine. */
  action: string;
}

/** The shortfall below `benchmark` that still reads 关注. */
const amberGap = (metric: DiagnosisMetric, benchmark: number) =>
  BUILT_IN_METRICS[metric].unit === '%' ? AMBER_RATE_POINTS : Math.round(benchmark * AMBER_MONEY_SHARE);

/**
 * A store's value against the chain's target (指标树, this month) when one is set, else against the
 * chain's median across stores: at or above → 良好, within the amber gap below → 关注, further → 预警.
 * Every diagnosis metric is 越高越好.
 */
export function diagnose(metric: DiagnosisMetric, value: number | null, target: number | null, median: number | null): DiagnosisVerdict {
  const { unit, name } = BUILT_IN_METRICS[metric];
  const show = (raw: number) => formatMetricValue(unit, raw);
  if (value === null) return { health: 'none', reason: `本期没有可计算${name}的业务`, action: '' };
  const benchmark = target ?? median;
  if (benchmark === null) return { health: 'none', reason: '未设目标，连锁也没有可比门店', action: '' };
  const against = target !== null ? `目标 ${show(target)}` : `连锁中位数 ${show(benchmark)}`;
  const besides = target !== null && median !== null ? `，连锁中位数 ${show(median)}` : '';
  if (value >= benchmark) return { health: 'green', reason: `达到${against}${besides}`, action: '' };
  const gap = benchmark - value;
  const health: Health = gap <= amberGap(metric, benchmark) ? 'amber' : 'red';
  const short = unit === '%' ? `${formatMetricValue('%', gap).replace('%', '')} 个百分点` : show(gap);
  return { health, reason: `比${against} 低 ${short}${besides}`, action: DIAGNOSIS_ACTIONS[metric] };
}

/** The median of the stores' values (nulls left out), rounded to the raw integer; null without values. */
export function medianOf(values: readonly (number | null)[]): number | null {
  const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

// ── 数据统计 (KPI) ───────────────────────────────────────────────────────────────────────────────

/** A person's KPI can only hold what their own work orders count (the 服务顾问 named on the order). */
export const KPI_METRICS = (Object.keys(BUILT_IN_METRICS) as BuiltInMetricKey[]).filter((key) => BUILT_IN_METRICS[key].perStaff);
export const isKpiMetric = (key: string): key is BuiltInMetricKey => (KPI_METRICS as string[]).includes(key);

/** A metric reached 120 % counts 120 points and no more, so one metric cannot carry a whole score. */
export const KPI_ITEM_CAP = 1.2;
export const MAX_KPI_ITEMS = KPI_METRICS.length;

export interface KpiItem {
  metric: string;
  /** Whole percent, 1–100; a set's weights add up to 100. */
  weight: number;
}

/** Why a KPI set cannot be saved, or null: known metrics, each once, whole-percent weights adding up to 100 %. */
export function kpiSetProblem(items: readonly KpiItem[]): string | null {
  if (items.length === 0) return null; // an empty set clears the position's KPI
  const seen = new Set<string>();
  for (const item of items) {
    if (!isKpiMetric(item.metric)) return '所选指标不能按人员考核，请选择营业额、到店台次、客单价或保养台次';
    if (seen.has(item.metric)) return `「${BUILT_IN_METRICS[item.metric].name}」重复了，每个指标只能出现一次`;
    seen.add(item.metric);
    if (!Number.isInteger(item.weight) || item.weight < 1 || item.weight > 100) return '每个指标的权重应为 1 到 100 之间的整数';
  }
  const sum = items.reduce((total, item) => total + item.weight, 0);
  return sum === 100 ? null : `权重合计须为 100%，现在是 ${sum}%`;
}

/** Points of one metric: the share of its target reached ×100, capped at 120; null without a target or an actual. */
export function kpiItemPoints(actual: number | null, target: number | null): number | null {
  if (actual === null || target === null || target <= 0) return null;
  return Math.min(actual / target, KPI_ITEM_CAP) * 100;
}

/**
 * The month's score: each metric's points times its weight; a metric without a target or value
 * scores 0 (the weight is not handed to the others, so a missing target shows instead of hiding).
 * One decimal.
 */
export function kpiScore(items: readonly { weight: number; points: number | null }[]): number | null {
  if (items.length === 0) return null;
  const total = items.reduce((sum, item) => sum + (item.points ?? 0) * item.weight, 0) / 100;
  return Math.round(total * 10) / 10;
}

/** Where a person's target comes from: 指标树 (their own, their position's in their store) or the position's median. */
export type TargetSource = 'person' | 'position' | 'median' | 'none';
export const TARGET_SOURCE_NAMES: Record<TargetSource, string> = {
  person: '个人目标',
  position: '岗位目标',
  median: '同岗位中位数',
  none: '无目标',
};

/**
 * Who counts as 服务顾问 (issue 33): an enabled account whose 岗位 is one of these, in the stores it
 * works in. The front desk and the store manager receive customers and write their work orders;
 * 技师, 财务 and accounts without a 岗位 (headquarters) do not. A name on work orders that is no such
 * account (a technician, someone who left) is nobody's KPI row and nobody's 专属顾问.
 * The one SQL home is advisorsOf (server/src/repositories/organization.ts).
 */
export const ADVISOR_POSITIONS = ['前台/服务顾问', '店长'] as const;
/** The position whose holders see their store's whole ranking (others see their own score). */
export const MANAGER_POSITION = '店长';

export const ANALYSIS_MESSAGES = {
  readRefused: '查看数据需要「数据」权限',
  diagnosisOff: '诊断表已在「系统设置」中关闭，请联系管理员开启',
  kpiEditRefused: '岗位 KPI 对全连锁生效，只有总部管理员可以修改',
  jobMissing: '岗位不存在或已被删除，请刷新后再试',
  changedByOthers: '已被他人修改，请刷新后再试',
  storeNotVisible: '无权查看该门店的数据',
} as const;

/** 'YYYY-MM' moved by whole months (the pages' ‹ 上月 / 下月 ›). */
export function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
