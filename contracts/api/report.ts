/**
 * 数据报表 (issue 17): revenue, orders, customers, retention and ticket size of work orders, grouped
 * by store / day / week / month / 服务顾问 / service type, filtered by stores, a date range, an
 * advisor and a service type. Drill-down is the same call with a narrower filter (a store row →
 * storeIds=[that store], groupBy=month; a month row → from/to of that month, groupBy=day …).
 * Figures come from the daily rollup of work orders, never from the raw orders. Needs the 数据
 * permission (13); a store-level user's report covers their own stores only, whatever they ask for.
 * Measures and their 口径: contracts/rules/orders.ts REPORT_MEASURES.
 */
import { z } from 'zod';
import { apiCalls } from './route';
import { day, idList, oneOf, text } from '../fields';
import { REPORT_GROUP_KEYS, SERVICE_TYPE_KEYS } from '../rules/orders';

const call = apiCalls('数据报表');

export const REPORT_EXPORT_PATH = '/report/export';

export const reportQuery = z.object({
  groupBy: oneOf('分组方式', REPORT_GROUP_KEYS).default('store'),
  /** Default: the last 30 days up to today. */
  from: day('开始日期').optional(),
  to: day('结束日期').optional(),
  /** Default: every store the caller sees; stores outside the caller's scope are dropped. */
  storeIds: idList('门店', { max: 500 }).optional(),
  advisor: text('服务顾问', { max: 32 }).optional(),
  serviceType: oneOf('服务类型', SERVICE_TYPE_KEYS).optional(),
});
export type ReportQuery = z.input<typeof reportQuery>;

/** One row's figures: money in fen, retention in 0.01 % (null with nothing to divide by). */
export const reportFigures = z.object({
  revenueFen: z.number(),
  labourFen: z.number(),
  partsFen: z.number(),
  orders: z.number(),
  ticketFen: z.number().nullable(),
  customers: z.number(),
  newCustomers: z.number(),
  returningCustomers: z.number(),
  retention: z.number().nullable(),
});
export type ReportFigures = z.infer<typeof reportFigures>;

export const reportRow = reportFigures.extend({
  /** store id, 'YYYY-MM-DD' (day; week: its Monday), 'YYYY-MM', advisor name or service type key. */
  key: z.string(),
  /** What the row shows: store name, 2026-03-07, 2026-03-02 周, 2026年3月, 王师傅, 保养. */
  label: z.string(),
});
export type ReportRow = z.infer<typeof reportRow>;

export const report = call({
  method: 'GET',
  path: '/report/figures',
  summary: '数据报表：按门店/日/周/月/服务顾问/服务类型汇总营业额、到店台次、客户数、回头客占比与客单价（门店员工只看到本人门店）',
  heavy: true,
  input: reportQuery,
  answer: z.object({
    from: z.string(),
    to: z.string(),
    groupBy: z.enum(REPORT_GROUP_KEYS),
    rows: z.array(reportRow),
    total: reportFigures,
    /** Stores the caller may filter by (their scope). */
    stores: z.array(z.object({ id: z.number(), name: z.string() })),
    /** The stores' 服务顾问 (ADVISOR_POSITIONS, the same people as 数据统计 and 专属顾问), for the advisor filter. */
    advisors: z.array(z.string()),
  }),
});

/**
 * The same report as an xlsx file (binary answer with the usual `token` header; a refusal is the
 * usual JSON envelope). Text cells that start like a formula are written as text.
 */
export const reportExport = call({
  method: 'GET',
  path: REPORT_EXPORT_PATH,
  summary: '导出数据报表（xlsx）',
  heavy: true,
  input: reportQuery,
});
