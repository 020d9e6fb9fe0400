/**
 * 商城 over real HTTP, with local WeChat Pay and Alipay peers that check our signatures and send
 * signed (or forged) notifications: prices and idempotent orders, the state machine, payment
 * codes, notifications forged, replayed and out of order, unpaid expiry, fulfilment into
 * garage_module and the ledgers, entitlements on guarded routes, the edition's grace period,
 * invoices, tenancy, and the ledger under concurrent debits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { AnswerOf } from '../../../contracts/api/route';
import type * as mall from '../../../contracts/api/mall';
import { addDays, addMonths, today as garageToday } from '../../../contracts/dates';
import { editionOf, EDITIONS, proRatedUpgradeFen, renewedUntil } from '../../../contracts/rules/mall';
import { sql } from '../db/database';
import { paymentGateway } from '../providers/payment';
import { developmentProviders } from '../production';
import { adjustBalance, balanceOf, charge, InsufficientBalance, LedgerAdjustmentsOff, refund, reserve } from '../repositories/ledger';
import { setTestBalance } from '../../../tests/support/ledger';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { startWechatPayPeer, type WechatPayPeer } from '../../../tests/support/wechat-pay-peer';
import { startAlipayPeer, type AlipayPeer } from '../../../tests/support/alipay-peer';
import { upload, utf8BomCsv } from '../../../tests/support/import-files';

type Catalogue = AnswerOf<typeof mall.catalogue>;
type Order = AnswerOf<typeof mall.orderDetail>['order'];
type Pay = AnswerOf<typeof mall.payOrder>;

let server: TestServer;
let wechat: WechatPayPeer;
let alipay: AlipayPeer;
const tokens: Record<string, string> = {};
const today = garageToday();

beforeAll(async () => {
  [wechat, alipay] = await Promise.all([startWechatPayPeer(), startAlipayPeer()]);
  server = await startTestServer({ providers: { payment: paymentGateway({ wechat: wechat.settings, alipay: alipay.settings }, { production: false }) } });
  wechat.deliverTo = server.url;
  alipay.deliverTo = server.url;
  for (const name of ['admin', 'manager', 'frontdesk', 'hx-admin', 'hx-manager']) tokens[name] = await server.loginToken(name);
});
afterAll(async () => {
  await server?.close();
  await wechat?.close();
  await alipay?.close();
});

const key = () => randomBytes(12).toString('hex');

async function ok<T>(method: string, path: string, token: string, body?: object): Promise<T> {
  const answer = await server.call<T>(method, path, { token, ...(method === 'GET' ? { query: body as Record<string, string> } : { body }) });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
}
const catalogue = (token = tokens.admin!) => ok<Catalogue>('GET', '/mall/catalogue', token);
const order = async (productCode: string, extra: object = {}, token = tokens.admin!) =>
  (await ok<{ order: Order }>('POST', '/mall/order', token, { productCode, idempotencyKey: key(), ...extra })).order;
const detail = async (id: number, token = tokens.admin!) => (await ok<{ order: Order }>('GET', '/mall/order', token, { id })).order;
const pay = (id: number, channel: string, token = tokens.admin!) => ok<Pay>('POST', '/mall/order/pay', token, { id, channel });
const balances = async (token = tokens.admin!) => Object.fromEntries((await catalogue(token)).current.ledgers.map((ledger) => [ledger.kind, ledger.balance]));
/** A refund is sent after the notification is answered: RSA signing and the peer's answer take a while on a loaded machine. */
const REFUNDED = { timeout: 15_000 };
/** The unneeded payments recorded for an order, and whether each was given back. */
const refundsOf = (orderId: number) => server.db.rows<{ channel: string; why: string; state: string; amountFen: number }>(sql`
  SELECT channel, why, state, amount_fen AS "amountFen" FROM mall_payment_refund WHERE order_id = ${orderId} ORDER BY id`);
const moduleOf = (chainId: number, code: string) => server.db.one<{ plan: string | null; expiresAt: string | null; enabled: boolean }>(sql`
  SELECT plan, enabled, expires_at AS "expiresAt" FROM garage_module WHERE chain_id = ${chainId} AND code = ${code}`);

