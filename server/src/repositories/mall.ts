/**
 * All SQL of the mall: what a chain holds (garage_module's 'edition' row and add-on rows, the
 * ledgers), orders with their price snapshot and state machine, payment and fulfilment, invoices.
 * Fulfilment runs in the transaction that marks the order paid: the order cannot be paid without
 * the chain getting what it bought, nor the other way round.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Database, type Queryable } from '../db/database';
import {
  ADD_ON_CODES,
  addOnOf,
  addOnState,
  CANCEL_REASON_NAMES,
  EDITION_MODULE,
  editionOf,
  editionState,
  ENTITLEMENT_STATE_NAMES,
  graceEndsOn,
  LEDGER_KINDS,
  LEDGER_NAMES,
  LEDGER_UNITS,
  ORDER_KIND_NAMES,
  ORDER_STATUS_NAMES,
  PAY_CHANNEL_NAMES,
  quote,
  renewedUntil,
  UNPAID_ORDER_MINUTES,
  type AddOnCode,
  type CancelReason,
  type EditionCode,
  type Holding,
  type InvoiceKind,
  type OrderKind,
  type OrderStatus,
  type PayChannel,
  type Quote,
  INVOICE_KIND_NAMES,
  INVOICE_STATUS_NAMES,
  type InvoiceStatus,
} from '../../../contracts/rules/mall';
import { daysBetween, inGarageZone, type Day } from '../../../contracts/dates';
import { balanceOf, creditPaidOrder } from './ledger';
import { writeAudit } from './authority';

// ---------------------------------------------------------------- holdings

interface ModuleRow {
  code: string;
  name: string;
  plan: string | null;
  enabled: boolean;
  expiresAt: Day | null;
}

async function moduleRows(db: Queryable, chainId: number): Promise<ModuleRow[]> {
  return db.rows<ModuleRow>(sql`SELECT code, name, plan, enabled, expires_at AS "expiresAt" FROM garage_module WHERE chain_id = ${chainId}`);
}

export async function storeCountOf(db: Queryable, chainId: number): Promise<number> {
  const row = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM garage WHERE chain_id = ${chainId} AND NOT is_hq AND enabled`);
  return row?.n ?? 0;
}

export async function holdingOf(db: Queryable, chainId: number): Promise<Holding> {
  const rows = await moduleRows(db, chainId);
  const editionRow = rows.find((row) => row.code === EDITION_MODULE);
  const edition = editionRow && editionRow.plan && editionOf(editionRow.plan) && editionRow.expiresAt ? { code: editionRow.plan as EditionCode, expiresOn: editionRow.expiresAt } : null;
  const addOns: Holding['addOns'] = {};
  for (const row of rows) if ((ADD_ON_CODES as readonly string[]).includes(row.code) && row.enabled) addOns[row.code as AddOnCode] = row.expiresAt;
  return { edition, addOns, storeCount: await storeCountOf(db, chainId) };
}

/** What 价格商城 and 续费套餐 show as the chain's current state. */
export async function currentOf(db: Queryable, chainId: number, today: Day) {
  const rows = await moduleRows(db, chainId);
  const holding = await holdingOf(db, chainId);
  const edition = holding.edition
    ? (() => {
        const state = editionState(holding.edition.expiresOn, today);
        return {
          code: holding.edition.code,
          name: editionOf(holding.edition.code)!.name,
          expiresOn: holding.edition.expiresOn,
          state,
          stateName: ENTITLEMENT_STATE_NAMES[state],
          graceEndsOn: graceEndsOn(holding.edition.expiresOn),
          daysLeft: Math.max(0, daysBetween(today, holding.edition.expiresOn) + 1),
        };
      })()
    : null;
  const addOns = ADD_ON_CODES.map((code) => {
    const row = rows.find((entry) => entry.code === code);
    const state = addOnState(!!row?.enabled, row?.expiresAt ?? null, today);
    return { code, name: addOnOf(code)!.name, expiresOn: row?.enabled ? (row.expiresAt ?? null) : null, state, stateName: ENTITLEMENT_STATE_NAMES[state] };
  });
  const ledgers = [];
  for (const kind of LEDGER_KINDS) ledgers.push({ kind, name: LEDGER_NAMES[kind], unit: LEDGER_UNITS[kind], balance: await balanceOf(db, chainId, kind) });
  return { edition, storeCount: holding.storeCount, addOns, ledgers };
}

