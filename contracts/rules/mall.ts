/**
 * 价格商城 / 项目商城 / 续费套餐: what a chain can buy, what it costs, and the rules of orders,
 * renewals and upgrades. Zod-free: the server prices orders with these functions and the widgets
 * show the same figures. Money is integer fen everywhere (¥3,980.00 = 398000).
 */
import { addDays, addMonths, daysBetween, type Day } from '../dates';
import { creditCodeProblem, normaliseCreditCode } from './store';
import { IMPORT_LIMITS } from './import-task';

// ---------------------------------------------------------------- editions

export const EDITION_CODES = ['basic', 'pro', 'flagship'] as const;
export type EditionCode = (typeof EDITION_CODES)[number];

export interface Edition {
  code: EditionCode;
  name: string;
  /** One line under the name on the price card. */
  slogan: string;
  /** Per store (门店) and year, in fen; headquarters is not counted. */
  yearlyFenPerStore: number;
  /** Higher rank = more features; upgrading goes up, never down while the edition runs. */
  rank: number;
}

export const EDITIONS: readonly Edition[] = [
  { code: 'basic', name: '基础版', slogan: '起步：客户、车辆、保养提醒与短信', yearlyFenPerStore: 198_000, rank: 1 },
  { code: 'pro', name: '专业版', slogan: '连锁经营：大批量导入、一年操作日志与专属服务群', yearlyFenPerStore: 398_000, rank: 2 },
  { code: 'flagship', name: '旗舰版', slogan: '集团管控：智慧大屏、自定义指标与专属客户经理', yearlyFenPerStore: 698_000, rank: 3 },
];

export const editionOf = (code: string): Edition | undefined => EDITIONS.find((edition) => edition.code === code);

// ---------------------------------------------------------------- what each edition includes (issue 33)

/** Features only some editions include: their routes carry `editionFeature` and the server refuses the others. */
export const EDITION_FEATURES = ['custom_metrics', 'big_screen'] as const;
export type EditionFeature = (typeof EDITION_FEATURES)[number];
export const EDITION_FEATURE_INFO: Record<EditionFeature, { name: string; group: string }> = {
  custom_metrics: { name: '自定义指标', group: '数据' },
  big_screen: { name: '智慧大屏', group: '数据' },
};

export interface Allowance {
  features: readonly EditionFeature[];
  /** Data rows one import file may hold (customers, leads, policies); at most the reader's IMPORT_LIMITS.maxRows. */
  importRows: number;
  /** How far back 操作日志 shows. */
  auditDays: number;
  /** Who helps the chain: people, not software, so nothing for the server to enforce. */
  service: string;
}

/**
 * THE table of what each edition includes. The server enforces it (server/src/entitlements.ts: the
 * features on their routes, the import's rows, the audit log's days) and the price list
 * (FEATURE_MATRIX) is generated from it, so the mall cannot promise what the server refuses.
 */
export const ALLOWANCES: Record<EditionCode, Allowance> = {
  basic: { features: [], importRows: 20_000, auditDays: 30, service: '在线客服' },
  pro: { features: [], importRows: IMPORT_LIMITS.maxRows, auditDays: 365, service: '专属服务群' },
  flagship: { features: ['custom_metrics', 'big_screen'], importRows: IMPORT_LIMITS.maxRows, auditDays: 3 * 365, service: '专属客户经理' },
};

/** What a chain on this edition may use; a chain without an edition (made before the mall) is not limited. */
export const allowanceOf = (edition: string | null | undefined): Allowance => ALLOWANCES[editionOf(edition ?? '')?.code ?? 'flagship'];

/** The lowest edition that includes the feature (or allows the rows). */
const lowestWith = (allows: (allowance: Allowance) => boolean): Edition => EDITIONS.find((edition) => allows(ALLOWANCES[edition.code]))!;

const editionNameOf = (edition: string | null | undefined) => editionOf(edition ?? '')?.name ?? '当前版本';

