/**
 * 诊断表 and 数据统计 (KPI), issue 17. Reading needs 数据 (13); the diagnosis also needs the current
 * garage's 显示诊断表 switch (系统设置). KPI sets belong to positions (岗位池) and are chain-wide, so only
 * a headquarters admin changes them. Scores are per 服务顾问 named on the work orders, per store and
 * month; a store manager sees their store's staff, anyone else only their own score. Rules (RAG,
 * weights, scoring) are contracts/rules/analysis.ts; values are raw integers (fen, 0.01 %).
 */
import { z } from 'zod';
import { apiCalls } from './route';
import { id, integer, list, oneOf, pattern, section } from '../fields';
import { MONTH_PATTERN, METRIC_UNITS } from '../rules/metrics';
import { KPI_METRICS, MAX_KPI_ITEMS, kpiSetProblem } from '../rules/analysis';

const call = apiCalls('数据分析');

const month = pattern('统计月份', MONTH_PATTERN, '统计月份应为 年-月，如 2026-03', { max: 7 });
const health = z.enum(['green', 'amber', 'red', 'none']);
const metricInfo = z.object({ key: z.string(), name: z.string(), unit: z.enum(METRIC_UNITS), formula: z.string() });

export const diagnosis = call({
  method: 'GET',
  path: '/analysis/diagnosis',
  summary: '诊断表：各门店留存率、回店率、客单价、保养到期转化率、续保率对比连锁目标与连锁中位数（红黄绿、原因与建议）',
  heavy: true,
  input: z.object({ month: month.optional() }),
  answer: z.object({
    month: z.string(),
    from: z.string(),
    to: z.string(),
    metrics: z.array(metricInfo.extend({
      /** The chain's median across its open stores; null when no store has a value. */
      median: z.number().nullable(),
    })),
    stores: z.array(z.object({
      storeId: z.number(),
      storeName: z.string(),
      /** 营业额 (fen) and 到店台次 of the store's month, what its 客单价 divides: the same figures as 数据报表, 数据统计 and 指标树. */
      revenue: z.number(),
      visits: z.number(),
      cells: z.array(z.object({
        key: z.string(),
        value: z.number().nullable(),
        /** 指标树's target for the store (or the chain's) this month. */
        target: z.number().nullable(),
        health,
        reason: z.string(),
        action: z.string(),
      })),
    })),
  }),
});

const kpiItem = z.object({ metric: z.string(), weight: z.number() });

export const kpiSets = call({
  method: 'GET',
  path: '/analysis/kpi/sets',
  summary: '岗位 KPI：每个岗位考核的指标与权重',
  answer: z.object({
    jobs: z.array(z.object({
      jobId: z.number(),
      name: z.string(),
      builtIn: z.boolean(),
      items: z.array(kpiItem),
      /** 0 while the position has no KPI set yet. */
      version: z.number(),
      updatedBy: z.string(),
    })),
    /** The metrics a KPI set may hold (counted per person), with their 口径. */
    metrics: z.array(metricInfo),
    canEdit: z.boolean(),
  }),
});

export const saveKpiSet = call({
  method: 'PUT',
  path: '/analysis/kpi/set',
  summary: '保存岗位的 KPI 指标与权重（权重合计 100%，仅总部管理员）',
  input: z.object({
    jobId: id('岗位'),
    version: integer('版本号', { min: 0, max: 2_147_483_647 }),
    items: list('考核指标', section('考核指标', {
      metric: oneOf('考核指标', KPI_METRICS as [string, ...string[]]),
      weight: integer('权重', { min: 1, max: 100, unit: '%' }),
    }), { max: MAX_KPI_ITEMS }),
  }).superRefine((input, context) => {
    const problem = kpiSetProblem(input.items);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['items'] });
  }),
  answer: z.object({ version: z.number() }),
});

const target = z.enum(['person', 'position', 'median', 'none']);

export const kpiScores = call({
  method: 'GET',
  path: '/analysis/kpi/scores',
  summary: '员工 KPI 得分：某月每位服务顾问的指标、目标、完成率与加权得分（店长看本店，员工看本人）',
  heavy: true,
  input: z.object({ month: month.optional(), storeId: id('门店').optional() }),
  answer: z.object({
    month: z.string(),
    from: z.string(),
    to: z.string(),
    /** false: the caller sees only their own rows. */
    seesTeam: z.boolean(),
    stores: z.array(z.object({ id: z.number(), name: z.string() })),
    staff: z.array(z.object({
      staffName: z.string(),
      storeId: z.number(),
      storeName: z.string(),
      position: z.string(),
      /** Weighted score, one decimal; null when the position has no KPI set. */
      score: z.number().nullable(),
      rank: z.number().nullable(),
      items: z.array(z.object({
        metric: z.string(),
        name: z.string(),
        unit: z.enum(METRIC_UNITS),
        weight: z.number(),
        actual: z.number().nullable(),
        target: z.number().nullable(),
        targetSource: target,
        /** Share of the target reached ×100, capped at 120. */
        points: z.number().nullable(),
      })),
    })),
    /** 营业额 = 到店客户数 × 人均到店次数 × 客单价 over the asked stores (指标树's decomposition). */
    decomposition: z.object({ revenue: z.number(), customers: z.number(), visits: z.number(), ticketSize: z.number().nullable() }),
  }),
});
