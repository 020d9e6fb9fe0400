/**
 * Answers of 商城 in the shape of contracts/api/mall.ts, on top of the customer fixture (session,
 * stores…), so the <garage-mall> stories run without a server. Prices come from the contract's
 * rules (the same catalogue and quote() the server uses); an order made here waits for 「模拟支付成功」
 * and then credits this fixture's ledger, so the whole checkout can be clicked through.
 */
import { encryptText } from '../widgets/core/crypto/cipher';
import {
  ADD_ONS, CANCEL_REASON_NAMES, EDITIONS, FEATURE_MATRIX, GRACE_DAYS, ORDER_KIND_NAMES, ORDER_STATUS_NAMES, PACKAGES, PAY_CHANNEL_NAMES,
  UNPAID_ORDER_MINUTES, ENTITLEMENT_STATE_NAMES, quote, type EntitlementState, type OrderStatus, type PayChannel,
} from '../contracts/rules/mall';
import { installCustomerFixture } from './customer-fixtures';

const TODAY = '2026-11-23';

export interface MallFixtureOptions {
  /** The edition's state: running (default), in its read-only grace period, or locked. */
  edition?: EntitlementState;
  /** A store manager: sees prices, may not buy. */
  canBuy?: boolean;
}

function order(id: number, fields: { productCode: string; status: OrderStatus; createdAt: string; years?: number; quantity?: number; cancelReason?: string | null; invoiced?: boolean }) {
  const holding = { edition: { code: 'pro' as const, expiresOn: '2027-03-31' }, addOns: {}, storeCount: 3 };
  const priced = quote(fields.productCode, holding, TODAY, { years: fields.years ?? 1, quantity: fields.quantity ?? 1 });
  return {
    id, orderNo: `GS20261${String(100 + id).padStart(9, '0')}`, ...priced, kindName: ORDER_KIND_NAMES[priced.kind],
    status: fields.status, statusName: ORDER_STATUS_NAMES[fields.status], channel: 'wechat' as PayChannel, channelName: PAY_CHANNEL_NAMES.wechat,
    createdAt: fields.createdAt, createdBy: '陈总', payBefore: fields.createdAt, paidAt: null, fulfilledAt: null,
    cancelledAt: fields.status === 'cancelled' ? fields.createdAt : null, cancelReason: fields.cancelReason ?? null, refundedAt: null, invoiced: fields.invoiced ?? false,
  };
}

