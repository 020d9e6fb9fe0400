/**
 * Issue 14 (商城): the ledger and the payment notifications, on the real server and database.
 *  - 1,000 concurrent debits of one SMS-credit ledger (each its own transaction: the balance row's
 *    `UPDATE … WHERE balance >= n` and an entry), started at once: throughput, and that the final
 *    balance and the entries are exact;
 *  - WeChat Pay notifications from the local peer (signed, AES-256-GCM encrypted), one after the
 *    other: verification, decryption, paying and fulfilling the order; then the same notifications
 *    replayed (verified, found paid, nothing changed). Timed from sending to the answer.
 *
 * BENCH_DEBITS=1000 BENCH_NOTIFICATIONS=200 npm run bench -- mall
 */
import { randomBytes } from 'node:crypto';
import { sql } from '../../server/src/db/database';
import { paymentGateway } from '../../server/src/providers/payment';
import { balanceOf, reserve } from '../../server/src/repositories/ledger';
import { setTestBalance } from '../support/ledger';
import { startTestServer } from '../support/server';
import { startWechatPayPeer } from '../support/wechat-pay-peer';
import { ms, percentile, table, writeSection } from './report';

const DEBITS = Number(process.env.BENCH_DEBITS ?? 1000);
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 200);

const wechat = await startWechatPayPeer();
const server = await startTestServer({ providers: { payment: paymentGateway({ wechat: wechat.settings, alipay: null }, { production: false }) } });
wechat.deliverTo = server.url;
try {
  // ---- ledger
  const chainId = 1;
  const start = DEBITS + 500;
  await setTestBalance(server.db, chainId, 'sms', start);
  const entriesBefore = (await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM ledger_entry WHERE chain_id = ${chainId} AND kind = 'sms'`))!.n;
  const began = performance.now();
  const results = await Promise.allSettled(Array.from({ length: DEBITS }, (_, index) => reserve(server.db, chainId, 'sms', 1, `bench:${index}`)));
  const seconds = (performance.now() - began) / 1000;
  const failed = results.filter((result) => result.status === 'rejected').length;
  const final = await balanceOf(server.db, chainId, 'sms');
  const entries = (await server.db.one<{ n: number; sum: number }>(sql`
    SELECT count(*)::int AS n, COALESCE(sum(change), 0)::int AS sum FROM ledger_entry WHERE chain_id = ${chainId} AND kind = 'sms' AND ref LIKE 'bench:%'`))!;
  const exact = failed === 0 && final === start - DEBITS && entries.n === DEBITS && entries.sum === -DEBITS;
  if (!exact) throw new Error(`ledger not exact: final ${final}, expected ${start - DEBITS}, failed ${failed}, entries ${entries.n} (${entriesBefore} before)`);

  // ---- notifications
  const admin = await server.loginToken('admin');
  const orderNos: string[] = [];
  for (let index = 0; index < NOTIFICATIONS; index++) {
    const made = await server.call<{ order: { id: number; orderNo: string } }>('POST', '/mall/order', { token: admin, body: { productCode: 'sms.1000', idempotencyKey: randomBytes(12).toString('hex') } });
    await server.call('POST', '/mall/order/pay', { token: admin, body: { id: made.data.order.id, channel: 'wechat' } });
    orderNos.push(made.data.order.orderNo);
  }
  const smsBefore = await balanceOf(server.db, chainId, 'sms');
  const prepared = orderNos.map((orderNo) => wechat.build(orderNo));
  const timeAll = async () => {
    const samples: number[] = [];
    for (const sent of prepared) {
      const t0 = performance.now();
      const answer = await wechat.send(sent);
      samples.push(performance.now() - t0);
      if (answer.status !== 204) throw new Error(`notification answered ${answer.status} ${answer.body}`);
    }
    return samples;
  };
  const first = await timeAll();
  const replayed = await timeAll();
  const credited = (await balanceOf(server.db, chainId, 'sms')) - smsBefore;
  if (credited !== NOTIFICATIONS * 1000) throw new Error(`credited ${credited}, expected ${NOTIFICATIONS * 1000}`);

  writeSection(`## Ledger debits and payment notifications (issue 14)

${DEBITS.toLocaleString('en-US')} debits of 1 SMS credit on one ledger, all started at once (each a transaction: the balance
row's \`UPDATE … SET balance = balance - 1 WHERE balance >= 1\` and its entry), on ${server.database}:

${table(['debits', 'seconds', 'debits / s', 'final balance', 'exact'], [[DEBITS, seconds.toFixed(2), Math.round(DEBITS / seconds), `${final} (from ${start})`, exact ? 'yes: balance, entry count and sum' : 'NO']])}

WeChat Pay notifications from the local peer (RSA-SHA256 signature verified, AES-256-GCM resource
decrypted, order paid and SMS credits added in one transaction), sent one after the other and
timed from sending to the 204; then the same ${NOTIFICATIONS} replayed (verified, found paid, nothing
added: ${credited.toLocaleString('en-US')} credits for ${NOTIFICATIONS} orders):

${table(['notifications', 'p50', 'p95', 'max'], [
  [`${NOTIFICATIONS} first deliveries`, ms(percentile(first, 50)), ms(percentile(first, 95)), ms(Math.max(...first))],
  [`${NOTIFICATIONS} replays`, ms(percentile(replayed, 50)), ms(percentile(replayed, 95)), ms(Math.max(...replayed))],
])}`);
} finally {
  await server.close();
  await wechat.close();
}
