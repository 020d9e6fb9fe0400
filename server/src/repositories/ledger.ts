/**
 * The ledgers: SMS credits and call minutes of a chain, the only source of either, and the ONE
 * place that moves them (issue 31). A balance is one row (ledger_account); every change is an
 * insert-only ledger_entry with its reason, written in the same transaction. A debit is
 * `UPDATE … SET balance = balance - n WHERE balance >= n`: two debits at once queue on the row and
 * the second sees the first's result, so the balance is never negative and never wrong. Each
 * (reason, ref) happens once: a retried charge or a repeated payment notification finds its entry
 * and changes nothing.
 *
 * Balances move only for a cause this module checks; there is no "add n" for a caller to name:
 *   creditPaidOrder(tx, orderId)                         a paid order's top-up: its own amount, once
 *   reserve(db, chainId, 'sms', n, 'sms:batch:7')        before sending: takes n credits or refuses
 *   charge(db, chainId, 'sms', 'sms:batch:7', sent)      after sending: keeps `sent`, gives the rest back
 *   refund(db, chainId, 'sms', 'sms:batch:7', n)         later failures: gives n back (at most what was taken)
 *   billCall(db, chainId, recordId, minutes)             a call's bill, up to what is left
 *   adjustBalance(db, { …, by, why }, enabled)           an operator's recorded 管理员调整 (off in production by default)
 * Routes only read (balanceOf, ledgerEntries); ledger.test.ts keeps it so.
 */
import { sql, type Database, type Queryable } from '../db/database';
import { LEDGER_NAMES, LEDGER_REASON_NAMES, LEDGER_UNITS, ledgerRefName, type LedgerKind, type LedgerReason } from '../../../contracts/rules/mall';

export class InsufficientBalance extends Error {
  constructor(
    readonly kind: LedgerKind,
    readonly balance: number,
    readonly wanted: number,
  ) {
    super(`${LEDGER_NAMES[kind]}不足：剩余 ${balance} ${LEDGER_UNITS[kind]}，需要 ${wanted} ${LEDGER_UNITS[kind]}`);
    this.name = 'InsufficientBalance';
  }
}

type Runner = Database | Queryable;

/** Runs fn in a transaction of its own, or inside the caller's when given a transaction. */
function inTransaction<T>(db: Runner, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return 'transaction' in db ? db.transaction(fn) : fn(db);
}

export async function balanceOf(db: Queryable, chainId: number, kind: LedgerKind): Promise<number> {
  const row = await db.one<{ balance: number }>(sql`SELECT balance FROM ledger_account WHERE chain_id = ${chainId} AND kind = ${kind}`);
  return row?.balance ?? 0;
}

async function entryOf(tx: Queryable, chainId: number, kind: LedgerKind, reason: LedgerReason, ref: string) {
  if (!ref) return undefined;
  return tx.one<{ change: number; balanceAfter: number }>(sql`
    SELECT change, balance_after AS "balanceAfter" FROM ledger_entry
     WHERE chain_id = ${chainId} AND kind = ${kind} AND reason = ${reason} AND ref = ${ref}`);
}

async function record(tx: Queryable, chainId: number, kind: LedgerKind, change: number, balanceAfter: number, reason: LedgerReason, ref: string, note: string) {
  await tx.run(sql`
    INSERT INTO ledger_entry (chain_id, kind, change, balance_after, reason, ref, note)
    VALUES (${chainId}, ${kind}, ${change}, ${balanceAfter}, ${reason}, ${ref}, ${note})`);
}

/**
 * Serialises the changes with the same (reason, ref): the account row is locked first, so a second
 * identical change waits and then finds the entry of the first.
 */
async function lockAccount(tx: Queryable, chainId: number, kind: LedgerKind): Promise<number> {
  await tx.run(sql`INSERT INTO ledger_account (chain_id, kind) VALUES (${chainId}, ${kind}) ON CONFLICT DO NOTHING`);
  const row = await tx.one<{ balance: number }>(sql`SELECT balance FROM ledger_account WHERE chain_id = ${chainId} AND kind = ${kind} FOR UPDATE`);
  return row!.balance;
}

export interface Change {
  /** Balance after the change (or after the earlier identical change). */
  balance: number;
  /** What this call changed: 0 when (reason, ref) had happened before. */
  changed: number;
}

/** Adds `amount`. Once per (reason, ref) when ref is given. */
function credit(db: Runner, chainId: number, kind: LedgerKind, amount: number, reason: LedgerReason, ref = '', note = ''): Promise<Change> {
  if (!Number.isInteger(amount) || amount < 0) throw new Error(`ledger credit must be a whole non-negative number, got ${amount}`);
  return inTransaction(db, async (tx) => {
    if (ref) await lockAccount(tx, chainId, kind);
    const earlier = await entryOf(tx, chainId, kind, reason, ref);
    if (earlier) return { balance: await balanceOf(tx, chainId, kind), changed: 0 };
    const row = await tx.one<{ balance: number }>(sql`
      INSERT INTO ledger_account (chain_id, kind, balance) VALUES (${chainId}, ${kind}, ${amount})
      ON CONFLICT (chain_id, kind) DO UPDATE SET balance = ledger_account.balance + EXCLUDED.balance, updated_at = now()
      RETURNING balance`);
    await record(tx, chainId, kind, amount, row!.balance, reason, ref, note);
    return { balance: row!.balance, changed: amount };
  });
}

