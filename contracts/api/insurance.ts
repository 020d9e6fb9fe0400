/**
 * 保险 (issue 16): policy lookup, the renewal pipeline (续保跟进), quotes on the official tariffs
 * compared across insurers, shared quote sheets, analysis, and the chain's insurer settings.
 *
 * Every call needs the 保险 permission (Permission.insurance) and follows the data scope like the
 * customer pages, except:
 * - quotes (compute, save, read, share) also need the 保险报价 add-on (insurance_quote),
 * - analysis also needs the 保险分析 add-on (insurance_analysis),
 * - changing insurer settings needs 设置中心 (Permission.settingsCentre),
 * - `sharedQuote` is public (no login): it answers one quote sheet for an unexpired, unrevoked
 *   token, with the customer's name and plate masked and no mobile, and nothing else.
 * A change of one policy's follow-up carries its `version`: a stale one is refused with 「已被他人修改」.
 * Tariffs, formulas and checks: contracts/insurance.ts.
 */
import { z } from 'zod';
import { apiCalls } from './route';
import { day, decimal, fen, flag, id, idList, integer, list, oneOf, text } from '../fields';
import {
  ADD_ON_CODES, ANALYSIS_EXPORT_PATH, CLAIM_HISTORIES, ENERGY_KINDS, INDEPENDENT_RANGE, INSURANCE_LIMITS as LIMITS, LOST_REASONS, RENEWAL_BUCKETS, RENEWAL_STATES,
  SHARE_DAYS, SHARE_STATES, VIOLATION_RANGE,
} from '../insurance';

const call = apiCalls('保险');

const version = integer('版本号', { min: 1, max: 2_147_483_647 });
/** '' (an empty query parameter) counts as absent; anything else gets the field's own message. */
const orEmpty = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const storeFilter = orEmpty(idList('门店', { max: 500 }));

const coverage = z.object({ code: z.string(), name: z.string(), limit: z.number(), premiumFen: z.number() });

/** One policy (one vehicle, one term) as lookup, pipeline and the vehicle panorama show it. */
export const policyRow = z.object({
  id: z.number(),
  storeId: z.number(),
  storeName: z.string(),
  vehicleId: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  /** Masked (138****0000) where the garage hides mobile numbers. */
  mobile: z.string(),
  plate: z.string(),
  vin: z.string(),
  brand: z.string(),
  insurer: z.string(),
  policyNo: z.string(),
  startDate: z.string(),
  expiryDate: z.string(),
  /** Days from today to the expiry day (negative: expired). */
  daysLeft: z.number(),
  compulsoryFen: z.number(),
  commercialFen: z.number(),
  vehicleTaxFen: z.number(),
  coverages: z.array(coverage),
  agentName: z.string(),
  /** The renewal follow-up of this policy. */
  state: z.enum(RENEWAL_STATES),
  lostReason: z.string(),
  ownerId: z.number().nullable(),
  ownerName: z.string(),
  note: z.string(),
  nextContact: z.string().nullable(),
  version: z.number(),
});

const staffAnswer = z.array(z.object({ id: z.number(), name: z.string(), storeIds: z.array(z.number()), wholeChain: z.boolean() }));
const storesAnswer = z.array(z.object({ id: z.number(), name: z.string() }));

export const policySearch = call({
  method: 'GET',
  path: '/insurance/policies',
  summary: '保险查询：按车牌、车架号、客户姓名或手机号查保单（按数据范围，最新到期在前）',
  heavy: true,
  input: z.object({
    keyword: orEmpty(text('关键字', { max: LIMITS.keyword })),
    page: integer('页码', { min: 1, max: 100_000 }).default(1),
    pageSize: integer('每页条数', { min: 5, max: LIMITS.pageSize }).default(10),
    storeIds: storeFilter,
  }),
  answer: z.object({ total: z.number(), rows: z.array(policyRow), today: z.string() }),
});