describe('catalogue and prices', () => {
  it('shows the chain its edition, stores, add-ons and balances, and who may buy', async () => {
    const mine = await catalogue();
    expect(mine.current.edition).toMatchObject({ code: 'flagship', name: '旗舰版', state: 'active', stateName: '使用中' });
    expect(mine.current.storeCount).toBe(3);
    expect(mine.current.addOns.find((addOn) => addOn.code === 'web_phone')).toMatchObject({ state: 'active' });
    expect(mine.current.addOns.find((addOn) => addOn.code === 'customer_analysis')).toMatchObject({ state: 'active', stateName: '使用中' });
    expect(mine.canBuy).toBe(true);
    expect(mine.channels.map((channel) => channel.code)).toEqual(['wechat', 'alipay', 'dev']);
    // The merchants' channels are real; only the simulation is 演示 (production has none).
    expect(mine.channels.map((channel) => channel.demo)).toEqual([false, false, true]);
    expect(mine.editions.map((edition) => edition.name)).toEqual(['基础版', '专业版', '旗舰版']);

    const theirs = await catalogue(tokens['hx-admin']);
    expect(theirs.current.edition).toMatchObject({ code: 'basic', name: '基础版' });
    expect(theirs.current.storeCount).toBe(2);
    expect(theirs.current.addOns.find((addOn) => addOn.code === 'web_phone')?.state).toBe('none');
    expect(theirs.current.addOns.find((addOn) => addOn.code === 'customer_analysis')).toMatchObject({ state: 'none', stateName: '未开通' });

    // A store manager holds 商城与续费 but is no admin; front desk staff may look at the catalogue too.
    expect(await catalogue(tokens.manager)).toMatchObject({ canBuy: false, cannotBuyReason: '仅管理员可以购买和续费，请联系本连锁的管理员' });
    expect((await catalogue(tokens.frontdesk)).canBuy).toBe(false);
  });

  it('prices renewals per store and year, upgrades pro rata, and refuses a downgrade and nonsense in Chinese', async () => {
    const expiresOn = (await catalogue()).current.edition!.expiresOn;
    const renew = await ok<AnswerOf<typeof mall.quote>>('GET', '/mall/quote', tokens.admin!, { productCode: 'edition.flagship', years: '2' });
    expect(renew).toMatchObject({ kind: 'renew', kindName: '续费', amountFen: 698_000 * 3 * 2, effectiveUntil: renewedUntil(expiresOn, today, 2) });
    // 华星 (基础版, 2 stores) upgrading to 旗舰版.
    const theirs = (await catalogue(tokens['hx-admin'])).current.edition!.expiresOn;
    const upgrade = await ok<AnswerOf<typeof mall.quote>>('GET', '/mall/quote', tokens['hx-admin']!, { productCode: 'edition.flagship' });
    expect(upgrade).toMatchObject({ kind: 'upgrade', effectiveUntil: theirs, amountFen: proRatedUpgradeFen(198_000, 698_000, 2, today, theirs) });
    expect(Number.isInteger(upgrade.amountFen)).toBe(true);

    const refusals: [Record<string, string>, string][] = [
      [{ productCode: 'edition.basic' }, '当前为旗舰版，有效期内不能降级；可在到期后续费时选择基础版'],
      [{ productCode: 'sms.7' }, '没有这个商品'],
      [{ productCode: 'edition.pro', years: '4' }, '购买年限不能超过 3 年'],
      [{ productCode: 'sms.1000', quantity: '1.5' }, '购买数量必须是整数'],
      [{ productCode: '<script>' }, '没有这个商品'],
    ];
    for (const [query, msg] of refusals) expect(await server.call('GET', '/mall/quote', { token: tokens.admin, query })).toMatchObject({ code: 400, msg });
  });
});

describe('orders', () => {
  it('makes one order however often the same purchase is sent (a double click), with the price snapshot in fen', async () => {
    const idempotencyKey = key();
    const body = { productCode: 'sms.1000', quantity: 2, idempotencyKey };
    const answers = await Promise.all(Array.from({ length: 5 }, () => server.call<{ order: Order }>('POST', '/mall/order', { token: tokens.admin, body })));
    expect(answers.every((answer) => answer.code === 0)).toBe(true);
    expect(new Set(answers.map((answer) => answer.data.order.id)).size).toBe(1);
    const made = answers[0]!.data.order;
    expect(made).toMatchObject({ status: 'pending', statusName: '待支付', amountFen: 14_000, ledger: 'sms', ledgerAmount: 2_000, createdBy: '陈总' });
    const rows = await server.db.rows(sql`SELECT id FROM mall_order WHERE idempotency_key = ${idempotencyKey}`);
    expect(rows).toHaveLength(1);
    // The same key for another purchase is refused instead of answering the wrong order.
    expect(await server.call('POST', '/mall/order', { token: tokens.admin, body: { ...body, quantity: 3 } })).toMatchObject({ code: 400, msg: '该幂等键已用于另一笔订单，请刷新页面后重新下单' });
    // Audit log: who ordered what.
    const audit = await server.db.one<{ actor_name: string }>(sql`SELECT actor_name FROM audit_log WHERE action = 'mall.order' AND target_id = ${made.id}`);
    expect(audit?.actor_name).toBe('陈总');
  });

  it('lets only a headquarters admin buy; others are refused in Chinese and nothing is stored', async () => {
    const before = await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM mall_order`);
    expect(await server.call('POST', '/mall/order', { token: tokens.manager, body: { productCode: 'sms.1000', idempotencyKey: key() } })).toMatchObject({
      code: 403,
      msg: '仅管理员可以购买和续费，请联系本连锁的管理员',
    });
    expect(await server.call('POST', '/mall/order', { token: tokens.frontdesk, body: { productCode: 'sms.1000', idempotencyKey: key() } })).toMatchObject({ code: 403, msg: '没有权限执行此操作' });
    expect(await server.call('POST', '/mall/order', { token: tokens.admin, body: { productCode: 'sms.1000', idempotencyKey: 'short' } })).toMatchObject({ code: 400, msg: '幂等键格式不正确' });
    expect(await server.call('POST', '/mall/order', { token: tokens.admin, body: { productCode: 'sms.1000' } })).toMatchObject({ code: 400, msg: '请填写幂等键' });
    expect((await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM mall_order`))?.n).toBe(before?.n);
  });

  it('never shows, pays, cancels or invoices another chain’s order: it is not found', async () => {
    const mine = await order('sms.1000');
    const refused = { code: 404, msg: '订单不存在' };
    const hx = tokens['hx-admin'];
    expect(await server.call('GET', '/mall/order', { token: hx, query: { id: mine.id } })).toMatchObject(refused);
    expect(await server.call('GET', '/mall/order/status', { token: hx, query: { id: mine.id } })).toMatchObject(refused);
    expect(await server.call('POST', '/mall/order/pay', { token: hx, body: { id: mine.id, channel: 'dev' } })).toMatchObject(refused);
    expect(await server.call('POST', '/mall/order/simulate-paid', { token: hx, body: { id: mine.id } })).toMatchObject(refused);
    expect(await server.call('POST', '/mall/order/cancel', { token: hx, body: { id: mine.id } })).toMatchObject(refused);
    const history = await ok<{ list: Order[] }>('GET', '/mall/orders', hx, { pageSize: '100' });
    expect(history.list.map((row) => row.id)).not.toContain(mine.id);
    expect((await detail(mine.id)).status).toBe('pending');
  });

  it('cancels an unpaid order once; a cancelled order cannot be paid', async () => {
    const made = await order('minutes.500');
    const cancelled = (await ok<{ order: Order }>('POST', '/mall/order/cancel', tokens.admin!, { id: made.id })).order;
    expect(cancelled).toMatchObject({ status: 'cancelled', statusName: '已取消', cancelReason: '已手动取消' });
    expect(await server.call('POST', '/mall/order/cancel', { token: tokens.admin, body: { id: made.id } })).toMatchObject({ code: 409, msg: '订单已取消，不能取消' });
    expect(await server.call('POST', '/mall/order/pay', { token: tokens.admin, body: { id: made.id, channel: 'wechat' } })).toMatchObject({ code: 409, msg: '订单已取消，请重新下单' });
  });

  it('cancels unpaid orders past their time when read, with the reason', async () => {
    const made = await order('sms.1000');
    await server.db.run(sql`UPDATE mall_order SET pay_before = now() - interval '1 minute' WHERE id = ${made.id}`);
    expect(await detail(made.id)).toMatchObject({ status: 'cancelled', cancelReason: '超时未支付，已自动取消' });
    expect(await server.call('POST', '/mall/order/pay', { token: tokens.admin, body: { id: made.id, channel: 'dev' } })).toMatchObject({ code: 409, msg: '订单已超时取消，请重新下单' });
  });
});

