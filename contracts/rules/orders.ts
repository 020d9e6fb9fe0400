/**
 * Work orders (工单) and the 数据报表 measures (issue 17): service types, statuses, payment
 * methods with their Chinese names, the report's measures and groupings, and the 口径 of each
 * measure. zod-free: the server and the report widgets both read it.
 */
import { BUILT_IN_METRICS } from './metrics';

/** 服务类型 of an order (maintenance_record.service_type). */
export const SERVICE_TYPES = {
  maintenance: '保养',
  repair: '维修',
  bodywork: '钣喷',
  tyre: '轮胎',
  beauty: '洗美',
} as const;
export type ServiceType = keyof typeof SERVICE_TYPES;
export const SERVICE_TYPE_KEYS = Object.keys(SERVICE_TYPES) as [ServiceType, ...ServiceType[]];

/** 工单状态: 在修 (in the workshop), 已完工 (done, not paid), 已结算 (paid). */
export const ORDER_STATUSES = {
  in_repair: '在修',
  completed: '已完工',
  settled: '已结算',
} as const;
export type OrderStatus = keyof typeof ORDER_STATUSES;
export const ORDER_STATUS_KEYS = Object.keys(ORDER_STATUSES) as [OrderStatus, ...OrderStatus[]];

/** 支付方式 ('' while not settled). */
export const PAYMENT_METHODS = {
  wechat: '微信',
  alipay: '支付宝',
  cash: '现金',
  card: '银行卡',
  member: '会员卡',
  insurance: '保险理赔',
} as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;
export const PAYMENT_METHOD_KEYS = Object.keys(PAYMENT_METHODS) as [PaymentMethod, ...PaymentMethod[]];

/** How a report groups its rows. week = ISO week, keyed by its Monday; month keyed 'YYYY-MM'. */
export const REPORT_GROUPS = {
  store: '门店',
  day: '日',
  week: '周',
  month: '月',
  advisor: '服务顾问',
  serviceType: '服务类型',
} as const;
export type ReportGroup = keyof typeof REPORT_GROUPS;
export const REPORT_GROUP_KEYS = Object.keys(REPORT_GROUPS) as [ReportGroup, ...ReportGroup[]];

/**
 * The measures of a report row and their 口径. Money is integer fen, shares are 0.01 % (10000 = 100 %).
 * Every order counts on its business day (开单日期, maint_date) whatever its status.
 */
// 营业额, 到店台次 and 客单价 are 指标库's (contracts/rules/metrics.ts): one name and one 口径 on 数据报表,
// 诊断表, 数据统计 and 指标树 (issue 33, month end).
const { revenue, visits, ticketSize } = BUILT_IN_METRICS;

export const REPORT_MEASURES = {
  revenueFen: { name: revenue.name, unit: revenue.unit, definition: `${revenue.formula}，按开单日期计入` },
  labourFen: { name: '工时收入', unit: '元', definition: '工单工时明细金额合计' },
  partsFen: { name: '配件收入', unit: '元', definition: '工单配件明细金额合计' },
  orders: { name: visits.name, unit: visits.unit, definition: visits.formula },
  ticketFen: { name: ticketSize.name, unit: ticketSize.unit, definition: ticketSize.formula },
  customers: { name: '到店客户', unit: '人次', definition: '每个门店每天到店的客户数（同一客户同店同日只计一次），按天相加' },
  newCustomers: { name: '新客户', unit: '人', definition: '在本连锁首次开单的客户数' },
  returningCustomers: { name: '回头客', unit: '人次', definition: '到店客户中此前在本连锁开过单的' },
  retention: { name: '回头客占比', unit: '%', definition: '回头客 ÷ 到店客户' },
} as const;
export type ReportMeasure = keyof typeof REPORT_MEASURES;

/** Longest range one report may cover (days), so a report stays a rollup read. */
export const MAX_REPORT_DAYS = 3 * 366;

export const REPORT_MESSAGES = {
  readRefused: '没有查看数据报表的权限',
  rangeBackwards: '结束日期不能早于开始日期',
  rangeTooLong: '统计区间最长 3 年',
} as const;

/** Ticket size in fen, null without orders. */
export const ticketFen = (revenueFen: number, orders: number) => (orders > 0 ? Math.round(revenueFen / orders) : null);
/** A share in 0.01 %, null with nothing to divide by. */
export const shareBp = (part: number, whole: number) => (whole > 0 ? Math.round((part * 10_000) / whole) : null);
