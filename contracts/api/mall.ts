/**
 * 商城: 价格商城 (editions), 项目商城 (add-ons, SMS and call-minute packages) and 续费套餐 (renewal,
 * order history, invoices, ledgers). Prices, states and labels are in contracts/rules/mall.ts.
 * Anybody signed in may look; only a headquarters admin (permission 17 商城与续费 + admin) buys,
 * for the whole chain. Payment notifications of WeChat Pay and Alipay arrive at
 * /api/mall/notify/wechat and /api/mall/notify/alipay (no login, the providers' own formats).
 */
import { z } from 'zod';
import { apiCalls } from './route';
import { id, integer, oneOf, pattern, requiredText, text } from '../fields';
import { INVOICE_KINDS, isTaxId, LEDGER_KINDS, MAX_QUANTITY, MAX_YEARS, ORDER_STATUSES, PAY_CHANNELS, TAX_ID_RULE_TEXT } from '../rules/mall';

const call = apiCalls('商城');

const day = z.string();
const status = z.enum(ORDER_STATUSES);
const entitlementState = z.enum(['active', 'grace', 'locked', 'none']);
const productCode = pattern('商品', /^(edition|addon|sms|minutes)\.[a-z0-9_]{1,32}$/, '没有这个商品', { max: 48 });
/** The calls on one order (detail, status, pay, simulate, cancel) name it by its id. */
const orderInput = z.object({ id: id('订单') });

export const ledgerBalance = z.object({ kind: z.enum(LEDGER_KINDS), name: z.string(), unit: z.string(), balance: z.number() });

export const currentHolding = z.object({
  edition: z
    .object({
      code: z.string(),
      name: z.string(),
      /** Last day of use. */
      expiresOn: day,
      state: entitlementState,
      stateName: z.string(),
      /** Last read-only day after expiry. */
      graceEndsOn: day,
      daysLeft: z.number(),
    })
    .nullable(),
  /** Stores (门店) of the chain, the count editions are priced by; headquarters not counted. */
  storeCount: z.number(),
  addOns: z.array(z.object({ code: z.string(), name: z.string(), expiresOn: day.nullable(), state: entitlementState, stateName: z.string() })),
  ledgers: z.array(ledgerBalance),
});

const priceLine = z.object({ label: z.string(), amountFen: z.number() });

export const quoteAnswer = z.object({
  productCode: z.string(),
  productName: z.string(),
  kind: z.enum(['new', 'renew', 'upgrade', 'addon', 'topup']),
  kindName: z.string(),
  years: z.number(),
  quantity: z.number(),
  storeCount: z.number(),
  amountFen: z.number(),
  lines: z.array(priceLine),
  effectiveUntil: day.nullable(),
  ledger: z.enum(LEDGER_KINDS).nullable(),
  ledgerAmount: z.number(),
});

export const orderRow = z.object({
  id: z.number(),
  /** out_trade_no at the payment provider, shown as 订单号. */
  orderNo: z.string(),
  productCode: z.string(),
  productName: z.string(),
  kind: z.enum(['new', 'renew', 'upgrade', 'addon', 'topup']),
  kindName: z.string(),
  years: z.number(),
  quantity: z.number(),
  storeCount: z.number(),
  amountFen: z.number(),
  lines: z.array(priceLine),
  status,
  statusName: z.string(),
  channel: z.enum(PAY_CHANNELS).nullable(),
  channelName: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** An unpaid order is cancelled at this instant. */
  payBefore: z.string(),
  paidAt: z.string().nullable(),
  fulfilledAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** Edition/add-on: the last day bought; package: null. */
  effectiveUntil: day.nullable(),
  ledger: z.enum(LEDGER_KINDS).nullable(),
  ledgerAmount: z.number(),
  /** An invoice was requested for this order. */
  invoiced: z.boolean(),
});