/** What a route of a feature the chain's edition lacks answers (403). */
export function featureRefusal(feature: EditionFeature, edition: string | null | undefined): string {
  const { name } = EDITION_FEATURE_INFO[feature];
  return `「${name}」是${lowestWith((allowance) => allowance.features.includes(feature)).name}的功能，本连锁当前为${editionNameOf(edition)}：请在 价格商城 升级后使用`;
}

const rowsText = (rows: number) => rows.toLocaleString('en-US');

/** What an import of a file with more rows than the edition allows answers. */
export function importRowsRefusal(edition: string | null | undefined): string {
  const { importRows } = allowanceOf(edition);
  const more = EDITIONS.find((each) => ALLOWANCES[each.code].importRows > importRows);
  const upgrade = more ? `，或在 价格商城 升级到${more.name}（每个文件 ${rowsText(ALLOWANCES[more.code].importRows)} 行）` : '';
  return `文件超过 ${rowsText(importRows)} 行：${editionNameOf(edition)}每个文件最多导入 ${rowsText(importRows)} 行，请拆分成多个文件分批导入${upgrade}`;
}

/** 「30 天」, 「1 年」, 「3 年」. */
const daysText = (days: number) => (days % 365 === 0 ? `${days / 365} 年` : `${days} 天`);

/** A row of the feature matrix: true = included, false = not, text = included with a limit. */
export interface FeatureRow {
  code: string;
  name: string;
  group: string;
  editions: Record<EditionCode, boolean | string>;
}

const everyEdition = (value: true): Record<EditionCode, boolean | string> => ({ basic: value, pro: value, flagship: value });
const byEdition = (of: (allowance: Allowance) => boolean | string) =>
  Object.fromEntries(EDITION_CODES.map((code) => [code, of(ALLOWANCES[code])])) as Record<EditionCode, boolean | string>;

/**
 * The price list's 功能对比, generated from ALLOWANCES: what every edition has (the server limits
 * none of it by edition), then each feature, limit and service level the table sets.
 */
export const FEATURE_MATRIX: readonly FeatureRow[] = [
  { code: 'customers', name: '客户与车辆档案', group: '客户', editions: everyEdition(true) },
  { code: 'maintenance', name: '保养提醒', group: '客户', editions: everyEdition(true) },
  { code: 'import', name: '批量导入（客户、潜在客户、保单）', group: '客户', editions: byEdition((allowance) => `每个文件 ${rowsText(allowance.importRows)} 行`) },
  { code: 'potential', name: '潜在客户跟进', group: '客户', editions: everyEdition(true) },
  { code: 'operations', name: '客户运营（分组、标签、回访）', group: '营销', editions: everyEdition(true) },
  { code: 'sms_marketing', name: '短信营销（需购买短信包）', group: '营销', editions: everyEdition(true) },
  { code: 'reports', name: '数据报表、诊断表、数据统计与指标树', group: '数据', editions: everyEdition(true) },
  ...EDITION_FEATURES.map((feature) => ({ code: feature, ...EDITION_FEATURE_INFO[feature], editions: byEdition((allowance) => allowance.features.includes(feature)) })),
  { code: 'authority', name: '角色与数据权限', group: '管理', editions: everyEdition(true) },
  { code: 'audit', name: '操作日志', group: '管理', editions: byEdition((allowance) => `可查近 ${daysText(allowance.auditDays)}`) },
  { code: 'erp', name: 'ERP 对接', group: '管理', editions: everyEdition(true) },
  { code: 'service', name: '客户成功服务', group: '服务', editions: byEdition((allowance) => allowance.service) },
];

// ---------------------------------------------------------------- add-ons and packages

/** garage_module codes of the add-ons; the edition is the module row 'edition'. */
export const ADD_ON_CODES = ['web_phone', 'sms', 'wecom', 'insurance_analysis', 'customer_analysis', 'insurance_quote'] as const;
export type AddOnCode = (typeof ADD_ON_CODES)[number];
/** The module row that holds the chain's edition (its name is the edition's, its expiry the edition's). */
export const EDITION_MODULE = 'edition';