describe('the development adapter', () => {
  it('buys an SMS package with 模拟支付成功: the credits arrive once, however often it is pressed', async () => {
    const before = await balances();
    const made = await order('sms.5000');
    const code = await pay(made.id, 'dev');
    expect(code).toMatchObject({ simulate: true, codeUrl: null, amountFen: 32_500 });
    const presses = await Promise.all([1, 2, 3].map(() => server.call<{ order: Order }>('POST', '/mall/order/simulate-paid', { token: tokens.admin, body: { id: made.id } })));
    expect(presses.every((press) => press.code === 0 && press.data.order.status === 'fulfilled')).toBe(true);
    expect((await balances()).sms).toBe(before.sms! + 5_000);
    const ledger = await ok<AnswerOf<typeof mall.ledger>>('GET', '/mall/ledger', tokens.admin!, { kind: 'sms' });
    expect(ledger.list[0]).toMatchObject({ change: 5_000, reason: 'purchase', reasonName: '购买', ref: `order:${made.orderNo}`, refName: `订单 ${made.orderNo}` });
    expect(ledger.balance.balance).toBe(before.sms! + 5_000);
    expect((await ok<AnswerOf<typeof mall.orderStatus>>('GET', '/mall/order/status', tokens.admin!, { id: made.id })).statusName).toBe('已开通');
  });

  it('renews the edition by whole years from its current expiry', async () => {
    const before = (await moduleOf(1, 'edition'))!.expiresAt!;
    const made = await order('edition.flagship', { years: 1 });
    expect(made).toMatchObject({ kind: 'renew', amountFen: 698_000 * 3 });
    await pay(made.id, 'dev');
    const done = (await ok<{ order: Order }>('POST', '/mall/order/simulate-paid', tokens.admin!, { id: made.id })).order;
    expect(done.effectiveUntil).toBe(addDays(addMonths(addDays(before, 1), 12), -1));
    expect((await moduleOf(1, 'edition'))!.expiresAt).toBe(done.effectiveUntil);
    expect((await catalogue()).current.edition!.expiresOn).toBe(done.effectiveUntil);
  });

  it('is refused by a production gateway, which production refuses to start with anyway', async () => {
    const production = paymentGateway({ wechat: wechat.settings, alipay: null }, { production: true });
    expect(production.development).toBe(false);
    expect(Object.keys(production.adapters)).toEqual(['wechat']);
    expect(developmentProviders({ payment: production } as never)).toEqual([]);
    expect(developmentProviders({ payment: paymentGateway({ wechat: null, alipay: null }, { production: false }) } as never)).toEqual(['payment: developmentPayment']);
  });
});