/** Thrown inside a debit's own transaction to undo it when its (reason, ref) had happened before. */
class AlreadyDone extends Error {}

/**
 * Takes exactly `amount` or refuses with InsufficientBalance (nothing changed). Once per
 * (reason, ref) when ref is given.
 *
 * On its own transaction this is two statements: the balance UPDATE (which queues concurrent
 * debits on the row) and the entry INSERT, whose unique (reason, ref) makes a repeated debit
 * conflict; that transaction is then rolled back and answers the earlier result. Inside a
 * caller's transaction (which must not be rolled back) the account row is locked first and the
 * entry looked up instead.
 */
function debit(db: Runner, chainId: number, kind: LedgerKind, amount: number, reason: LedgerReason = 'use', ref = '', note = ''): Promise<Change> {
  if (!Number.isInteger(amount) || amount < 0) throw new Error(`ledger debit must be a whole non-negative number, got ${amount}`);
  const own = 'transaction' in db;
  const attempt = inTransaction(db, async (tx) => {
    if (ref && !own) {
      await lockAccount(tx, chainId, kind);
      if (await entryOf(tx, chainId, kind, reason, ref)) return { balance: await balanceOf(tx, chainId, kind), changed: 0 };
    }
    const row = await tx.one<{ balance: number }>(sql`
      UPDATE ledger_account SET balance = balance - ${amount}, updated_at = now()
       WHERE chain_id = ${chainId} AND kind = ${kind} AND balance >= ${amount}
      RETURNING balance`);
    if (!row) {
      if (ref && (await entryOf(tx, chainId, kind, reason, ref))) return { balance: await balanceOf(tx, chainId, kind), changed: 0 };
      throw new InsufficientBalance(kind, await balanceOf(tx, chainId, kind), amount);
    }
    const entry = await tx.one<{ id: number }>(sql`
      INSERT INTO ledger_entry (chain_id, kind, change, balance_after, reason, ref, note)
      VALUES (${chainId}, ${kind}, ${-amount}, ${row.balance}, ${reason}, ${ref}, ${note})
      ON CONFLICT (chain_id, kind, reason, ref) WHERE ref <> '' DO NOTHING RETURNING id`);
    if (!entry) throw new AlreadyDone();
    return { balance: row.balance, changed: -amount };
  });
  return attempt.catch(async (error: unknown) => {
    if (error instanceof AlreadyDone) return { balance: await balanceOf(db, chainId, kind), changed: 0 };
    throw error;
  });
}

/**
 * A call's bill (ref call:<recordId>), once: a call already made is billed even when the minutes
 * ran out during it, so it takes up to `minutes`, as much as is there, and stops at zero.
 */
export function billCall(db: Runner, chainId: number, recordId: string, minutes: number): Promise<Change> {
  const ref = `call:${recordId}`;
  return inTransaction(db, async (tx) => {
    const balance = await lockAccount(tx, chainId, 'minutes');
    if (await entryOf(tx, chainId, 'minutes', 'use', ref)) return { balance, changed: 0 };
    return debit(tx, chainId, 'minutes', Math.min(balance, minutes), 'use', ref, '网络电话通话');
  });
}

/**
 * A paid order's top-up (ref order:<订单号>): the amount is the order's own price snapshot, never
 * the caller's, and only for an order marked paid. Once per order.
 */
export async function creditPaidOrder(tx: Queryable, orderId: number): Promise<Change> {
  const order = await tx.one<{ chainId: number; orderNo: string; status: string; snapshot: { ledger: LedgerKind | null; ledgerAmount: number; productName: string } }>(sql`
    SELECT chain_id AS "chainId", order_no AS "orderNo", status, snapshot FROM mall_order WHERE id = ${orderId}`);
  if (!order || (order.status !== 'paid' && order.status !== 'fulfilled') || !order.snapshot.ledger) throw new Error(`order ${orderId} is not a paid top-up`);
  const { ledger, ledgerAmount, productName } = order.snapshot;
  return credit(tx, order.chainId, ledger, ledgerAmount, 'purchase', `order:${order.orderNo}`, productName);
}

export class LedgerAdjustmentsOff extends Error {
  constructor() {
    super('余额调整未开启：生产环境默认关闭，需设置 LEDGER_ADJUSTMENTS=on 后由运维执行');
    this.name = 'LedgerAdjustmentsOff';
  }
}

export interface Adjustment {
  chainId: number;
  kind: LedgerKind;
  /** The balance it becomes, or the change (±) to make: exactly one of them. */
  to?: number;
  change?: number;
  /** Who made it and why: both are kept on the entry (ledger_entry_who_why). */
  by: string;
  why: string;
  /** 'grant' (赠送) for the demo's welcome minutes; otherwise 'adjust' (管理员调整). */
  reason?: 'adjust' | 'grant';
  ref?: string;
}