export async function quoteFor(db: Queryable, chainId: number, today: Day, productCode: string, years: number, quantity: number): Promise<Quote> {
  return quote(productCode, await holdingOf(db, chainId), today, { years, quantity });
}

// ---------------------------------------------------------------- orders

interface OrderDbRow {
  id: number;
  chain_id: number;
  order_no: string;
  idempotency_key: string;
  product_code: string;
  product_name: string;
  kind: OrderKind;
  years: number;
  quantity: number;
  store_count: number;
  amount_fen: number;
  snapshot: Quote;
  status: OrderStatus;
  channel: PayChannel | null;
  created_by: number;
  created_by_name: string;
  created_at: string;
  pay_before: string;
  paid_at: string | null;
  fulfilled_at: string | null;
  cancelled_at: string | null;
  cancel_reason: CancelReason | null;
  refunded_at: string | null;
  effective_until: Day | null;
  paid_reference: string | null;
  /** Channels whose code was closed when another was chosen: they can no longer pay the order. */
  closed_channels: PayChannel[];
  invoiced: boolean;
}

const ORDER_COLUMNS = sql`o.*, EXISTS (SELECT 1 FROM mall_invoice i WHERE i.order_id = o.id) AS invoiced`;

export function orderView(row: OrderDbRow) {
  return {
    id: row.id,
    orderNo: row.order_no,
    productCode: row.product_code,
    productName: row.product_name,
    kind: row.kind,
    kindName: ORDER_KIND_NAMES[row.kind],
    years: row.years,
    quantity: row.quantity,
    storeCount: row.store_count,
    amountFen: row.amount_fen,
    lines: row.snapshot.lines,
    status: row.status,
    statusName: ORDER_STATUS_NAMES[row.status],
    channel: row.channel,
    channelName: row.channel ? PAY_CHANNEL_NAMES[row.channel] : null,
    createdAt: row.created_at,
    createdBy: row.created_by_name,
    payBefore: row.pay_before,
    paidAt: row.paid_at,
    fulfilledAt: row.fulfilled_at,
    cancelledAt: row.cancelled_at,
    cancelReason: row.cancel_reason ? CANCEL_REASON_NAMES[row.cancel_reason] : null,
    refundedAt: row.refunded_at,
    // Fulfilled: the day it was extended to; pending: what the price was quoted for; else nothing.
    effectiveUntil: row.effective_until ?? (row.status === 'pending' ? row.snapshot.effectiveUntil : null),
    ledger: row.snapshot.ledger,
    ledgerAmount: row.snapshot.ledgerAmount,
    invoiced: row.invoiced,
  };
}
export type OrderView = ReturnType<typeof orderView>;

/** Unpaid orders past their time are cancelled: lazily on every read, and by the periodic sweep. */
export async function expireUnpaid(db: Queryable, where = sql`TRUE`): Promise<number> {
  return db.run(sql`
    UPDATE mall_order SET status = 'cancelled', cancel_reason = 'expired', cancelled_at = now()
     WHERE status = 'pending' AND pay_before < now() AND ${where}`);
}

export async function findOrder(db: Queryable, chainId: number, id: number): Promise<OrderDbRow | undefined> {
  await expireUnpaid(db, sql`chain_id = ${chainId} AND id = ${id}`);
  return db.one<OrderDbRow>(sql`SELECT ${ORDER_COLUMNS} FROM mall_order o WHERE o.chain_id = ${chainId} AND o.id = ${id}`);
}