describe('WeChat Pay (local peer)', () => {
  it('signs the Native order the peer verifies, and answers its code_url as a QR code', async () => {
    const made = await order('minutes.500');
    const code = await pay(made.id, 'wechat');
    expect(code.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(code.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(code.simulate).toBe(false);
    expect(wechat.refusedRequests).toBe(0);
    expect(wechat.orders.get(made.orderNo)).toMatchObject({ amountFen: 7_500, notifyUrl: 'https://garage.example.com/api/mall/notify/wechat' });
  });

  it('fulfils a verified notification once: a replay or repeated delivery adds nothing', async () => {
    const before = await balances();
    const made = await order('minutes.500');
    await pay(made.id, 'wechat');
    const first = await wechat.notify(made.orderNo);
    expect(first.status).toBe(204);
    expect(await detail(made.id)).toMatchObject({ status: 'fulfilled', channel: 'wechat', channelName: '微信支付' });
    expect((await balances()).minutes).toBe(before.minutes! + 500);
    const again = await wechat.notify(made.orderNo, { replay: first.sent });
    const repeated = await wechat.notify(made.orderNo);
    expect([again.status, repeated.status]).toEqual([204, 204]);
    expect((await balances()).minutes).toBe(before.minutes! + 500);
  });

  it('refuses forged, tampered, stale, mis-addressed and wrongly encrypted notifications; the order stays unpaid', async () => {
    const made = await order('minutes.2000');
    await pay(made.id, 'wechat');
    const before = await balances();
    const cases = [
      { forgeSignature: true },
      { tamperBody: true },
      { timestampOffset: -3600 },
      { timestampOffset: 3600 },
      { serial: 'PUB_KEY_ID_SOMEBODY_ELSE' },
      { wrongApiV3Key: true },
    ];
    for (const options of cases) {
      const answer = await wechat.notify(made.orderNo, options);
      expect(answer.status, JSON.stringify(options)).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'FAIL' });
    }
    // Signed by WeChat Pay but for the wrong amount, or an order we never made: not applied.
    expect((await wechat.notify(made.orderNo, { amountFen: 1 })).status).toBe(400);
    expect((await wechat.notify('M20990101000000000000')).status).toBe(400);
    expect(await detail(made.id)).toMatchObject({ status: 'pending' });
    expect(await balances()).toEqual(before);
    const logged = await server.db.rows<{ outcome: string }>(sql`SELECT outcome FROM mall_payment_event WHERE order_no = ${made.orderNo}`);
    expect(logged.map((row) => row.outcome)).toContain('amount_mismatch');
  });

  it('honours a payment made in time whose notice arrives after the order timed out; one made after its time is given back', async () => {
    const made = await order('minutes.500');
    await pay(made.id, 'wechat');
    await server.db.run(sql`UPDATE mall_order SET pay_before = now() - interval '1 minute' WHERE id = ${made.id}`);
    expect((await detail(made.id)).status).toBe('cancelled');
    expect((await wechat.notify(made.orderNo, { successTime: new Date(Date.now() - 2 * 60_000) })).status).toBe(204);
    expect((await detail(made.id)).status).toBe('fulfilled');

    const late = await order('minutes.500');
    await pay(late.id, 'wechat');
    await server.db.run(sql`UPDATE mall_order SET pay_before = now() - interval '1 minute' WHERE id = ${late.id}`);
    expect((await wechat.notify(late.orderNo)).status).toBe(204);
    expect((await detail(late.id)).status).toBe('cancelled');
    await expect.poll(() => refundsOf(late.id), REFUNDED).toEqual([{ channel: 'wechat', why: 'cancelled', state: 'refunded', amountFen: 7_500 }]);
  });

  it('closes the payment code when the buyer cancels', async () => {
    const made = await order('minutes.500');
    await pay(made.id, 'wechat');
    await ok('POST', '/mall/order/cancel', tokens.admin!, { id: made.id });
    await expect.poll(() => wechat.orders.get(made.orderNo)?.closed).toBe(true);
  });
});