/** The 项目商城 page that sells each add-on (/home/shop/<page>). */
export type ShopPage = 'smsMall' | 'webPhone' | 'enterprise-wechat' | 'insurance-analysis' | 'customer-analysis' | 'insurance-quote';

export interface AddOn {
  code: AddOnCode;
  name: string;
  page: ShopPage;
  /** What it does, for the product page. */
  summary: string;
  points: readonly string[];
  /** Per chain and year, in fen. */
  yearlyFen: number;
}

export const ADD_ONS: readonly AddOn[] = [
  { code: 'web_phone', name: '网络电话', page: 'webPhone', yearlyFen: 60_000, summary: '在客户详情里一键拨号，通话自动记录、按分钟计费。', points: ['浏览器直接拨打，无需座机', '通话记录与客户关联', '按门店设置号码打码', '通话分钟数需另购时长包'] },
  { code: 'sms', name: '短信营销', page: 'smsMall', yearlyFen: 0, summary: '给客户群发保养提醒与活动短信，按条计费。', points: ['模板审核后群发', '按客户分组发送', '发送结果逐条可查', '短信条数需购买短信包'] },
  { code: 'wecom', name: '企业微信', page: 'enterprise-wechat', yearlyFen: 120_000, summary: '员工用企业微信添加客户，聊天侧边栏直接看车辆与保养记录。', points: ['企业微信登录', '侧边栏客户画像', '外部联系人同步'] },
  { code: 'insurance_analysis', name: '保险分析', page: 'insurance-analysis', yearlyFen: 98_000, summary: '按到期月份统计客户车险，提前安排续保。', points: ['车险到期分布', '续保率统计', '按门店对比'] },
  { code: 'customer_analysis', name: '客户分析', page: 'customer-analysis', yearlyFen: 88_000, summary: '客户流失、回厂与消费分层分析。', points: ['流失预警', '回厂周期', '消费分层'] },
  { code: 'insurance_quote', name: '保险报价', page: 'insurance-quote', yearlyFen: 158_000, summary: '多家保险公司在线比价，生成报价单发给客户。', points: ['多家保司比价', '报价单分享', '报价记录留存'] },
];

export const addOnOf = (code: string): AddOn | undefined => ADD_ONS.find((addOn) => addOn.code === code);

export const LEDGER_KINDS = ['sms', 'minutes'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_NAMES: Record<LedgerKind, string> = { sms: '短信条数', minutes: '通话分钟' };
export const LEDGER_UNITS: Record<LedgerKind, string> = { sms: '条', minutes: '分钟' };

/** Why a ledger changed; every change is one row with its reason. */
export const LEDGER_REASONS = ['purchase', 'use', 'refund', 'grant', 'adjust'] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];
export const LEDGER_REASON_NAMES: Record<LedgerReason, string> = { purchase: '购买', use: '使用', refund: '退回', grant: '赠送', adjust: '管理员调整' };

/**
 * What caused a ledger change, in words for the 余额变动 list. The ref is the server's key of it:
 * `order:<订单号>`, `sms:campaign:<id>` (its refunds add `#…`), `call:<id>`. Other refs (the welcome
 * grant, demo rows) say it in their note and get ''. `campaignName` is the campaign's name if it exists.
 */
export function ledgerRefName(ref: string, campaignName?: string | null): string {
  const key = ref.split('#')[0]!;
  const order = /^order:(.+)$/.exec(key);
  if (order) return `订单 ${order[1]}`;
  const campaign = /^sms:campaign:(\d+)$/.exec(key);
  if (campaign) return campaignName ? `短信群发「${campaignName}」` : `短信群发 #${campaign[1]}`;
  const call = /^call:(\d+)$/.exec(key);
  if (call) return `通话记录 #${call[1]}`;
  return '';
}

export interface Package {
  /** Product code, e.g. 'sms.5000'. */
  code: string;
  ledger: LedgerKind;
  name: string;
  /** Credits (SMS) or minutes added to the ledger. */
  amount: number;
  priceFen: number;
  /** Top-ups never expire. */
  note: string;
}