/**
 * An operator's correction outside orders and bills (npm run ledger:adjust), recorded with who
 * and why. `enabled` is the server's LEDGER_ADJUSTMENTS setting, off in production unless set.
 */
export function adjustBalance(db: Runner, adjustment: Adjustment, enabled: boolean): Promise<Change> {
  if (!enabled) return Promise.reject(new LedgerAdjustmentsOff());
  const { chainId, kind, by, why, reason = 'adjust', ref = '' } = adjustment;
  if (!by.trim() || !why.trim()) return Promise.reject(new Error('余额调整必须写明经办人和原因'));
  if ((adjustment.to === undefined) === (adjustment.change === undefined)) return Promise.reject(new Error('余额调整须给出目标余额或变动数量（二选一）'));
  return inTransaction(db, async (tx) => {
    const before = await lockAccount(tx, chainId, kind);
    const after = adjustment.to ?? before + adjustment.change!;
    if (!Number.isInteger(after) || after < 0) throw new InsufficientBalance(kind, before, before - after);
    if (after === before) return { balance: before, changed: 0 };
    if (ref && (await entryOf(tx, chainId, kind, reason, ref))) return { balance: before, changed: 0 };
    await tx.run(sql`UPDATE ledger_account SET balance = ${after}, updated_at = now() WHERE chain_id = ${chainId} AND kind = ${kind}`);
    await tx.run(sql`
      INSERT INTO ledger_entry (chain_id, kind, change, balance_after, reason, ref, note, actor)
      VALUES (${chainId}, ${kind}, ${after - before}, ${after}, ${reason}, ${ref}, ${why.trim()}, ${by.trim()})`);
    return { balance: after, changed: after - before };
  });
}

/** Before sending: takes `amount` for `ref` or refuses (InsufficientBalance). */
export const reserve = (db: Runner, chainId: number, kind: LedgerKind, amount: number, ref: string, note = '发送预扣') => debit(db, chainId, kind, amount, 'use', ref, note);

/** Gives back up to `amount` of what `ref` took, never more than was taken; each call needs its own refund ref suffix. */
export function refund(db: Runner, chainId: number, kind: LedgerKind, ref: string, amount: number, refundRef = ref): Promise<Change> {
  return inTransaction(db, async (tx) => {
    await lockAccount(tx, chainId, kind);
    const taken = await entryOf(tx, chainId, kind, 'use', ref);
    if (!taken) return { balance: await balanceOf(tx, chainId, kind), changed: 0 };
    const back = await tx.one<{ total: number }>(sql`
      SELECT COALESCE(sum(change), 0)::int AS total FROM ledger_entry
       WHERE chain_id = ${chainId} AND kind = ${kind} AND reason = 'refund' AND (ref = ${ref} OR ref LIKE ${`${ref}#%`})`);
    const room = -taken.change - (back?.total ?? 0);
    return credit(tx, chainId, kind, Math.max(0, Math.min(room, amount)), 'refund', refundRef, '退回');
  });
}

/** After sending: keeps `used` of what `ref` reserved and gives back the rest (once). */
export function charge(db: Runner, chainId: number, kind: LedgerKind, ref: string, used: number): Promise<Change> {
  return inTransaction(db, async (tx) => {
    await lockAccount(tx, chainId, kind);
    const taken = await entryOf(tx, chainId, kind, 'use', ref);
    if (!taken) return { balance: await balanceOf(tx, chainId, kind), changed: 0 };
    return refund(tx, chainId, kind, ref, Math.max(0, -taken.change - used), `${ref}#unused`);
  });
}

export async function ledgerEntries(db: Queryable, chainId: number, kind: LedgerKind, page: number, pageSize: number) {
  const total = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM ledger_entry WHERE chain_id = ${chainId} AND kind = ${kind}`);
  // A campaign's own name says more than its number: it is looked up for refs sms:campaign:<id>[#…].
  const rows = await db.rows<{ id: number; change: number; balanceAfter: number; reason: LedgerReason; ref: string; note: string; actor: string; createdAt: string; campaignName: string | null }>(sql`
    SELECT e.id, e.change, e.balance_after AS "balanceAfter", e.reason, e.ref, e.note, e.actor, e.created_at AS "createdAt", c.name AS "campaignName"
      FROM ledger_entry e
      LEFT JOIN sms_campaign c ON c.chain_id = e.chain_id AND c.id = substring(e.ref FROM '^sms:campaign:([0-9]{1,9})(#|$)')::int
     WHERE e.chain_id = ${chainId} AND e.kind = ${kind} ORDER BY e.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
  return {
    total: total?.n ?? 0,
    // An adjustment says who made it after why.
    list: rows.map(({ campaignName, actor, ...row }) => ({
      ...row,
      note: actor ? `${row.note}（${actor}）` : row.note,
      reasonName: LEDGER_REASON_NAMES[row.reason],
      refName: ledgerRefName(row.ref, campaignName),
    })),
  };
}