describe('Alipay (local peer)', () => {
  it('precreates with an RSA2 signature the peer verifies, and fulfils TRADE_SUCCESS once even when notifications come out of order', async () => {
    const before = await balances();
    const made = await order('sms.1000', { quantity: 3 });
    const code = await pay(made.id, 'alipay');
    expect(code.codeUrl).toMatch(/^https:\/\/qr\.alipay\.com\//);
    expect(code.qrSvg).toMatch(/^<svg/);
    expect(alipay.refusedRequests).toBe(0);
    expect(alipay.orders.get(made.orderNo)?.totalAmount).toBe('210.00');

    // Waiting for payment: nothing happens, Alipay is told the notification arrived.
    expect(await alipay.notify(made.orderNo, { tradeStatus: 'WAIT_BUYER_PAY' })).toMatchObject({ body: 'success' });
    expect((await detail(made.id)).status).toBe('pending');
    expect(await alipay.notify(made.orderNo)).toMatchObject({ status: 200, body: 'success' });
    // A late TRADE_CLOSED never undoes the payment; TRADE_FINISHED adds nothing.
    expect(await alipay.notify(made.orderNo, { tradeStatus: 'TRADE_CLOSED' })).toMatchObject({ body: 'success' });
    expect(await alipay.notify(made.orderNo, { tradeStatus: 'TRADE_FINISHED' })).toMatchObject({ body: 'success' });
    expect(await detail(made.id)).toMatchObject({ status: 'fulfilled', channelName: '支付宝' });
    expect((await balances()).sms).toBe(before.sms! + 3_000);
  });

  it('answers failure to forged notifications, another app’s, and wrong amounts', async () => {
    const made = await order('sms.1000');
    await pay(made.id, 'alipay');
    for (const options of [{ forgeSignature: true }, { appId: '2021000000000999' }, { totalAmount: '0.01' }, { totalAmount: '70' + '.001' }]) {
      expect(await alipay.notify(made.orderNo, options), JSON.stringify(options)).toMatchObject({ body: 'failure' });
    }
    expect((await detail(made.id)).status).toBe('pending');
  });
});

describe('an order is paid once (issue 31)', () => {
  const purchases = async (orderNo: string) => (await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM ledger_entry WHERE ref = ${`order:${orderNo}`}`))!.n;

  it('closes the WeChat Pay code at the peer when Alipay is chosen; a payment through it is given back, never fulfilled', async () => {
    const before = await balances();
    const made = await order('minutes.500');
    await pay(made.id, 'wechat');
    await pay(made.id, 'alipay');
    expect(wechat.orders.get(made.orderNo)?.closed).toBe(true);
    expect(wechat.refusedRequests).toBe(0);
    // Paid through the closed code all the same (the buyer's scan raced the close): answered, not fulfilled.
    expect((await wechat.notify(made.orderNo)).status).toBe(204);
    expect(await detail(made.id)).toMatchObject({ status: 'pending', channel: 'alipay' });
    expect((await balances()).minutes).toBe(before.minutes);
    await expect.poll(() => refundsOf(made.id), REFUNDED).toEqual([{ channel: 'wechat', why: 'closed_code', state: 'refunded', amountFen: 7_500 }]);
    const transactionId = wechat.orders.get(made.orderNo)!.transactionId;
    expect([...wechat.refunds.values()].filter((refund) => refund.outTradeNo === made.orderNo)).toEqual([{ transactionId, outTradeNo: made.orderNo, amountFen: 7_500 }]);
    const audit = await server.db.one<{ target_name: string }>(sql`SELECT target_name FROM audit_log WHERE action = 'mall.refund' AND target_id = ${made.id}`);
    expect(audit?.target_name).toBe(`${made.orderNo} 微信支付 ¥75.00：付款用的二维码已关闭（已改用其他支付方式），原路退回`);
    // A closed code is never opened again under this order number.
    expect(await server.call('POST', '/mall/order/pay', { token: tokens.admin, body: { id: made.id, channel: 'wechat' } })).toMatchObject({
      code: 409,
      msg: '本订单的微信支付二维码已关闭，请选择其他支付方式，或取消后重新下单',
    });
    // Alipay pays the order, once.
    expect(await alipay.notify(made.orderNo)).toMatchObject({ body: 'success' });
    expect(await detail(made.id)).toMatchObject({ status: 'fulfilled', channelName: '支付宝' });
    expect((await balances()).minutes).toBe(before.minutes! + 500);
    expect(await purchases(made.orderNo)).toBe(1);
  });

  it('makes no second code when the first channel says it was paid meanwhile; that payment pays the order', async () => {
    const made = await order('minutes.500');
    await pay(made.id, 'wechat');
    const paid = wechat.build(made.orderNo); // paid at WeChat Pay, the notification not yet sent
    expect(await server.call('POST', '/mall/order/pay', { token: tokens.admin, body: { id: made.id, channel: 'alipay' } })).toMatchObject({
      code: 503,
      msg: '该订单已用微信支付付款，请稍后刷新订单状态',
    });
    expect(alipay.orders.has(made.orderNo)).toBe(false);
    expect(wechat.orders.get(made.orderNo)?.closed).toBe(false);
    expect((await wechat.send(paid)).status).toBe(204);
    expect(await detail(made.id)).toMatchObject({ status: 'fulfilled', channel: 'wechat' });
    expect(await refundsOf(made.id)).toEqual([]);
  });

  it('fulfils once when valid payments of both channels are told at the same moment; the other is given back', async () => {
    const before = await balances();
    const made = await order('sms.1000');
    await pay(made.id, 'wechat');
    await pay(made.id, 'alipay');
    const answers = await Promise.all([wechat.notify(made.orderNo), alipay.notify(made.orderNo), alipay.notify(made.orderNo), wechat.notify(made.orderNo)]);
    expect(answers.map((answer) => answer.status)).toEqual([204, 200, 200, 204]);
    expect([answers[1]!.body, answers[2]!.body]).toEqual(['success', 'success']);
    expect(await detail(made.id)).toMatchObject({ status: 'fulfilled', channel: 'alipay' });
    expect((await balances()).sms).toBe(before.sms! + 1_000);
    expect(await purchases(made.orderNo)).toBe(1);
    await expect.poll(() => refundsOf(made.id), REFUNDED).toEqual([{ channel: 'wechat', why: 'closed_code', state: 'refunded', amountFen: 7_000 }]);
    expect([...wechat.refunds.values()].filter((refund) => refund.outTradeNo === made.orderNo)).toHaveLength(1);
  });

  it('gives back a payment for an order the buyer cancelled, once, and the order stays cancelled', async () => {
    const before = await balances();
    const made = await order('sms.1000');
    await pay(made.id, 'alipay');
    await ok('POST', '/mall/order/cancel', tokens.admin!, { id: made.id });
    // Not scanned yet: Alipay answers ACQ.TRADE_NOT_EXIST, and the code no longer pays.
    expect(alipay.orders.get(made.orderNo)?.closed).toBe(true);
    expect(await alipay.notify(made.orderNo)).toMatchObject({ body: 'success' });
    expect(await alipay.notify(made.orderNo)).toMatchObject({ body: 'success' });
    expect(await detail(made.id)).toMatchObject({ status: 'cancelled', paidAt: null });
    expect((await balances()).sms).toBe(before.sms);
    expect(await purchases(made.orderNo)).toBe(0);
    await expect.poll(() => refundsOf(made.id), REFUNDED).toEqual([{ channel: 'alipay', why: 'cancelled', state: 'refunded', amountFen: 7_000 }]);
    const tradeNo = alipay.orders.get(made.orderNo)!.tradeNo;
    expect([...alipay.refunds.values()].filter((refund) => refund.outTradeNo === made.orderNo)).toEqual([{ tradeNo, outTradeNo: made.orderNo, refundAmount: '70.00' }]);
    const logged = await server.db.rows<{ outcome: string }>(sql`SELECT outcome FROM mall_payment_event WHERE order_no = ${made.orderNo} ORDER BY id`);
    expect(logged.map((row) => row.outcome)).toEqual(['to_refund', 'to_refund']);
  });
});

describe('entitlements', () => {
  const dial = (token: string) => server.call('POST', '/call/check', { token, body: { number: '13800138000', customerId: '' } });

  it('refuses the web phone to a chain that has not bought it, and opens it once bought', async () => {
    expect(await dial(tokens['hx-admin']!)).toMatchObject({ code: 403, msg: '本连锁未开通「网络电话」，请在 项目商城 中购买后使用' });
    const made = await order('addon.web_phone', { years: 1 }, tokens['hx-admin']);
    await ok('POST', '/mall/order/simulate-paid', tokens['hx-admin']!, { id: made.id });
    expect((await moduleOf(2, 'web_phone'))).toMatchObject({ enabled: true, expiresAt: renewedUntil(null, today, 1) });
    const answer = await dial(tokens['hx-admin']!);
    expect(answer.msg).not.toMatch(/网络电话/);
    expect(answer.code).toBe(0);
  });

  it('refuses an expired add-on with a renewal message; balance and history stay readable', async () => {
    const was = (await moduleOf(1, 'web_phone'))!.expiresAt;
    await server.db.run(sql`UPDATE garage_module SET expires_at = ${addDays(today, -1)}::date WHERE chain_id = 1 AND code = 'web_phone'`);
    try {
      expect(await dial(tokens.admin!)).toMatchObject({ code: 403, msg: '「网络电话」已到期停用，数据仍然保留。请在 项目商城 或 续费套餐 中续费后继续使用' });
      expect((await server.call('GET', '/call/balance', { token: tokens.admin })).code).toBe(0);
      expect((await server.call('GET', '/call/records', { token: tokens.admin })).code).toBe(0);
    } finally {
      await server.db.run(sql`UPDATE garage_module SET expires_at = ${was}::date WHERE chain_id = 1 AND code = 'web_phone'`);
    }
    expect((await dial(tokens.admin!)).code).toBe(0);
  });

  it('an expired edition is read-only for the grace days, then locked except for renewing; no data is lost', async () => {
    const was = (await moduleOf(2, 'edition'))!.expiresAt;
    const customers = async () => (await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM customer WHERE chain_id = 2`))!.n;
    const count = await customers();
    const write = () => server.call('POST', '/tag', { token: tokens['hx-admin'], body: { name: '宽限期标签' } });
    const read = () => server.call('GET', '/tag/list', { token: tokens['hx-admin'] });
    try {
      await server.db.run(sql`UPDATE garage_module SET expires_at = ${addDays(today, -3)}::date WHERE chain_id = 2 AND code = 'edition'`);
      expect((await read()).code).toBe(0);
      expect(await write()).toMatchObject({ code: 403, msg: '「基础版」已到期，处于只读宽限期：可以查看，不能修改。请在 续费套餐 中续费' });
      expect((await catalogue(tokens['hx-admin'])).current.edition).toMatchObject({ state: 'grace', graceEndsOn: addDays(addDays(today, -3), 15) });

      await server.db.run(sql`UPDATE garage_module SET expires_at = ${addDays(today, -16)}::date WHERE chain_id = 2 AND code = 'edition'`);
      expect(await read()).toMatchObject({ code: 403, msg: '「基础版」已到期停用，数据仍然保留。请在 项目商城 或 续费套餐 中续费后继续使用' });
      expect((await server.call('GET', '/user/info', { token: tokens['hx-admin'] })).code).toBe(0);
      // Renewing works while locked, and opens the chain again from today.
      const made = await order('edition.basic', { years: 1 }, tokens['hx-admin']);
      expect(made.kind).toBe('renew');
      await ok('POST', '/mall/order/simulate-paid', tokens['hx-admin']!, { id: made.id });
      expect((await moduleOf(2, 'edition'))!.expiresAt).toBe(renewedUntil(null, today, 1));
      expect((await read()).code).toBe(0);
      expect(await customers()).toBe(count);
      // The first chain was never affected.
      expect((await server.call('GET', '/tag/list', { token: tokens.admin })).code).toBe(0);
    } finally {
      await server.db.run(sql`UPDATE garage_module SET expires_at = ${was}::date WHERE chain_id = 2 AND code = 'edition'`);
    }
  });

  it('upgrades the edition for the days left at the pro-rated price, keeping the expiry', async () => {
    const before = (await moduleOf(2, 'edition'))!;
    const made = await order('edition.pro', {}, tokens['hx-admin']);
    const basic = editionOf('basic')!.yearlyFenPerStore;
    expect(made).toMatchObject({ kind: 'upgrade', kindName: '升级', amountFen: proRatedUpgradeFen(basic, 398_000, 2, today, before.expiresAt!) });
    await ok('POST', '/mall/order/simulate-paid', tokens['hx-admin']!, { id: made.id });
    expect(await moduleOf(2, 'edition')).toMatchObject({ plan: 'pro', expiresAt: before.expiresAt });
  });
});

