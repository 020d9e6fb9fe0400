/**
 * 商城 (issue 14): catalogue, quotes, orders, payment codes, the development adapter's
 * 「模拟支付成功」, invoices and ledgers. Looking is open to every signed-in user; orders, invoices
 * and ledgers need 商城与续费 (permission 17); buying needs an admin at headquarters, who buys for
 * the whole chain. Payment notifications are in plugins/payment-notify.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { renderSVG } from 'uqr';
import { ApiError, Code } from '../http/envelope';
import { serve } from '../http/contract';
import * as calls from '../../../contracts/api/mall';
import { Permission } from '../../../contracts/permissions';
import { today as garageToday } from '../../../contracts/dates';
import {
  ADD_ONS,
  EDITIONS,
  FEATURE_MATRIX,
  GRACE_DAYS,
  ORDER_KIND_NAMES,
  ORDER_STATUS_NAMES,
  PACKAGES,
  PAY_CHANNEL_NAMES,
  PAY_CHANNELS,
  QuoteRefusal,
  type PayChannel,
  UNPAID_ORDER_MINUTES,
} from '../../../contracts/rules/mall';
import { hasPermission } from '../auth/context';
import * as repo from '../repositories/mall';
import { ledgerEntries, balanceOf } from '../repositories/ledger';
import { LEDGER_NAMES, LEDGER_UNITS } from '../../../contracts/rules/mall';
import { PaymentUnavailable, type PaymentAdapter } from '../providers/payment';
import { refundUnneededPayments } from '../payment-refunds';
import { isDevelopmentAdapter } from '../production';
import type { Host } from './index';
import { settingOf as smsSettingOf } from '../sms/campaign';

export const hosts: Host[] = ['main'];

const MALL = { config: { permission: Permission.mall } };
const NOT_FOUND = '订单不存在';
/** How often the periodic sweep cancels unpaid orders past their time (reads do it lazily too). */
const SWEEP_MS = 5 * 60_000;

/** Why the caller may not buy, or null. */
function cannotBuy(request: FastifyRequest): string | null {
  if (!request.auth.isAdmin || !hasPermission(request.auth, Permission.mall)) return '仅管理员可以购买和续费，请联系本连锁的管理员';
  if (!request.auth.garage.isHq) return '请切换到总部后购买：总部为全部门店统一购买和续费';
  return null;
}

function buyerOf(request: FastifyRequest): repo.Buyer {
  const reason = cannotBuy(request);
  if (reason) throw new ApiError(Code.forbidden, reason);
  return { chainId: request.auth.chainId, userId: request.auth.userId, name: request.auth.nickName, address: request.ip };
}

function refusal(error: unknown): never {
  if (error instanceof QuoteRefusal || error instanceof repo.OrderRefusal) throw new ApiError(Code.badInput, error.message);
  throw error;
}