export const renewalList = call({
  method: 'GET',
  path: '/insurance/renewals',
  summary: '续保跟进：按到期区间（90/60/30/7 天内、已脱保）、跟进状态、负责人、关键字筛选的保单（每辆车只看最新一期）',
  heavy: true,
  input: z.object({
    /** Default: the 客户运营 insurance reminder window (its daysBefore) — answered as `defaultDays`. */
    bucket: orEmpty(oneOf('到期区间', RENEWAL_BUCKETS)),
    /** Within N days from today (0–365), instead of a bucket. */
    withinDays: orEmpty(integer('到期天数', { min: 0, max: 365, unit: ' 天' })),
    state: orEmpty(oneOf('跟进状态', RENEWAL_STATES)),
    /** 0 = nobody (未分配). */
    ownerId: orEmpty(integer('负责人', { min: 0, max: 2_147_483_647 })),
    keyword: orEmpty(text('关键字', { max: LIMITS.keyword })),
    /** Only rows whose next contact day is today or earlier and still open. */
    due: flag('今日待联系').default(false),
    page: integer('页码', { min: 1, max: 100_000 }).default(1),
    pageSize: integer('每页条数', { min: 5, max: LIMITS.pageSize }).default(10),
    storeIds: storeFilter,
  }),
  answer: z.object({
    total: z.number(),
    rows: z.array(policyRow),
    /** Policies per bucket (within the scope, store and owner filters), for the tabs. */
    buckets: z.record(z.string(), z.number()),
    /** Policies per state within the chosen window, for the chips. */
    states: z.record(z.string(), z.number()),
    /** The window used when neither bucket nor withinDays is given (客户运营 保险提前天数). */
    defaultDays: z.number(),
    reminderEnabled: z.boolean(),
    stores: storesAnswer,
    staff: staffAnswer,
    lostReasons: z.array(z.string()),
    today: z.string(),
  }),
});

export const updateRenewal = call({
  method: 'PUT',
  path: '/insurance/renewal',
  summary: '记录续保跟进：状态（战败须选原因）、备注、下次联系日期；记入跟进记录',
  input: z.object({
    policyId: id('保单'),
    version,
    state: oneOf('跟进状态', RENEWAL_STATES),
    lostReason: orEmpty(oneOf('战败原因', LOST_REASONS)),
    note: text('跟进备注', { max: LIMITS.note, multiline: true }).default(''),
    nextContact: orEmpty(day('下次联系日期')).nullable(),
  }),
  answer: z.object({ version: z.number() }),
});

export const assignRenewals = call({
  method: 'POST',
  path: '/insurance/renewal/assign',
  summary: '批量分配续保负责人（须为各保单所在门店的员工）',
  heavy: true,
  input: z.object({
    policyIds: idList('保单', { max: LIMITS.bulk }).refine((ids) => ids.length > 0, { error: '请至少选择一张保单' }),
    ownerId: id('负责人'),
  }),
  answer: z.object({ assigned: z.number() }),
});

export const renewalHistory = call({
  method: 'GET',
  path: '/insurance/renewal/history',
  summary: '一张保单的续保跟进记录（最新在前）',
  input: z.object({ policyId: id('保单') }),
  answer: z.object({
    entries: z.array(z.object({ id: z.number(), at: z.string(), userName: z.string(), state: z.enum(RENEWAL_STATES), lostReason: z.string(), note: z.string(), nextContact: z.string().nullable() })),
  }),
});

export const savedQuoteRow = z.object({
  id: z.number(),
  createdAt: z.string(),
  userName: z.string(),
  startDate: z.string(),
  insurers: z.array(z.string()),
  /** The lowest total among the insurers compared. */
  lowestTotalFen: z.number(),
});

export const vehiclePolicies = call({
  method: 'GET',
  path: '/insurance/vehicle',
  summary: '一辆车的保单（全部期次，最新在前）与保存过的报价；车辆全景与报价页用',
  input: z.object({ vehicleId: id('车辆') }),
  answer: z.object({
    vehicle: z.object({
      id: z.number(), storeId: z.number(), plate: z.string(), vin: z.string(), brand: z.string(), series: z.string(),
      customerId: z.number(), customerName: z.string(), mobile: z.string(),
    }),
    policies: z.array(policyRow),
    quotes: z.array(savedQuoteRow),
    /** The add-on 保险报价 is active: the 报价 button works. */
    canQuote: z.boolean(),
    today: z.string(),
  }),
});

