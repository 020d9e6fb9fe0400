/**
 * Giving back the payments an order did not need (issue 31): markPaid records them, this sends
 * each through its own channel's refund call, right after the notification was answered and again
 * from the mall's periodic sweep until the provider accepts it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/database';
import { PaymentUnavailable, type PaymentGateway } from './providers/payment';
import { refundSettled, takeDueRefunds } from './repositories/mall';

/**
 * Gives back the unneeded payments that are due, each with our refund number, so a retry refunds
 * once. A failure stays recorded (last_error) and is tried again later.
 */
export async function refundUnneededPayments(db: Database, gateway: PaymentGateway, log: FastifyBaseLogger): Promise<void> {
  for (const due of await takeDueRefunds(db)) {
    const adapter = gateway.adapters[due.channel];
    let error: string | null = null;
    try {
      if (!adapter) throw new Error('未配置该支付方式');
      await adapter.refund({ orderNo: due.orderNo, reference: due.reference, amountFen: due.amountFen, refundNo: `${due.orderNo}R${due.id}`, reason: due.reason });
    } catch (failure) {
      error = failure instanceof PaymentUnavailable ? `${failure.message} ${failure.detail}` : String(failure);
      log.error({ refund: due, error }, 'refunding an unneeded payment failed; it is tried again later');
    }
    await refundSettled(db, due.id, error);
  }
}