export async function listOrders(db: Queryable, chainId: number, status: OrderStatus | undefined, page: number, pageSize: number) {
  await expireUnpaid(db, sql`chain_id = ${chainId}`);
  const where = status ? sql`o.chain_id = ${chainId} AND o.status = ${status}` : sql`o.chain_id = ${chainId}`;
  const total = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM mall_order o WHERE ${where}`);
  const rows = await db.rows<OrderDbRow>(sql`SELECT ${ORDER_COLUMNS} FROM mall_order o WHERE ${where} ORDER BY o.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
  return { total: total?.n ?? 0, list: rows.map(orderView) };
}

/** 'M' + yyyymmddHHMMss (garage time) + 8 random digits: 23 characters, unique, unguessable. */
function newOrderNo(): string {
  const digits = [...randomBytes(8)].map((byte) => String(byte % 10)).join('');
  return `M${inGarageZone(Date.now()).format('YYYYMMDDHHmmss')}${digits}`;
}

export interface Buyer {
  chainId: number;
  userId: number;
  name: string;
  address: string;
}

export class OrderRefusal extends Error {}

/**
 * A new order at today's price, or the order this idempotency key already made (a double click,
 * a retried request): the same key never makes a second order.
 */
export async function createOrder(db: Database, buyer: Buyer, today: Day, input: { productCode: string; years: number; quantity: number; idempotencyKey: string }): Promise<{ order: OrderView; created: boolean }> {
  return db.transaction(async (tx) => {
    const existing = await tx.one<OrderDbRow>(sql`SELECT ${ORDER_COLUMNS} FROM mall_order o WHERE o.chain_id = ${buyer.chainId} AND o.idempotency_key = ${input.idempotencyKey}`);
    if (existing) return { order: sameRequest(existing, input), created: false };
    const priced = await quoteFor(tx, buyer.chainId, today, input.productCode, input.years, input.quantity);
    if (priced.amountFen <= 0) throw new OrderRefusal('应付金额为 0，无需下单');
    const inserted = await tx.one<{ id: number }>(sql`
      INSERT INTO mall_order (chain_id, order_no, idempotency_key, product_code, product_name, kind, years, quantity, store_count, amount_fen,
                              snapshot, created_by, created_by_name, pay_before)
      VALUES (${buyer.chainId}, ${newOrderNo()}, ${input.idempotencyKey}, ${priced.productCode}, ${priced.productName}, ${priced.kind},
              ${priced.years}, ${priced.quantity}, ${priced.storeCount}, ${priced.amountFen}, ${JSON.stringify(priced)}::jsonb,
              ${buyer.userId}, ${buyer.name}, now() + ${`${UNPAID_ORDER_MINUTES} minutes`}::interval)
      ON CONFLICT (chain_id, idempotency_key) DO NOTHING
      RETURNING id`);
    if (!inserted) {
      // The same key, at the same moment, from a second request: answer the first one's order.
      const other = await tx.one<OrderDbRow>(sql`SELECT ${ORDER_COLUMNS} FROM mall_order o WHERE o.chain_id = ${buyer.chainId} AND o.idempotency_key = ${input.idempotencyKey}`);
      return { order: sameRequest(other!, input), created: false };
    }
    const order = (await tx.one<OrderDbRow>(sql`SELECT ${ORDER_COLUMNS} FROM mall_order o WHERE o.id = ${inserted.id}`))!;
    await writeAudit(tx, {
      chainId: buyer.chainId, actorId: buyer.userId, actorName: buyer.name, address: buyer.address,
      action: 'mall.order', targetType: 'order', targetId: order.id,
      targetName: `${order.order_no} ${order.product_name} ¥${(order.amount_fen / 100).toFixed(2)}`,
      detail: { orderNo: order.order_no, productCode: order.product_code, amountFen: order.amount_fen, kind: order.kind }, storeIds: [],
    });
    return { order: orderView(order), created: true };
  });
}

function sameRequest(order: OrderDbRow, input: { productCode: string; years: number; quantity: number }): OrderView {
  const years = order.kind === 'upgrade' || order.kind === 'topup' ? input.years : order.years;
  const quantity = order.kind === 'topup' ? order.quantity : input.quantity; // only packages have a quantity
  if (order.product_code !== input.productCode || years !== input.years || quantity !== input.quantity) {
    throw new OrderRefusal('该幂等键已用于另一笔订单，请刷新页面后重新下单');
  }
  return orderView(order);
}