export const PACKAGES: readonly Package[] = [
  { code: 'sms.1000', ledger: 'sms', name: '短信包 1,000 条', amount: 1_000, priceFen: 7_000, note: '约 0.070 元/条，长期有效' },
  { code: 'sms.5000', ledger: 'sms', name: '短信包 5,000 条', amount: 5_000, priceFen: 32_500, note: '约 0.065 元/条，长期有效' },
  { code: 'sms.20000', ledger: 'sms', name: '短信包 20,000 条', amount: 20_000, priceFen: 120_000, note: '约 0.060 元/条，长期有效' },
  { code: 'minutes.500', ledger: 'minutes', name: '通话时长 500 分钟', amount: 500, priceFen: 7_500, note: '0.15 元/分钟，长期有效' },
  { code: 'minutes.2000', ledger: 'minutes', name: '通话时长 2,000 分钟', amount: 2_000, priceFen: 26_000, note: '0.13 元/分钟，长期有效' },
  { code: 'minutes.10000', ledger: 'minutes', name: '通话时长 10,000 分钟', amount: 10_000, priceFen: 110_000, note: '0.11 元/分钟，长期有效' },
];

export const packageOf = (code: string): Package | undefined => PACKAGES.find((item) => item.code === code);

// ---------------------------------------------------------------- products and prices

/**
 * Every product has one code: 'edition.pro', 'addon.wecom', 'sms.5000', 'minutes.500'.
 * An edition or add-on is bought for 1–3 years; a package in a quantity of 1–99.
 */
export const productCode = {
  edition: (code: EditionCode) => `edition.${code}`,
  addOn: (code: AddOnCode) => `addon.${code}`,
};

export type OrderKind = 'new' | 'renew' | 'upgrade' | 'addon' | 'topup';
export const ORDER_KIND_NAMES: Record<OrderKind, string> = { new: '开通', renew: '续费', upgrade: '升级', addon: '增值服务', topup: '充值' };

export const MAX_YEARS = 3;
export const MAX_QUANTITY = 99;

/** Read-only days after the edition expires, then locked (data is never deleted). */
export const GRACE_DAYS = 15;
/** An unpaid order is cancelled this long after it was made. */
export const UNPAID_ORDER_MINUTES = 120;

/** Where a dated entitlement stands on a day. */
export type EntitlementState = 'active' | 'grace' | 'locked' | 'none';
export const ENTITLEMENT_STATE_NAMES: Record<EntitlementState, string> = { active: '使用中', grace: '已到期（只读宽限期）', locked: '已停用', none: '未开通' };

/** Edition state: expires_on is the last day of use; then GRACE_DAYS read-only; then locked. */
export function editionState(expiresOn: Day | null, today: Day): EntitlementState {
  if (!expiresOn) return 'none';
  if (today <= expiresOn) return 'active';
  return today <= addDays(expiresOn, GRACE_DAYS) ? 'grace' : 'locked';
}

/** Add-ons have no grace period: active until their last day. */
export function addOnState(enabled: boolean, expiresOn: Day | null, today: Day): EntitlementState {
  if (!enabled) return 'none';
  if (!expiresOn || today <= expiresOn) return 'active';
  return 'locked';
}

export const graceEndsOn = (expiresOn: Day): Day => addDays(expiresOn, GRACE_DAYS);

/**
 * Renewal adds whole years to the later of today and the current expiry, so renewing early loses
 * nothing and renewing late does not pay for the time the chain could not use.
 * The answer is the new last day of use.
 */
export function renewedUntil(currentExpiresOn: Day | null, today: Day, years: number): Day {
  const from = currentExpiresOn && currentExpiresOn >= today ? addDays(currentExpiresOn, 1) : today;
  return addDays(addMonths(from, 12 * years), -1);
}

/**
 * Upgrade price: the yearly difference per store, for every store, for the days left of the
 * current period (today included), over 365 days, rounded to the fen. The expiry stays the same.
 */