describe('what each edition includes (issue 33): the price list is what the server allows', () => {
  /** The figure a matrix cell states: 「每个文件 20,000 行」 → 20000, 「可查近 1 年」 → 365 (days). */
  const figure = (cell: boolean | string | undefined) => {
    const found = /([\d,]+) (行|天|年)/.exec(String(cell));
    if (!found) throw new Error(`no figure in ${String(cell)}`);
    return Number(found[1]!.replace(/,/g, '')) * (found[2] === '年' ? 365 : 1);
  };
  const names = (count: number) => utf8BomCsv([['姓名'], ...Array.from({ length: count }, (_, i) => [`版本客户${i}`])]);

  // Every edition in turn, with an import file at each one's row limit: minutes on a busy machine, not 30 s.
  it('for every edition: 智慧大屏, 自定义指标, rows per import file and 操作日志 days as the mall lists them; refusals name the edition', { timeout: 180_000 }, async () => {
    const hx = tokens['hx-admin']!;
    const before = (await moduleOf(2, 'edition'))!;
    await server.db.run(sql`
      INSERT INTO audit_log (chain_id, actor_id, actor_name, action, target_type, target_id, target_name, detail, address, store_ids, created_at)
      VALUES (2, 4, '周总', 'store.update', 'store', 6, '四十天前的修改', '{}'::jsonb, '', '{6}', now() - interval '40 days'),
             (2, 4, '周总', 'store.update', 'store', 6, '四百天前的修改', '{}'::jsonb, '', '{6}', now() - interval '400 days')`);
    try {
      for (const edition of EDITIONS) {
        await server.db.run(sql`UPDATE garage_module SET plan = ${edition.code}, name = ${edition.name} WHERE chain_id = 2 AND code = 'edition'`);
        const listed = Object.fromEntries((await catalogue(hx)).features.map((row) => [row.code, row.editions[edition.code]]));
        const refused = (feature: string) => `「${feature}」是旗舰版的功能，本连锁当前为${edition.name}：请在 价格商城 升级后使用`;

        const screen = await server.call('GET', '/bigScreen', { token: hx });
        expect(screen.code === 0, `${edition.name} 智慧大屏`).toBe(listed.big_screen === true);
        if (listed.big_screen !== true) expect(screen).toMatchObject({ code: 403, msg: refused('智慧大屏') });

        const metric = await server.call<{ id: number }>('POST', '/metrics/custom', { token: hx, body: { name: `版本${edition.code}`, unit: '次', period: 'month', direction: 'higher' } });
        expect(metric.code === 0, `${edition.name} 自定义指标`).toBe(listed.custom_metrics === true);
        const library = (await server.call<{ canEditDefinitions: boolean; customRefusal: string | null }>('GET', '/metrics/library', { token: hx })).data;
        expect(library.canEditDefinitions).toBe(listed.custom_metrics === true);
        if (listed.custom_metrics !== true) {
          expect(metric).toMatchObject({ code: 403, msg: refused('自定义指标') });
          expect(library.customRefusal).toBe(refused('自定义指标'));
        }

        const rows = figure(listed.import);
        const config = await server.call<{ maxRows: number }>('GET', '/client/import/task-config', { token: hx, query: { type: 'customer' } });
        expect(config.data.maxRows, `${edition.name} 批量导入`).toBe(rows);
        const over = await upload(server, '/client/import/preview', hx, { name: '超出.csv', bytes: names(rows + 1) });
        expect(over.code, `${edition.name} ${rows + 1} 行`).toBe(400);
        expect(over.msg).toContain(`${edition.name}每个文件最多导入 ${rows.toLocaleString('en-US')} 行`);
        const within = await upload<{ total: number }>(server, '/client/import/preview', hx, { name: '正好.csv', bytes: names(rows) });
        expect(within.code, within.msg).toBe(0);
        expect(within.data.total).toBe(rows);

        const days = figure(listed.audit);
        const shown = (await server.call<{ entries: { targetName: string }[] }>('GET', '/authority/audit', { token: hx, query: { pageSize: 100 } })).data.entries.map((entry) => entry.targetName);
        expect(shown.includes('四十天前的修改'), `${edition.name} 操作日志`).toBe(days >= 40);
        expect(shown.includes('四百天前的修改'), `${edition.name} 操作日志`).toBe(days >= 400);
      }
    } finally {
      await server.db.run(sql`UPDATE garage_module SET plan = ${before.plan}, name = ${editionOf(before.plan!)!.name} WHERE chain_id = 2 AND code = 'edition'`);
      await server.db.run(sql`DELETE FROM audit_log WHERE chain_id = 2 AND target_name IN ('四十天前的修改', '四百天前的修改')`);
      await server.db.run(sql`DELETE FROM metric_custom WHERE chain_id = 2 AND name LIKE '版本%'`);
    }
  });

  it('lists for the demo chain the edition whose features it uses: 旗舰版, with 智慧大屏 and 自定义指标', async () => {
    const mine = await catalogue();
    expect(mine.current.edition?.code).toBe('flagship');
    expect(mine.features.filter((row) => ['big_screen', 'custom_metrics'].includes(row.code)).map((row) => row.editions.flagship)).toEqual([true, true]);
    expect((await server.call('GET', '/bigScreen', { token: tokens.admin })).code).toBe(0);
  });
});