export default async function mallRoutes(app: FastifyInstance): Promise<void> {
  const today = () => garageToday(app.config.timeZone);
  const gateway = () => app.providers.payment;
  const offered = () => PAY_CHANNELS.filter((channel) => gateway().adapters[channel]);

  serve(app, calls.catalogue, async (_input, request) => {
    const reason = cannotBuy(request);
    return {
      editions: EDITIONS.map((edition) => ({ ...edition })),
      features: FEATURE_MATRIX.map((row) => ({ ...row, editions: { ...row.editions } })),
      addOns: ADD_ONS.map((addOn) => ({ ...addOn, points: [...addOn.points] })),
      packages: PACKAGES.map((item) => ({ ...item })),
      current: await repo.currentOf(app.db, request.auth.chainId, today()),
      smsSignature: (await smsSettingOf(app.db, request.auth.chainId))?.signature ?? '',
      canBuy: reason === null,
      cannotBuyReason: reason,
      channels: offered().map((code) => ({ code, name: PAY_CHANNEL_NAMES[code], demo: isDevelopmentAdapter(gateway().adapters[code]!) })),
      graceDays: GRACE_DAYS,
      unpaidOrderMinutes: UNPAID_ORDER_MINUTES,
      today: today(),
    };
  });

  serve(app, calls.quote, async ({ productCode, years, quantity }, request) => {
    const priced = await repo.quoteFor(app.db, request.auth.chainId, today(), productCode, years, quantity).catch(refusal);
    return { ...priced, kindName: ORDER_KIND_NAMES[priced.kind] };
  });

  serve(app, calls.createOrder, MALL, async (input, request) => {
    const buyer = buyerOf(request);
    const { order } = await repo.createOrder(app.db, buyer, today(), input).catch(refusal);
    return { order };
  });

  /** A call to a channel's provider; its refusal reaches the buyer in Chinese, its detail the log. */
  async function providerCall<T>(request: FastifyRequest, channel: PayChannel, orderNo: string, work: (adapter: PaymentAdapter) => Promise<T>): Promise<T> {
    const adapter = gateway().adapters[channel];
    if (!adapter) throw new ApiError(Code.unavailable, `暂未开通${PAY_CHANNEL_NAMES[channel]}，请稍后再试`);
    try {
      return await work(adapter);
    } catch (error) {
      if (!(error instanceof PaymentUnavailable)) throw error;
      request.log.warn({ channel, orderNo, detail: error.detail }, 'payment provider refused');
      throw new ApiError(Code.unavailable, error.message);
    }
  }

  const orderOf = async (request: FastifyRequest, id: number) => {
    const row = await repo.findOrder(app.db, request.auth.chainId, id);
    if (!row) throw new ApiError(Code.notFound, NOT_FOUND);
    return row;
  };

  serve(app, calls.orderDetail, MALL, async ({ id }, request) => ({ order: repo.orderView(await orderOf(request, id)) }));

  serve(app, calls.orderStatus, MALL, async ({ id }, request) => {
    const order = await orderOf(request, id);
    return { id: order.id, status: order.status, statusName: ORDER_STATUS_NAMES[order.status], paidAt: order.paid_at, payBefore: order.pay_before };
  });

  serve(app, calls.payOrder, MALL, async ({ id, channel }, request) => {
    buyerOf(request);
    const order = await orderOf(request, id);
    if (order.status !== 'pending') {
      throw new ApiError(Code.conflict, order.status === 'cancelled' ? `订单${order.cancel_reason === 'expired' ? '已超时取消' : '已取消'}，请重新下单` : `订单${ORDER_STATUS_NAMES[order.status]}，无需再次支付`);
    }
    const adapter = gateway().adapters[channel];
    if (!adapter) throw new ApiError(Code.unavailable, `暂未开通${PAY_CHANNEL_NAMES[channel]}，请选择其他支付方式`);
    if (order.closed_channels.includes(channel)) {
      throw new ApiError(Code.conflict, `本订单的${PAY_CHANNEL_NAMES[channel]}二维码已关闭，请选择其他支付方式，或取消后重新下单`);
    }
    // One open code per order (issue 31): the code of the channel chosen before is closed first,
    // and only then may another channel's code be made. A payment through a closed code is given
    // back, never taken as the order's (repo.markPaid).
    const previous = order.channel;
    if (previous && previous !== channel && gateway().adapters[previous]) await providerCall(request, previous, order.order_no, (other) => other.close(order.order_no));
    if (!(await repo.chooseChannel(app.db, request.auth.chainId, id, previous, channel))) throw new ApiError(Code.conflict, '订单的支付方式刚刚有变化，请刷新后重试');
    const code = await providerCall(request, channel, order.order_no, () =>
      adapter.precreate({ orderNo: order.order_no, amountFen: order.amount_fen, description: `门店管家-${order.product_name}`, payBefore: new Date(order.pay_before) }),
    );
    return {
      id,
      channel,
      channelName: PAY_CHANNEL_NAMES[channel],
      amountFen: order.amount_fen,
      codeUrl: code.codeUrl,
      qrSvg: code.codeUrl ? renderSVG(code.codeUrl, { border: 2 }) : null,
      simulate: code.simulate,
      payBefore: order.pay_before,
    };
  });

  serve(app, calls.simulatePaid, MALL, async ({ id }, request) => {
    buyerOf(request);
    if (!gateway().development) throw new ApiError(Code.forbidden, '模拟支付仅用于开发环境，生产环境请使用微信支付或支付宝');
    const order = await orderOf(request, id);
    if (order.status === 'cancelled') throw new ApiError(Code.conflict, '订单已取消，请重新下单');
    if (order.status !== 'pending') return { order: repo.orderView(order) };
    const paid = await repo.markPaid(
      app.db,
      { orderNo: order.order_no, amountFen: order.amount_fen, channel: order.channel ?? 'dev', reference: `DEV-${order.order_no}`, paidAt: new Date(), via: '模拟支付' },
      today(),
    );
    if (!paid.order) throw new ApiError(Code.conflict, '订单状态已变化，请刷新');
    return { order: paid.order };
  });

  serve(app, calls.cancelOrder, MALL, async ({ id }, request) => {
    const buyer = buyerOf(request);
    const result = await repo.cancelOrder(app.db, buyer, id);
    if (result === 'not_found') throw new ApiError(Code.notFound, NOT_FOUND);
    if (typeof result === 'string') throw new ApiError(Code.conflict, `订单${ORDER_STATUS_NAMES[result]}，不能取消`);
    // Close the payment code too, so a late scan cannot pay the cancelled order. If the provider
    // cannot close it now, a payment through it is given back all the same (repo.markPaid).
    const adapter = result.channel ? gateway().adapters[result.channel] : undefined;
    await adapter?.close(result.orderNo).catch((error: unknown) => request.log.warn({ err: error, orderNo: result.orderNo }, 'closing the payment code of a cancelled order failed'));
    return { order: result };
  });

  serve(app, calls.orderHistory, MALL, async ({ status, page, pageSize }, request) => repo.listOrders(app.db, request.auth.chainId, status, page, pageSize));

  serve(app, calls.requestInvoice, MALL, async (input, request) => {
    const buyer = buyerOf(request);
    const result = await repo.requestInvoice(app.db, buyer, input);
    if (result === 'not_found') throw new ApiError(Code.notFound, NOT_FOUND);
    if (result === 'not_paid') throw new ApiError(Code.conflict, '订单开通后才能申请发票');
    if (result === 'duplicate') throw new ApiError(Code.conflict, '该订单已申请过发票');
    return { invoice: result };
  });

  serve(app, calls.invoices, MALL, async ({ page, pageSize }, request) => repo.listInvoices(app.db, request.auth.chainId, page, pageSize));

  serve(app, calls.ledger, MALL, async ({ kind, page, pageSize }, request) => {
    const chainId = request.auth.chainId;
    const entries = await ledgerEntries(app.db, chainId, kind, page, pageSize);
    return { balance: { kind, name: LEDGER_NAMES[kind], unit: LEDGER_UNITS[kind], balance: await balanceOf(app.db, chainId, kind) }, ...entries };
  });

  // The periodic sweep: unpaid orders past their time become 已取消 even if nobody reads them, and
  // refunds of unneeded payments that failed are tried again.
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (!app.config.dailyJobs) return;
    timer = setInterval(() => {
      repo.expireUnpaid(app.db).catch((error: unknown) => app.log.error({ err: error }, '商城：超时订单取消失败'));
      refundUnneededPayments(app.db, gateway(), app.log).catch((error: unknown) => app.log.error({ err: error }, '商城：多余付款退款失败'));
    }, SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