export function proRatedUpgradeFen(fromYearlyFenPerStore: number, toYearlyFenPerStore: number, storeCount: number, today: Day, expiresOn: Day): number {
  const daysLeft = Math.max(0, daysBetween(today, expiresOn) + 1);
  const difference = Math.max(0, toYearlyFenPerStore - fromYearlyFenPerStore);
  return Math.round((difference * Math.max(1, storeCount) * daysLeft) / 365);
}

/** A priced line of an order (shown on the order and kept in its snapshot). */
export interface PriceLine {
  label: string;
  amountFen: number;
}

export interface Quote {
  productCode: string;
  productName: string;
  kind: OrderKind;
  years: number;
  quantity: number;
  storeCount: number;
  amountFen: number;
  lines: PriceLine[];
  /** What the chain has after payment (edition/add-on: the new last day; package: the ledger and amount). */
  effectiveUntil: Day | null;
  ledger: LedgerKind | null;
  ledgerAmount: number;
}

/** What the chain has now, as pricing needs it. */
export interface Holding {
  edition: { code: EditionCode; expiresOn: Day } | null;
  addOns: Partial<Record<AddOnCode, Day | null>>;
  storeCount: number;
}

export class QuoteRefusal extends Error {}

/**
 * The price of a product for this chain today. Refusals (unknown product, downgrade while the
 * edition runs, years or quantity out of range) throw QuoteRefusal with a Chinese message.
 */
export function quote(code: string, holding: Holding, today: Day, { years = 1, quantity = 1 }: { years?: number; quantity?: number } = {}): Quote {
  const [family, rest] = code.split('.', 2) as [string, string | undefined];
  const yearsOk = Number.isInteger(years) && years >= 1 && years <= MAX_YEARS;
  const stores = Math.max(1, holding.storeCount);
  if (family === 'edition') {
    const edition = rest ? editionOf(rest) : undefined;
    if (!edition) throw new QuoteRefusal('没有这个版本');
    const current = holding.edition;
    const currentEdition = current ? editionOf(current.code) : undefined;
    const running = current && currentEdition && editionState(current.expiresOn, today) === 'active';
    if (running && currentEdition.rank > edition.rank) throw new QuoteRefusal(`当前为${currentEdition.name}，有效期内不能降级；可在到期后续费时选择${edition.name}`);
    if (running && currentEdition.rank < edition.rank) {
      const amountFen = proRatedUpgradeFen(currentEdition.yearlyFenPerStore, edition.yearlyFenPerStore, stores, today, current.expiresOn);
      const days = daysBetween(today, current.expiresOn) + 1;
      return {
        productCode: code, productName: edition.name, kind: 'upgrade', years: 0, quantity: 1, storeCount: stores, amountFen,
        lines: [{ label: `${currentEdition.name} 升级 ${edition.name}：差价 × ${stores} 家门店 × 剩余 ${days} 天 / 365`, amountFen }],
        effectiveUntil: current.expiresOn, ledger: null, ledgerAmount: 0,
      };
    }
    if (!yearsOk) throw new QuoteRefusal(`购买年限应为 1–${MAX_YEARS} 年`);
    const amountFen = edition.yearlyFenPerStore * stores * years;
    // Same edition (running or in grace/locked) = renewal; another edition after expiry or none = new.
    const kind: OrderKind = current && current.code === edition.code ? 'renew' : 'new';
    const from = kind === 'renew' ? current!.expiresOn : null;
    return {
      productCode: code, productName: edition.name, kind, years, quantity: 1, storeCount: stores, amountFen,
      lines: [{ label: `${edition.name} ${stores} 家门店 × ${years} 年`, amountFen }],
      effectiveUntil: renewedUntil(from, today, years), ledger: null, ledgerAmount: 0,
    };
  }
  if (family === 'addon') {
    const addOn = rest ? addOnOf(rest) : undefined;
    if (!addOn) throw new QuoteRefusal('没有这个增值服务');
    if (addOn.yearlyFen === 0) throw new QuoteRefusal(`${addOn.name}无年费，购买${addOn.code === 'sms' ? '短信包' : '套餐'}即可使用`);
    if (!yearsOk) throw new QuoteRefusal(`购买年限应为 1–${MAX_YEARS} 年`);
    const amountFen = addOn.yearlyFen * years;
    const current = holding.addOns[addOn.code];
    return {
      productCode: code, productName: addOn.name, kind: 'addon', years, quantity: 1, storeCount: stores, amountFen,
      lines: [{ label: `${addOn.name} × ${years} 年`, amountFen }],
      effectiveUntil: renewedUntil(current ?? null, today, years), ledger: null, ledgerAmount: 0,
    };
  }
  const item = packageOf(code);
  if (!item) throw new QuoteRefusal('没有这个商品');
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) throw new QuoteRefusal(`购买数量应为 1–${MAX_QUANTITY}`);
  const amountFen = item.priceFen * quantity;
  return {
    productCode: code, productName: item.name, kind: 'topup', years: 0, quantity, storeCount: stores, amountFen,
    lines: [{ label: `${item.name} × ${quantity}`, amountFen }],
    effectiveUntil: null, ledger: item.ledger, ledgerAmount: item.amount * quantity,
  };
}