/**
 * The buyer chose `channel` for a pending order: from now on only its code may pay the order, and
 * the channel chosen before (`previous`, whose code the caller closed) joins closed_channels.
 * False when the order moved on meanwhile (paid, cancelled, another channel chosen elsewhere) or
 * `channel` was closed before: a closed code is never opened again under the same order number.
 */
export async function chooseChannel(db: Queryable, chainId: number, id: number, previous: PayChannel | null, channel: PayChannel): Promise<boolean> {
  const row = await db.one<{ id: number }>(sql`
    UPDATE mall_order SET channel = ${channel},
           closed_channels = CASE WHEN channel IS NULL OR channel = ${channel} THEN closed_channels ELSE array_append(closed_channels, channel) END
     WHERE chain_id = ${chainId} AND id = ${id} AND status = 'pending'
       AND channel IS NOT DISTINCT FROM ${previous}::text AND NOT (${channel}::text = ANY (closed_channels))
    RETURNING id`);
  return row !== undefined;
}

export async function cancelOrder(db: Database, buyer: Buyer, id: number): Promise<OrderView | 'not_found' | OrderStatus> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, buyer.chainId, id);
    if (!order) return 'not_found';
    const changed = await tx.one<{ id: number }>(sql`
      UPDATE mall_order SET status = 'cancelled', cancel_reason = 'buyer', cancelled_at = now()
       WHERE id = ${id} AND chain_id = ${buyer.chainId} AND status = 'pending' RETURNING id`);
    if (!changed) return order.status;
    await writeAudit(tx, {
      chainId: buyer.chainId, actorId: buyer.userId, actorName: buyer.name, address: buyer.address,
      action: 'mall.cancel', targetType: 'order', targetId: id, targetName: `${order.order_no} ${order.product_name}`, detail: { orderNo: order.order_no }, storeIds: [],
    });
    return orderView((await findOrder(tx, buyer.chainId, id))!);
  });
}

// ---------------------------------------------------------------- payment and fulfilment

export type PaidOutcome = 'fulfilled' | 'already' | 'unknown_order' | 'amount_mismatch' | 'to_refund';

/** Why a verified payment was not needed by its order. */
export type UnneededPayment = 'already_paid' | 'closed_code' | 'cancelled' | 'refunded';
const UNNEEDED_PAYMENT_NAMES: Record<UnneededPayment, string> = {
  already_paid: '订单已付过款',
  closed_code: '付款用的二维码已关闭（已改用其他支付方式）',
  cancelled: '订单已取消',
  refunded: '订单已退款',
};

export interface VerifiedPayment {
  orderNo: string;
  amountFen: number;
  channel: PayChannel;
  /** The provider's transaction id: one payment, however often it is told. */
  reference: string;
  /** When the provider took the money. */
  paidAt: Date;
  via: string;
}

/** Why this payment may not pay its order (it is given back instead), or null when it pays it. */
function unneeded(order: OrderDbRow, payment: VerifiedPayment): UnneededPayment | null {
  // First the code (so the reason does not depend on which payment was told first), then the order.
  if (order.closed_channels.includes(payment.channel) || (order.channel !== null && order.channel !== payment.channel)) return 'closed_code';
  if (order.status === 'paid' || order.status === 'fulfilled') return 'already_paid';
  if (order.status === 'refunded') return 'refunded';
  // Cancelled because its time ran out while the notification was on its way: the provider's own
  // time_expire let the buyer pay up to pay_before, so such a payment still pays the order. A
  // buyer's cancellation, or a payment after that time, does not.
  if (order.status === 'cancelled' && (order.cancel_reason !== 'expired' || !(payment.paidAt.getTime() <= Date.parse(order.pay_before)))) return 'cancelled';
  return null;
}