/** What a quote is computed from; the same input saves it. */
export const quoteInput = z.object({
  vehicleId: id('车辆'),
  /** Province or 计划单列市 (contracts/insurance.ts REGIONS); gives the region group. */
  region: text('投保地区', { max: 10, min: 1 }),
  /** 交强险车辆种类 (VEHICLE_CLASSES code); default: family car by seats. */
  vehicleClass: orEmpty(text('车辆种类', { max: 20 })),
  seats: integer('座位数', { min: 1, max: 99, unit: ' 座' }),
  displacement: decimal('排量', { min: 0, max: 10, unit: ' 升' }),
  energy: oneOf('能源类型', ENERGY_KINDS).default('fuel'),
  history: oneOf('上年交强险出险情况', CLAIM_HISTORIES),
  ncdLevel: integer('无赔款优待等级', { min: -4, max: 5 }).default(0),
  violation: decimal('交通违法系数', VIOLATION_RANGE).optional(),
  startDate: day('起保日期'),
  endDate: day('终保日期'),
  vehicleDamage: flag('车损险').default(true),
  vehiclePriceFen: fen('新车购置价', { max: 100_000_000_00 }).default(0),
  thirdPartyLimit: integer('三者险保额', { min: 0, max: 10_000_000, unit: ' 元' }).default(1_000_000),
  driverSeatLimit: integer('司机座位保额', { min: 0, max: 1_000_000, unit: ' 元' }).default(10_000),
  passengerSeatLimit: integer('乘客座位保额', { min: 0, max: 1_000_000, unit: ' 元' }).default(10_000),
  addOns: list('附加险', oneOf('附加险', ADD_ON_CODES), { max: ADD_ON_CODES.length }).default([]),
  /** Insurer codes to compare side by side (the chain's enabled insurers by default). */
  insurers: list('保险公司', text('保险公司', { max: 20, min: 1 }), { max: LIMITS.insurers }).default([]),
});

const commercialLine = z.object({ code: z.string(), name: z.string(), limit: z.number(), baseFen: z.number(), premiumFen: z.number() });

export const quoteSheet = z.object({
  region: z.string(),
  regionGroup: z.string(),
  vehicleClass: z.string(),
  vehicleClassName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  compulsory: z.object({
    base: z.number(), rate: z.number(), premiumFen: z.number(),
    limits: z.object({ total: z.number(), deathDisability: z.number(), medical: z.number(), property: z.number() }),
  }),
  vehicleTax: z.object({ band: z.string(), yearlyFen: z.number(), estimated: z.boolean() }),
  offers: z.array(z.object({
    insurerCode: z.string(),
    insurerName: z.string(),
    lines: z.array(commercialLine),
    ncd: z.number(),
    violation: z.number(),
    independent: z.number(),
    coefficient: z.number(),
    commercialFen: z.number(),
    compulsoryFen: z.number(),
    vehicleTaxFen: z.number(),
    totalFen: z.number(),
  })),
});

export const computeQuote = call({
  method: 'POST',
  path: '/insurance/quote/compute',
  summary: '计算报价：交强险（官方费率）、车船税与各保险公司商业险，并排对比（不保存）',
  input: quoteInput,
  answer: quoteSheet,
});

export const saveQuote = call({
  method: 'POST',
  path: '/insurance/quote',
  summary: '保存报价到车辆的报价记录（重新计算后整单保存；该车续保跟进为待跟进或已联系时改为已报价）',
  input: quoteInput,
  answer: z.object({ id: z.number() }),
});

const sheetVehicle = z.object({ plate: z.string(), brand: z.string(), series: z.string(), customerName: z.string(), mobile: z.string() });

/** One share link of a quote (its token is never stored, so never listed). */
export const quoteShare = z.object({
  id: z.number(),
  createdAt: z.string(),
  createdBy: z.string(),
  expiresAt: z.string(),
  state: z.enum(SHARE_STATES),
  stateName: z.string(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string(),
});

export const quoteDetail = call({
  method: 'GET',
  path: '/insurance/quote',
  summary: '一份保存过的报价单（打印、保存图片）及其分享链接',
  input: z.object({ id: id('报价') }),
  answer: z.object({
    id: z.number(), createdAt: z.string(), userName: z.string(), storeName: z.string(), storePhone: z.string(),
    vehicle: sheetVehicle, sheet: quoteSheet,
    /** Its share links, newest first. */
    shares: z.array(quoteShare),
  }),
});

export const shareQuote = call({
  method: 'POST',
  path: '/insurance/quote/share',
  summary: '生成报价单分享链接（只读、无需登录、到期失效；链接只能看这一份报价）',
  input: z.object({ id: id('报价'), days: integer('有效天数', { min: 1, max: SHARE_DAYS.max, unit: ' 天' }).default(SHARE_DAYS.default) }),
  answer: z.object({
    /** The link's id, to revoke it. */
    id: z.number(),
    /** The token is shown once: only its hash is stored. */
    token: z.string(),
    /** Path of the page that opens it (/insurance-quote/s/<token>), relative to the site. */
    path: z.string(),
    expiresAt: z.string(),
  }),
});

export const revokeQuoteShare = call({
  method: 'POST',
  path: '/insurance/quote/share/revoke',
  summary: '撤销报价单分享链接：立即失效，打开链接显示「链接已失效」（有效的链接才能撤销）',
  input: z.object({ id: id('分享链接') }),
  answer: quoteShare,
});

export const sharedQuote = call({
  method: 'GET',
  path: '/insurance/shared',
  summary: '公开：按分享链接读取一份报价单（无需登录；车主姓名和车牌打码、不含手机号；过期或撤销后提示已失效）',
  input: z.object({ token: z.string().max(100).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: '报价单链接无效' }) }),
  answer: z.object({ storeName: z.string(), storePhone: z.string(), createdAt: z.string(), expiresAt: z.string(), vehicle: sheetVehicle, sheet: quoteSheet }),
});