export const catalogue = call({
  method: 'GET',
  path: '/mall/catalogue',
  summary: '商城目录：版本与功能对比、增值服务、短信包与通话时长包，及本连锁当前版本、到期日、增值服务与余额',
  answer: z.object({
    editions: z.array(z.object({ code: z.string(), name: z.string(), slogan: z.string(), yearlyFenPerStore: z.number(), rank: z.number() })),
    features: z.array(z.object({ code: z.string(), name: z.string(), group: z.string(), editions: z.record(z.string(), z.union([z.boolean(), z.string()])) })),
    addOns: z.array(z.object({ code: z.string(), name: z.string(), page: z.string(), summary: z.string(), points: z.array(z.string()), yearlyFen: z.number() })),
    packages: z.array(z.object({ code: z.string(), ledger: z.enum(LEDGER_KINDS), name: z.string(), amount: z.number(), priceFen: z.number(), note: z.string() })),
    current: currentHolding,
    /** The chain's SMS signature 【…】 as every text carries it (短信营销 › 短信模板), '' until set: the SMS mall's sample uses it. */
    smsSignature: z.string(),
    /** Whether the signed-in user may buy (headquarters admin with 商城与续费). */
    canBuy: z.boolean(),
    /** Why not, in Chinese, when canBuy is false. */
    cannotBuyReason: z.string().nullable(),
    /** Payment channels this server offers ('dev' only outside production); `demo`: a development adapter, no money moves (演示). */
    channels: z.array(z.object({ code: z.enum(PAY_CHANNELS), name: z.string(), demo: z.boolean() })),
    graceDays: z.number(),
    unpaidOrderMinutes: z.number(),
    today: day,
  }),
});

const purchase = {
  productCode,
  /** Editions and add-ons: 1–3 years (ignored for an upgrade). */
  years: integer('购买年限', { min: 1, max: MAX_YEARS, unit: ' 年' }).default(1),
  /** Packages: how many. */
  quantity: integer('购买数量', { min: 1, max: MAX_QUANTITY }).default(1),
};

export const quote = call({
  method: 'GET',
  path: '/mall/quote',
  summary: '试算价格：续费、升级（按剩余天数折算差价）、增值服务或充值包',
  input: z.object(purchase),
  answer: quoteAnswer,
});

export const createOrder = call({
  method: 'POST',
  path: '/mall/order',
  summary: '下单（总部管理员）：价格快照；同一幂等键只生成一个订单（重复点击不重复下单）',
  input: z.object({
    ...purchase,
    /** Made by the page once per purchase dialog; the same key answers the same order. */
    idempotencyKey: pattern('幂等键', /^[A-Za-z0-9_-]{8,64}$/, '幂等键格式不正确', { max: 64 }),
  }),
  answer: z.object({ order: orderRow }),
});

export const orderDetail = call({
  method: 'GET',
  path: '/mall/order',
  summary: '订单详情（超时未支付的订单在此自动取消）',
  input: orderInput,
  answer: z.object({ order: orderRow }),
});

export const orderStatus = call({
  method: 'GET',
  path: '/mall/order/status',
  summary: '支付状态轮询（支付二维码页每 2 秒一次）',
  input: orderInput,
  answer: z.object({ id: z.number(), status, statusName: z.string(), paidAt: z.string().nullable(), payBefore: z.string() }),
});

export const payOrder = call({
  method: 'POST',
  path: '/mall/order/pay',
  summary: '选择支付方式：微信支付 / 支付宝 答付款二维码（code_url 与 SVG）；开发环境的模拟支付答 simulate = true',
  input: orderInput.extend({ channel: oneOf('支付方式', PAY_CHANNELS) }),
  answer: z.object({
    id: z.number(),
    channel: z.enum(PAY_CHANNELS),
    channelName: z.string(),
    amountFen: z.number(),
    /** The link the QR code carries (weixin://wxpay/… or https://qr.alipay.com/…); null for the simulation. */
    codeUrl: z.string().nullable(),
    /** The QR code as an SVG document (uqr): show it as <img src="data:image/svg+xml;charset=utf-8,…">, never as HTML. */
    qrSvg: z.string().nullable(),
    /** Development adapter: show the 「模拟支付成功」 button. */
    simulate: z.boolean(),
    payBefore: z.string(),
  }),
});

export const simulatePaid = call({
  method: 'POST',
  path: '/mall/order/simulate-paid',
  summary: '模拟支付成功（仅开发环境；生产环境拒绝）：与真实支付通知走同一开通流程',
  input: orderInput,
  answer: z.object({ order: orderRow }),
});