/**
 * A verified payment pays its order once (issue 31). The order row is locked first, so payments
 * told at the same moment are decided one after the other. The amount must be the order's to the
 * fen. The same payment told again (a repeated notification, 模拟支付 pressed twice) changes
 * nothing. A payment the order does not need — through a code closed when another channel was
 * chosen, for an order already paid, cancelled by the buyer or refunded — is recorded once for
 * refunding (takeDueRefunds) and never fulfils. Otherwise the order becomes 已支付 and, in the same
 * transaction, 已开通: the edition or add-on extended, the ledger credited.
 */
export async function markPaid(db: Database, payment: VerifiedPayment, today: Day): Promise<{ outcome: PaidOutcome; order?: OrderView }> {
  return db.transaction(async (tx) => {
    // An order past its time is cancelled here as on every read, so the time to pay decides alike.
    await expireUnpaid(tx, sql`order_no = ${payment.orderNo}`);
    const order = await tx.one<OrderDbRow>(sql`SELECT o.*, false AS invoiced FROM mall_order o WHERE o.order_no = ${payment.orderNo} FOR UPDATE`);
    if (!order) return { outcome: 'unknown_order' };
    if (!Number.isInteger(payment.amountFen) || payment.amountFen !== order.amount_fen) return { outcome: 'amount_mismatch' };
    const samePayment = order.paid_reference === payment.reference && order.channel === payment.channel;
    if ((order.status === 'paid' || order.status === 'fulfilled') && samePayment) return { outcome: 'already', order: orderView(order) };
    const why = unneeded(order, payment);
    if (why) {
      await recordUnneededPayment(tx, order, payment, why);
      return { outcome: 'to_refund', order: orderView(order) };
    }
    await tx.run(sql`
      UPDATE mall_order SET status = 'paid', paid_at = now(), channel = ${payment.channel}, paid_reference = ${payment.reference}
       WHERE id = ${order.id}`);
    const effectiveUntil = await fulfil(tx, order, today);
    await tx.run(sql`UPDATE mall_order SET status = 'fulfilled', fulfilled_at = now(), effective_until = ${effectiveUntil}::date WHERE id = ${order.id}`);
    await writeAudit(tx, {
      chainId: order.chain_id, actorId: order.created_by, actorName: `${order.created_by_name}（${payment.via}）`, address: '',
      action: 'mall.paid', targetType: 'order', targetId: order.id,
      targetName: `${order.order_no} ${order.product_name} ¥${(order.amount_fen / 100).toFixed(2)}`,
      detail: { orderNo: order.order_no, channel: payment.channel, reference: payment.reference, effectiveUntil, wasCancelled: order.status === 'cancelled' }, storeIds: [],
    });
    const done = (await tx.one<OrderDbRow>(sql`SELECT ${ORDER_COLUMNS} FROM mall_order o WHERE o.id = ${order.id}`))!;
    return { outcome: 'fulfilled', order: orderView(done) };
  });
}

/**
 * What the chain gets, computed from its holding at payment time (two renewals paid one after the
 * other add up). Answers the new last day of use, or null for a ledger top-up.
 */