describe('invoices', () => {
  it('requests one invoice per fulfilled order, checking the tax id and the special invoice’s fields', async () => {
    const made = await order('sms.1000');
    const invoice = { orderId: made.id, kind: 'normal', title: '安途汽车服务有限公司', taxId: '914403001922038216', email: 'finance@antu.example.com' };
    expect(await server.call('POST', '/mall/invoice', { token: tokens.admin, body: invoice })).toMatchObject({ code: 409, msg: '订单开通后才能申请发票' });
    await ok('POST', '/mall/order/simulate-paid', tokens.admin!, { id: made.id });
    expect(await server.call('POST', '/mall/invoice', { token: tokens.admin, body: { ...invoice, taxId: '914403001922038217' } })).toMatchObject({
      code: 400,
      msg: '纳税人识别号校验不通过，请核对18 位统一社会信用代码（或 15/20 位税号）',
    });
    expect(await server.call('POST', '/mall/invoice', { token: tokens.admin, body: { ...invoice, kind: 'special', address: '杭州市钱江路 1366 号' } })).toMatchObject({
      code: 400,
      msg: '增值税专用发票请填写注册电话、开户银行、银行账号',
    });
    const made2 = await ok<{ invoice: { kindName: string; amountFen: number; statusName: string } }>('POST', '/mall/invoice', tokens.admin!, invoice);
    expect(made2.invoice).toMatchObject({ kindName: '增值税普通发票', amountFen: 7_000, statusName: '已申请' });
    expect(await server.call('POST', '/mall/invoice', { token: tokens.admin, body: invoice })).toMatchObject({ code: 409, msg: '该订单已申请过发票' });
    expect(await server.call('POST', '/mall/invoice', { token: tokens['hx-admin'], body: invoice })).toMatchObject({ code: 404, msg: '订单不存在' });
    expect((await detail(made.id)).invoiced).toBe(true);
  });
});