export const cancelOrder = call({
  method: 'POST',
  path: '/mall/order/cancel',
  summary: '取消待支付的订单（总部管理员）',
  input: orderInput,
  answer: z.object({ order: orderRow }),
});

export const orderHistory = call({
  method: 'GET',
  path: '/mall/orders',
  summary: '本连锁的订单记录（新的在前）',
  input: z.object({
    status: oneOf('订单状态', ORDER_STATUSES).optional(),
    page: integer('页码', { min: 1, max: 100_000 }).default(1),
    pageSize: integer('每页条数', { min: 1, max: 100 }).default(10),
  }),
  answer: z.object({ list: z.array(orderRow), total: z.number() }),
});

const invoiceRow = z.object({
  id: z.number(),
  orderId: z.number(),
  orderNo: z.string(),
  kind: z.enum(INVOICE_KINDS),
  kindName: z.string(),
  title: z.string(),
  taxId: z.string(),
  amountFen: z.number(),
  email: z.string(),
  status: z.enum(['requested', 'issued', 'rejected']),
  statusName: z.string(),
  createdAt: z.string(),
});

const optionalText = (label: string, max: number) => text(label, { max }).optional().default('');

export const requestInvoice = call({
  method: 'POST',
  path: '/mall/invoice',
  summary: '申请发票（增值税普通发票 / 增值税专用发票）：已开通的订单，每单一次；专用发票须填地址电话与开户行账号',
  input: z
    .object({
      orderId: id('订单'),
      kind: oneOf('发票类型', INVOICE_KINDS),
      title: requiredText('发票抬头', { max: 100 }),
      taxId: pattern('纳税人识别号', /^[0-9A-Za-z]{15,20}$/, `纳税人识别号应为${TAX_ID_RULE_TEXT}`, { max: 20 })
        .transform((value) => value.toUpperCase())
        .refine(isTaxId, { error: `纳税人识别号校验不通过，请核对${TAX_ID_RULE_TEXT}` }),
      email: pattern('接收邮箱', /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{1,63}$/, '接收邮箱格式不正确', { max: 254 }),
      address: optionalText('注册地址', 100),
      phone: optionalText('注册电话', 30),
      bank: optionalText('开户银行', 60),
      bankAccount: optionalText('银行账号', 40),
    })
    .superRefine((body, context) => {
      if (body.kind !== 'special') return;
      const missing = ([['address', '注册地址'], ['phone', '注册电话'], ['bank', '开户银行'], ['bankAccount', '银行账号']] as const).filter(([key]) => !body[key]);
      if (missing.length) context.addIssue({ code: 'custom', path: [missing[0]![0]], message: `增值税专用发票请填写${missing.map(([, name]) => name).join('、')}` });
    }),
  answer: z.object({ invoice: invoiceRow }),
});

export const invoices = call({
  method: 'GET',
  path: '/mall/invoices',
  summary: '本连锁的发票申请记录',
  input: z.object({ page: integer('页码', { min: 1, max: 100_000 }).default(1), pageSize: integer('每页条数', { min: 1, max: 100 }).default(10) }),
  answer: z.object({ list: z.array(invoiceRow), total: z.number() }),
});

export const ledgerEntry = z.object({
  id: z.number(),
  /** + credit, − debit. */
  change: z.number(),
  balanceAfter: z.number(),
  reason: z.enum(['purchase', 'use', 'refund', 'grant', 'adjust']),
  reasonName: z.string(),
  /** What caused it, as the server keys it (order:<订单号>, sms:campaign:<id>, call:<id>…). */
  ref: z.string(),
  /** The same in words (订单 …, 短信群发「…」, 通话记录 #…), '' when the note says it all. */
  refName: z.string(),
  note: z.string(),
  createdAt: z.string(),
});

export const ledger = call({
  method: 'GET',
  path: '/mall/ledger',
  summary: '短信条数 / 通话分钟余额及每一笔变动（购买、使用、退回）',
  input: z.object({
    kind: oneOf('账户', LEDGER_KINDS),
    page: integer('页码', { min: 1, max: 100_000 }).default(1),
    pageSize: integer('每页条数', { min: 1, max: 100 }).default(10),
  }),
  answer: z.object({ balance: ledgerBalance, list: z.array(ledgerEntry), total: z.number() }),
});