async function fulfil(tx: Queryable, order: OrderDbRow, today: Day): Promise<Day | null> {
  const snapshot = order.snapshot;
  const [family, code] = order.product_code.split('.') as [string, string];
  if (snapshot.ledger) {
    await creditPaidOrder(tx, order.id);
    // SMS packages need the SMS module to send; buying credits turns it on (it has no yearly fee).
    if (snapshot.ledger === 'sms') {
      await tx.run(sql`
        INSERT INTO garage_module (chain_id, code, name, enabled, expires_at) VALUES (${order.chain_id}, 'sms', ${addOnOf('sms')!.name}, true, NULL)
        ON CONFLICT (chain_id, code) DO UPDATE SET enabled = true,
          expires_at = CASE WHEN garage_module.expires_at < ${today}::date THEN NULL ELSE garage_module.expires_at END`);
    }
    return null;
  }
  const rows = await tx.rows<ModuleRow>(sql`
    SELECT code, name, plan, enabled, expires_at AS "expiresAt" FROM garage_module
     WHERE chain_id = ${order.chain_id} AND code = ${family === 'edition' ? EDITION_MODULE : code} FOR UPDATE`);
  const current = rows[0];
  if (family === 'edition') {
    const edition = editionOf(code)!;
    let until: Day;
    if (order.kind === 'upgrade') {
      // The difference was paid for the days up to the current expiry, which stays.
      until = current?.expiresAt ?? snapshot.effectiveUntil ?? today;
    } else {
      // Renewal extends the same edition; another edition (chosen after expiry) starts today.
      until = renewedUntil(current?.plan === code ? (current.expiresAt ?? null) : null, today, order.years);
    }
    await tx.run(sql`
      INSERT INTO garage_module (chain_id, code, name, plan, enabled, expires_at) VALUES (${order.chain_id}, ${EDITION_MODULE}, ${edition.name}, ${code}, true, ${until}::date)
      ON CONFLICT (chain_id, code) DO UPDATE SET name = EXCLUDED.name, plan = EXCLUDED.plan, enabled = true, expires_at = EXCLUDED.expires_at`);
    return until;
  }
  const addOn = addOnOf(code)!;
  const until = renewedUntil(current?.enabled ? (current.expiresAt ?? null) : null, today, order.years);
  await tx.run(sql`
    INSERT INTO garage_module (chain_id, code, name, enabled, expires_at) VALUES (${order.chain_id}, ${code}, ${addOn.name}, true, ${until}::date)
    ON CONFLICT (chain_id, code) DO UPDATE SET enabled = true, expires_at = EXCLUDED.expires_at`);
  return until;
}

async function recordUnneededPayment(tx: Queryable, order: OrderDbRow, payment: VerifiedPayment, why: UnneededPayment): Promise<void> {
  const recorded = await tx.one<{ id: number }>(sql`
    INSERT INTO mall_payment_refund (chain_id, order_id, channel, reference, amount_fen, why)
    VALUES (${order.chain_id}, ${order.id}, ${payment.channel}, ${payment.reference}, ${payment.amountFen}, ${why})
    ON CONFLICT (channel, reference) DO NOTHING RETURNING id`);
  if (!recorded) return; // told before
  await writeAudit(tx, {
    chainId: order.chain_id, actorId: order.created_by, actorName: `${order.created_by_name}（${payment.via}）`, address: '',
    action: 'mall.refund', targetType: 'order', targetId: order.id,
    targetName: `${order.order_no} ${PAY_CHANNEL_NAMES[payment.channel]} ¥${(payment.amountFen / 100).toFixed(2)}：${UNNEEDED_PAYMENT_NAMES[why]}，原路退回`,
    detail: { orderNo: order.order_no, channel: payment.channel, reference: payment.reference, why }, storeIds: [],
  });
}

export interface DueRefund {
  id: number;
  orderNo: string;
  channel: PayChannel;
  reference: string;
  amountFen: number;
  why: UnneededPayment;
}

/**
 * Unneeded payments due for a refund attempt, each taken for one attempt: the next is due 5, 10,
 * 15… minutes later, and another process skips the rows taken here.
 */
export async function takeDueRefunds(db: Queryable): Promise<(DueRefund & { reason: string })[]> {
  const rows = await db.rows<DueRefund>(sql`
    UPDATE mall_payment_refund r SET attempts = r.attempts + 1, next_attempt_at = now() + interval '5 minutes' * (r.attempts + 1)
      FROM mall_order o
     WHERE o.id = r.order_id
       AND r.id IN (SELECT id FROM mall_payment_refund WHERE state = 'pending' AND next_attempt_at <= now() ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
    RETURNING r.id, o.order_no AS "orderNo", r.channel, r.reference, r.amount_fen AS "amountFen", r.why`);
  return rows.map((row) => ({ ...row, reason: `门店管家订单 ${row.orderNo}：${UNNEEDED_PAYMENT_NAMES[row.why]}` }));
}

export async function refundSettled(db: Queryable, id: number, error: string | null): Promise<void> {
  if (error === null) await db.run(sql`UPDATE mall_payment_refund SET state = 'refunded', refunded_at = now(), last_error = '' WHERE id = ${id}`);
  else await db.run(sql`UPDATE mall_payment_refund SET last_error = ${error.slice(0, 500)} WHERE id = ${id}`);
}

