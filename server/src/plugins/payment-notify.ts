/**
 * Payment notifications (支付结果通知), outside the API envelope and without login:
 *
 *   POST /api/mall/notify/wechat   WeChat Pay v3: JSON, signed headers, encrypted resource.
 *                                  Answers 204 (received) or 4xx/5xx {"code":"FAIL","message":"…"}.
 *   POST /api/mall/notify/alipay   Alipay: form fields signed RSA2. Answers the text `success` or `failure`.
 *
 * The body is kept as received (signatures are over its bytes) and trusted only after the
 * adapter verified it. The amount must be the order's; the order is paid and fulfilled once
 * however often the notification repeats (markPaid locks the order). A payment the order did not
 * need (a second channel, an order already paid or cancelled) is recorded and given back through
 * the provider's refund call right after the answer, retried by the mall's sweep until accepted.
 * Providers repeat until they read a success, so a payment already paid or recorded for refunding
 * answers success, and a refusal answers failure.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { today } from '../../../contracts/dates';
import type { PayChannel } from '../../../contracts/rules/mall';
import { PAY_CHANNEL_NAMES } from '../../../contracts/rules/mall';
import { logPaymentEvent, markPaid } from '../repositories/mall';
import { refundUnneededPayments } from '../payment-refunds';
import { isDevelopmentAdapter } from '../production';

type Outcome = { ok: true } | { ok: false; status: number; reason: string };

export default async function paymentNotify(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  // The refunds started after answering a notification; closing the app waits for them.
  let refunding: Promise<void> = Promise.resolve();
  const refundSoon = (log: FastifyBaseLogger) => {
    refunding = refunding.then(() => refundUnneededPayments(app.db, app.providers.payment, log)).catch((error: unknown) => log.error({ err: error }, 'refunding failed'));
  };
  app.addHook('onClose', async () => refunding);

  async function handle(channel: PayChannel, request: FastifyRequest): Promise<Outcome> {
    const adapter = app.providers.payment.adapters[channel];
    if (!adapter || isDevelopmentAdapter(adapter)) return { ok: false, status: 404, reason: '未配置该支付方式' };
    const body = typeof request.body === 'string' ? request.body : '';
    const verified = adapter.verifyNotification({ headers: request.headers, body });
    if (!verified.ok) {
      request.log.warn({ channel, reason: verified.reason }, 'payment notification refused');
      await logPaymentEvent(app.db, channel, '', '', `refused: ${verified.reason}`);
      return { ok: false, status: 401, reason: verified.reason };
    }
    if (!verified.notice) {
      // WAIT_BUYER_PAY, TRADE_CLOSED, a refund event…: never undoes a payment; nothing to do.
      await logPaymentEvent(app.db, channel, verified.eventId, '', `ignored: ${verified.state}`);
      return { ok: true };
    }
    const { notice } = verified;
    const paid = await markPaid(app.db, { ...notice, channel, via: `${PAY_CHANNEL_NAMES[channel]}通知` }, today(app.config.timeZone));
    await logPaymentEvent(app.db, channel, verified.eventId, notice.orderNo, paid.outcome);
    if (paid.outcome === 'to_refund') {
      request.log.warn({ channel, orderNo: notice.orderNo, reference: notice.reference }, 'payment not needed by its order: refunding it');
      refundSoon(request.log);
    }
    if (paid.outcome === 'fulfilled' || paid.outcome === 'already' || paid.outcome === 'to_refund') return { ok: true };
    request.log.error({ channel, orderNo: notice.orderNo, outcome: paid.outcome, amountFen: notice.amountFen }, 'payment notification not applied');
    return { ok: false, status: 400, reason: paid.outcome === 'amount_mismatch' ? '金额与订单不符' : '订单不存在' };
  }

  const failed = (reply: FastifyReply, error: unknown) => {
    reply.log.error({ err: error }, 'payment notification failed');
    return { ok: false, status: 500, reason: '处理失败' } as Outcome;
  };

  app.post('/wechat', async (request, reply) => {
    const outcome = await handle('wechat', request).catch((error: unknown) => failed(reply, error));
    if (outcome.ok) return reply.status(204).send();
    return reply.status(outcome.status).type('application/json; charset=utf-8').send(JSON.stringify({ code: 'FAIL', message: outcome.reason }));
  });

  app.post('/alipay', async (request, reply) => {
    const outcome = await handle('alipay', request).catch((error: unknown) => failed(reply, error));
    return reply.status(200).type('text/plain; charset=utf-8').send(outcome.ok ? 'success' : 'failure');
  });
}