export const analysis = call({
  method: 'GET',
  path: '/insurance/analysis',
  summary: '保险分析：按月与门店的续保率、各保险公司保费、跟进漏斗、战败原因、员工排名（按到期日期区间与门店筛选）',
  heavy: true,
  input: z.object({ from: day('开始日期'), to: day('结束日期'), storeIds: storeFilter }),
  answer: z.object({
    /** Per expiry month and store: policies due, renewed (已续保), rate 0–1. */
    renewalByMonth: z.array(z.object({ month: z.string(), storeId: z.number(), storeName: z.string(), due: z.number(), renewed: z.number(), rate: z.number() })),
    premiumsByInsurer: z.array(z.object({ insurer: z.string(), policies: z.number(), compulsoryFen: z.number(), commercialFen: z.number(), totalFen: z.number() })),
    /** Policies due in the range per follow-up state, in pipeline order. */
    funnel: z.array(z.object({ state: z.enum(RENEWAL_STATES), name: z.string(), count: z.number() })),
    lostReasons: z.array(z.object({ reason: z.string(), count: z.number() })),
    staff: z.array(z.object({ userId: z.number(), name: z.string(), assigned: z.number(), renewed: z.number(), rate: z.number(), premiumFen: z.number() })),
    totals: z.object({ due: z.number(), renewed: z.number(), lost: z.number(), rate: z.number(), premiumFen: z.number() }),
    stores: storesAnswer,
  }),
});

/**
 * The analysis as an Excel workbook (one sheet per table, numbers as numbers, every text through
 * safeCell). A binary answer; a refusal is the usual JSON envelope.
 */
export const analysisExport = call({
  method: 'GET',
  path: ANALYSIS_EXPORT_PATH,
  summary: '导出保险分析（xlsx：汇总、各月续保率、保险公司保费、跟进漏斗、战败原因、员工排名）',
  heavy: true,
  input: z.object({ from: day('开始日期'), to: day('结束日期'), storeIds: storeFilter }),
});

const insurerTariff = z.object({
  code: text('保险公司代码', { max: 20, min: 1 }).refine((value) => /^[a-z][a-z0-9_]{1,19}$/.test(value), { error: '保险公司代码应为小写字母开头的字母、数字或下划线' }),
  name: text('保险公司名称', { max: 20, min: 1 }),
  enabled: flag('启用'),
  vehicleDamageBaseFen: fen('车损基础保费'),
  vehicleDamagePermille: decimal('车损费率（‰）', { min: 0, max: 100 }),
  // Keys checked after the record (a key's own message would not reach the caller).
  thirdPartyFen: z.record(z.string(), fen('三者险基准保费')).refine((value) => Object.keys(value).every((key) => /^\d{5,8}$/.test(key)), {
    error: '三者险保额格式不正确（应为以元计的保额，如 1000000）',
  }),
  driverSeatPermille: decimal('司机座位费率（‰）', { min: 0, max: 100 }),
  passengerSeatPermille: decimal('乘客座位费率（‰）', { min: 0, max: 100 }),
  addOnPermille: z.partialRecord(z.enum(ADD_ON_CODES), decimal('附加险费率（‰）', { min: -500, max: 1000 })),
  independentCoefficient: decimal('自主定价系数', INDEPENDENT_RANGE),
});

export const insurerSettings = call({
  method: 'GET',
  path: '/insurance/insurers',
  summary: '本连锁的保险公司设置（基准保费与系数）；未设置时为示例数据',
  answer: z.object({ insurers: z.array(insurerTariff), version: z.number(), canEdit: z.boolean() }),
});

export const saveInsurerSettings = call({
  method: 'PUT',
  path: '/insurance/insurers',
  summary: '保存保险公司设置（整表保存；需设置中心权限；version 过期时拒绝）',
  input: z.object({ insurers: list('保险公司', insurerTariff, { min: 1, max: 20 }), version: integer('版本号', { min: 0, max: 2_147_483_647 }) }),
  answer: z.object({ version: z.number() }),
});