describe('ledgers', () => {
  it('takes 50 concurrent debits exactly, never below zero', async () => {
    const chainId = 2;
    await setTestBalance(server.db, chainId, 'sms', 100);
    expect(await balanceOf(server.db, chainId, 'sms')).toBe(100);
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, index) => reserve(server.db, chainId, 'sms', 3, `test-burst-${index}`)));
    const taken = results.filter((result) => result.status === 'fulfilled').length;
    expect(taken).toBe(33);
    expect(results.filter((result) => result.status === 'rejected').every((result) => (result as PromiseRejectedResult).reason instanceof InsufficientBalance)).toBe(true);
    expect(await balanceOf(server.db, chainId, 'sms')).toBe(1);
    const sum = await server.db.one<{ total: number; lowest: number }>(sql`
      SELECT sum(change)::int AS total, min(balance_after)::int AS lowest FROM ledger_entry WHERE chain_id = ${chainId} AND kind = 'sms'`);
    // The entries add up to the balance, and no entry ever went below what was left.
    expect(sum).toEqual({ total: 1, lowest: 1 });

    // The same charge sent 20 times at once (retries of one call's bill): taken once.
    await setTestBalance(server.db, chainId, 'sms', 100);
    const same = await Promise.all(Array.from({ length: 20 }, () => reserve(server.db, chainId, 'sms', 7, 'test-same-charge')));
    expect(same.filter((change) => change.changed === -7)).toHaveLength(1);
    expect(await balanceOf(server.db, chainId, 'sms')).toBe(93);
  });

  it('an operator’s adjustment is recorded with who and why and shown in 余额变动; without them, or switched off, nothing moves', async () => {
    const chainId = 2;
    const start = await balanceOf(server.db, chainId, 'minutes');
    await adjustBalance(server.db, { chainId, kind: 'minutes', change: 30, by: '运维 张三', why: '线路故障补偿' }, true);
    const ledger = await ok<AnswerOf<typeof mall.ledger>>('GET', '/mall/ledger', tokens['hx-admin']!, { kind: 'minutes' });
    expect(ledger.list[0]).toMatchObject({ change: 30, reason: 'adjust', reasonName: '管理员调整', note: '线路故障补偿（运维 张三）' });
    expect(await server.db.one(sql`SELECT actor, note FROM ledger_entry WHERE chain_id = ${chainId} AND kind = 'minutes' ORDER BY id DESC LIMIT 1`)).toEqual({ actor: '运维 张三', note: '线路故障补偿' });
    const adjustment = { chainId, kind: 'minutes' as const, change: 1_000, by: '运维 张三', why: '补偿' };
    await expect(adjustBalance(server.db, { ...adjustment, by: ' ' }, true)).rejects.toThrow('余额调整必须写明经办人和原因');
    await expect(adjustBalance(server.db, { ...adjustment, why: '' }, true)).rejects.toThrow('余额调整必须写明经办人和原因');
    await expect(adjustBalance(server.db, adjustment, false)).rejects.toThrow(LedgerAdjustmentsOff);
    // Nor can an unrecorded one be written past the ledger.
    await expect(server.db.run(sql`INSERT INTO ledger_entry (chain_id, kind, change, balance_after, reason) VALUES (${chainId}, 'minutes', 1, 1, 'adjust')`)).rejects.toThrow();
    expect(await balanceOf(server.db, chainId, 'minutes')).toBe(start + 30);
  });

  it('reserve, charge and refund (the SMS API): never more back than was taken, each once', async () => {
    const chainId = 2;
    await adjustBalance(server.db, { chainId, kind: 'sms', change: 50, by: '测试', why: '测试赠送', reason: 'grant', ref: 'test-grant' }, true);
    const start = await balanceOf(server.db, chainId, 'sms');
    await reserve(server.db, chainId, 'sms', 20, 'sms:batch:1');
    await reserve(server.db, chainId, 'sms', 20, 'sms:batch:1'); // a retry takes nothing more
    expect(await balanceOf(server.db, chainId, 'sms')).toBe(start - 20);
    await charge(server.db, chainId, 'sms', 'sms:batch:1', 15);
    await charge(server.db, chainId, 'sms', 'sms:batch:1', 15);
    expect(await balanceOf(server.db, chainId, 'sms')).toBe(start - 15);
    await refund(server.db, chainId, 'sms', 'sms:batch:1', 100, 'sms:batch:1#failed');
    expect(await balanceOf(server.db, chainId, 'sms')).toBe(start);
    await expect(reserve(server.db, chainId, 'sms', start + 1, 'sms:batch:2')).rejects.toThrow(/短信条数不足/);
    expect(await balanceOf(server.db, chainId, 'sms')).toBe(start);
  });
});