// ---------------------------------------------------------------- orders and payment

/**
 * 待支付 → 已支付 → 已开通; 待支付 → 已取消 (by the buyer or unpaid expiry); 已开通 → 已退款.
 * 已取消 → 已支付 only when the order timed out while the notification of a payment made in time
 * (by the provider's clock, before the time to pay) was on its way. Any other payment an order
 * does not need is given back, never fulfilled (issue 31).
 */
export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_NAMES: Record<OrderStatus, string> = { pending: '待支付', paid: '已支付', fulfilled: '已开通', cancelled: '已取消', refunded: '已退款' };

export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'cancelled'],
  paid: ['fulfilled', 'refunded'],
  fulfilled: ['refunded'],
  cancelled: ['paid'],
  refunded: [],
};

export const canMove = (from: OrderStatus, to: OrderStatus): boolean => ORDER_TRANSITIONS[from].includes(to);

export const CANCEL_REASONS = ['buyer', 'expired'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const CANCEL_REASON_NAMES: Record<CancelReason, string> = { buyer: '已手动取消', expired: '超时未支付，已自动取消' };

/** 'dev' is the development adapter (模拟支付成功); production offers only the configured merchants. */
export const PAY_CHANNELS = ['wechat', 'alipay', 'dev'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];
export const PAY_CHANNEL_NAMES: Record<PayChannel, string> = { wechat: '微信支付', alipay: '支付宝', dev: '模拟支付（开发环境）' };

// ---------------------------------------------------------------- invoices

export const INVOICE_KINDS = ['normal', 'special'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_NAMES: Record<InvoiceKind, string> = { normal: '增值税普通发票', special: '增值税专用发票' };
export const INVOICE_STATUS_NAMES = { requested: '已申请', issued: '已开具', rejected: '已驳回' } as const;
export type InvoiceStatus = keyof typeof INVOICE_STATUS_NAMES;

/**
 * 纳税人识别号: an 18-character 统一社会信用代码 with its GB 32100-2015 check character (the rule of
 * the store profile), or an old 15/20-character tax registration number (digits and capital letters).
 */
export function isTaxId(value: string): boolean {
  const text = normaliseCreditCode(value);
  if (/^[0-9A-Z]{15}$|^[0-9A-Z]{20}$/.test(text)) return true;
  return creditCodeProblem(text) === null;
}

export const TAX_ID_RULE_TEXT = '18 位统一社会信用代码（或 15/20 位税号）';

// ---------------------------------------------------------------- refusals the pages show

/** What a guarded route answers when the chain has not bought (or let lapse) what it needs. */
export function entitlementRefusal(name: string, state: EntitlementState): string {
  if (state === 'grace') return `「${name}」已到期，处于只读宽限期：可以查看，不能修改。请在 续费套餐 中续费`;
  if (state === 'locked') return `「${name}」已到期停用，数据仍然保留。请在 项目商城 或 续费套餐 中续费后继续使用`;
  return `本连锁未开通「${name}」，请在 项目商城 中购买后使用`;
}

export const money = (fen: number): string => `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