export async function orderByNo(db: Queryable, orderNo: string) {
  return db.one<{ id: number; chainId: number; amountFen: number; status: OrderStatus; channel: PayChannel | null }>(sql`
    SELECT id, chain_id AS "chainId", amount_fen AS "amountFen", status, channel FROM mall_order WHERE order_no = ${orderNo}`);
}

/** Every notification received, whatever became of it (the trail an operator reads). */
export async function logPaymentEvent(db: Queryable, channel: string, eventId: string, orderNo: string, outcome: string): Promise<void> {
  await db.run(sql`INSERT INTO mall_payment_event (channel, event_id, order_no, outcome) VALUES (${channel}, ${eventId.slice(0, 128)}, ${orderNo.slice(0, 64)}, ${outcome})`);
}

// ---------------------------------------------------------------- invoices

interface InvoiceDbRow {
  id: number;
  order_id: number;
  order_no: string;
  kind: InvoiceKind;
  title: string;
  tax_id: string;
  amount_fen: number;
  email: string;
  status: InvoiceStatus;
  created_at: string;
}

const invoiceView = (row: InvoiceDbRow) => ({
  id: row.id,
  orderId: row.order_id,
  orderNo: row.order_no,
  kind: row.kind,
  kindName: INVOICE_KIND_NAMES[row.kind],
  title: row.title,
  taxId: row.tax_id,
  amountFen: row.amount_fen,
  email: row.email,
  status: row.status,
  statusName: INVOICE_STATUS_NAMES[row.status],
  createdAt: row.created_at,
});

export async function requestInvoice(
  db: Database,
  buyer: Buyer,
  input: { orderId: number; kind: InvoiceKind; title: string; taxId: string; email: string; address: string; phone: string; bank: string; bankAccount: string },
) {
  return db.transaction(async (tx) => {
    const order = await tx.one<OrderDbRow>(sql`SELECT o.*, false AS invoiced FROM mall_order o WHERE o.chain_id = ${buyer.chainId} AND o.id = ${input.orderId} FOR UPDATE`);
    if (!order) return 'not_found' as const;
    if (order.status !== 'fulfilled') return 'not_paid' as const;
    const inserted = await tx.one<{ id: number }>(sql`
      INSERT INTO mall_invoice (chain_id, order_id, kind, title, tax_id, email, address, phone, bank, bank_account, amount_fen, created_by)
      VALUES (${buyer.chainId}, ${order.id}, ${input.kind}, ${input.title}, ${input.taxId}, ${input.email}, ${input.address}, ${input.phone},
              ${input.bank}, ${input.bankAccount}, ${order.amount_fen}, ${buyer.userId})
      ON CONFLICT (order_id) DO NOTHING RETURNING id`);
    if (!inserted) return 'duplicate' as const;
    await writeAudit(tx, {
      chainId: buyer.chainId, actorId: buyer.userId, actorName: buyer.name, address: buyer.address,
      action: 'mall.invoice', targetType: 'order', targetId: order.id, targetName: `${order.order_no} ${INVOICE_KIND_NAMES[input.kind]} ${input.title}`,
      detail: { orderNo: order.order_no, kind: input.kind, taxId: input.taxId }, storeIds: [],
    });
    const row = await tx.one<InvoiceDbRow>(sql`SELECT i.*, o.order_no FROM mall_invoice i JOIN mall_order o ON o.id = i.order_id WHERE i.id = ${inserted.id}`);
    return invoiceView(row!);
  });
}

export async function listInvoices(db: Queryable, chainId: number, page: number, pageSize: number) {
  const total = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM mall_invoice WHERE chain_id = ${chainId}`);
  const rows = await db.rows<InvoiceDbRow>(sql`
    SELECT i.*, o.order_no FROM mall_invoice i JOIN mall_order o ON o.id = i.order_id
     WHERE i.chain_id = ${chainId} ORDER BY i.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
  return { total: total?.n ?? 0, list: rows.map(invoiceView) };
}