export function installMallFixture(options: MallFixtureOptions = {}) {
  const removeCustomer = installCustomerFixture();
  const customerFetch = window.fetch;
  const state = options.edition ?? 'active';
  const expiresOn = state === 'active' ? '2027-03-31' : state === 'grace' ? '2026-11-15' : '2026-09-30';
  const ledgers = { sms: 3_260, minutes: 840 };
  const orders = [
    order(4, { productCode: 'sms.5000', status: 'fulfilled', createdAt: '2026-11-02T02:15:00.000Z' }),
    order(3, { productCode: 'minutes.500', status: 'cancelled', createdAt: '2026-10-20T06:40:00.000Z', cancelReason: CANCEL_REASON_NAMES.expired }),
    order(2, { productCode: 'addon.wecom', status: 'fulfilled', createdAt: '2026-04-01T03:00:00.000Z', invoiced: true }),
    order(1, { productCode: 'edition.pro', status: 'fulfilled', createdAt: '2026-03-28T01:30:00.000Z' }),
  ];
  const holding = () => ({ edition: { code: 'pro' as const, expiresOn }, addOns: { wecom: '2027-03-31' }, storeCount: 3 });
  const current = () => ({
    edition: { code: 'pro', name: '专业版', expiresOn, state, stateName: ENTITLEMENT_STATE_NAMES[state], graceEndsOn: '2026-11-30', daysLeft: state === 'active' ? 129 : 0 },
    storeCount: 3,
    addOns: [
      { code: 'wecom', name: '企业微信', expiresOn: '2027-03-31', state: 'active', stateName: ENTITLEMENT_STATE_NAMES.active },
      { code: 'web_phone', name: '网络电话', expiresOn: '2026-10-31', state: 'locked', stateName: ENTITLEMENT_STATE_NAMES.locked },
    ],
    ledgers: [
      { kind: 'sms', name: '短信条数', unit: '条', balance: ledgers.sms },
      { kind: 'minutes', name: '通话分钟', unit: '分钟', balance: ledgers.minutes },
    ],
  });

  const answer = (path: string, params: URLSearchParams, body: Record<string, unknown>): unknown => {
    const find = (id: unknown) => orders.find((each) => each.id === Number(id));
    switch (path) {
      case '/mall/catalogue':
        return {
          editions: EDITIONS, features: FEATURE_MATRIX, addOns: ADD_ONS, packages: PACKAGES, current: current(), smsSignature: '【安途汽车】',
          canBuy: options.canBuy ?? true, cannotBuyReason: options.canBuy === false ? '只有总部管理员可以购买，总部为各门店统一购买。请联系 陈总。' : null,
          channels: [{ code: 'wechat', name: '微信支付', demo: false }, { code: 'alipay', name: '支付宝', demo: false }],
          graceDays: GRACE_DAYS, unpaidOrderMinutes: UNPAID_ORDER_MINUTES, today: TODAY,
        };
      case '/mall/quote': {
        const priced = quote(params.get('productCode') ?? '', holding(), TODAY, { years: Number(params.get('years') ?? 1), quantity: Number(params.get('quantity') ?? 1) });
        return { ...priced, kindName: ORDER_KIND_NAMES[priced.kind] };
      }
      case '/mall/order': {
        if (params.has('id')) return { order: find(params.get('id')) };
        const made = order(orders.length + 1, { productCode: String(body.productCode), years: Number(body.years ?? 1), quantity: Number(body.quantity ?? 1), status: 'pending', createdAt: new Date().toISOString() });
        made.payBefore = new Date(Date.now() + UNPAID_ORDER_MINUTES * 60_000).toISOString();
        orders.unshift(made);
        return { order: made };
      }
      case '/mall/order/pay': {
        const paying = find(body.id)!;
        return { id: paying.id, channel: body.channel, channelName: PAY_CHANNEL_NAMES[body.channel as PayChannel], amountFen: paying.amountFen,
          codeUrl: `weixin://wxpay/bizpayurl?pr=story${paying.id}`, qrSvg: null, simulate: true, payBefore: paying.payBefore };
      }
      case '/mall/order/status': {
        const polled = find(params.get('id'))!;
        return { id: polled.id, status: polled.status, statusName: polled.statusName, paidAt: polled.paidAt, payBefore: polled.payBefore };
      }
      case '/mall/order/simulate-paid': {
        const paid = find(body.id)!;
        Object.assign(paid, { status: 'fulfilled', statusName: ORDER_STATUS_NAMES.fulfilled });
        if (paid.ledger) ledgers[paid.ledger] += paid.ledgerAmount;
        return { order: paid };
      }
      case '/mall/order/cancel': {
        const cancelled = find(body.id)!;
        Object.assign(cancelled, { status: 'cancelled', statusName: ORDER_STATUS_NAMES.cancelled, cancelReason: CANCEL_REASON_NAMES.buyer });
        return { order: cancelled };
      }
      case '/mall/orders':
        return { list: orders, total: orders.length };
      case '/mall/invoice':
        return { invoice: { id: 1, orderId: body.orderId, orderNo: find(body.orderId)?.orderNo, kind: body.kind, kindName: '', title: body.title, taxId: body.taxId, amountFen: 0, email: body.email, status: 'requested', statusName: '已申请', createdAt: new Date().toISOString() } };
      default:
        return null;
    }
  };

  window.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
    if (!url.pathname.startsWith('/api/mall/')) return customerFetch(input, init);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    } catch {
      /* no body */
    }
    const data = answer(url.pathname.slice(4), url.searchParams, body);
    return new Response(encryptText(JSON.stringify({ code: 0, msg: 'ok', data })), { status: 200, headers: { 'Content-Type': 'text/plain' } });
  };
  return () => {
    window.fetch = customerFetch;
    removeCustomer();
  };
}
