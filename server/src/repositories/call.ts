/**
 * All SQL of the web phone: SIP accounts, the garage's call balance (minutes) and call records.
 * Every function takes the database (or a transaction) first, and is scoped by garage.
 */
import { createHash } from 'node:crypto';
import { sql, type Database, type Queryable, type SQL } from '../db/database';
import { maskMobile } from '../../../contracts/rules/mobile';
import type { TenantScope } from './scope';
import { balanceOf, billCall } from './ledger';

/** The database or one of its transactions. */
export type SqlExecutor = Queryable;

export function sipHa1(sipUser: string, realm: string, password: string): string {
  return createHash('md5').update(`${sipUser}:${realm}:${password}`).digest('hex');
}

export interface SipAccountRow {
  userId: string;
  garageId: string;
  sipUser: string;
  realm: string;
  ha1: string;
  server: string | null;
}

export async function findSipAccount(db: SqlExecutor, garageId: string, userId: string): Promise<SipAccountRow | null> {
  const rows = await db.rows<SipAccountRow>(sql`
      SELECT user_id AS "userId", garage_id AS "garageId", sip_user AS "sipUser", realm, ha1, server
      FROM sip_account WHERE garage_id = ${garageId} AND user_id = ${userId}`);
  return rows[0] ?? null;
}

/**
 * Whose lines a caller manages (系统设置 › 电话线路): the whole chain with the all-stores scope, else
 * the staff whose stores all lie within the caller's own (headquarters staff, with no store, only
 * the chain-wide manage).
 */
export interface LineReach {
  chainId: number;
  wholeChain: boolean;
  storeIds: number[];
}

export interface LineStaffRow {
  userId: string;
  nickName: string;
  username: string;
  storeIds: number[];
  storeNames: string[];
  enabled: boolean;
  line: { sipUser: string; realm: string; server: string | null } | null;
}

/** The staff within reach with their line, or the one named by id or login name (ids of other chains are not found). */
export async function lineStaff(db: SqlExecutor, reach: LineReach, only?: { userId?: string; username?: string }): Promise<LineStaffRow[]> {
  const inReach = reach.wholeChain ? sql`true` : sql`cardinality(u.store_ids) > 0 AND u.store_ids <@ ${sql.param(reach.storeIds)}::int[]`;
  const named = only ? sql`AND (u.id::text = ${only.userId ?? ''} OR lower(u.username) = lower(${only.username ?? ''}))` : sql``;
  const rows = await db.rows<Omit<LineStaffRow, 'line'> & { sipUser: string | null; realm: string | null; server: string | null }>(sql`
      SELECT u.id::text AS "userId", u.nick_name AS "nickName", u.username, u.store_ids AS "storeIds", u.enabled,
             ARRAY(SELECT g.name FROM garage g WHERE g.id = ANY(u.store_ids) ORDER BY g.sort, g.id) AS "storeNames",
             s.sip_user AS "sipUser", s.realm, s.server
        FROM app_user u LEFT JOIN sip_account s ON s.user_id = u.id::text AND s.garage_id = u.chain_id::text
       WHERE u.chain_id = ${reach.chainId} AND ${inReach} ${named}
       ORDER BY u.enabled DESC, u.id`);
  return rows.map(({ sipUser, realm, server, ...person }) => ({ ...person, line: sipUser && realm ? { sipUser, realm, server } : null }));
}

/** Creates or replaces the user's account; the plain password is turned into HA1 and dropped. */
export async function upsertSipAccount(
  db: SqlExecutor,
  account: { garageId: string; userId: string; sipUser: string; realm: string; password: string; server?: string | null },
): Promise<SipAccountRow> {
  const ha1 = sipHa1(account.sipUser, account.realm, account.password);
  const rows = await db.rows<SipAccountRow>(sql`
      INSERT INTO sip_account (user_id, garage_id, sip_user, realm, ha1, server)
      VALUES (${account.userId}, ${account.garageId}, ${account.sipUser}, ${account.realm}, ${ha1}, ${account.server ?? null})
      ON CONFLICT (user_id) DO UPDATE SET
        garage_id = EXCLUDED.garage_id, sip_user = EXCLUDED.sip_user, realm = EXCLUDED.realm,
        ha1 = EXCLUDED.ha1, server = EXCLUDED.server, updated_at = now()
      RETURNING user_id AS "userId", garage_id AS "garageId", sip_user AS "sipUser", realm, ha1, server`);
  return rows[0];
}

export async function deleteSipAccount(db: SqlExecutor, garageId: string, userId: string): Promise<boolean> {
  const rows = await db.rows(sql`DELETE FROM sip_account WHERE garage_id = ${garageId} AND user_id = ${userId} RETURNING user_id`);
  return rows.length > 0;
}

// The minutes live on the chain's call-minutes ledger (repositories/ledger.ts); garageId is the chain id.
export async function balanceMinutes(db: SqlExecutor, garageId: string): Promise<number> {
  return balanceOf(db, Number(garageId), 'minutes');
}
// Minutes arrive only through the mall (paid orders) and leave only through billOnce (issue 31).

export type CallResult = 'answered' | 'busy' | 'rejected' | 'no_answer' | 'unavailable' | 'not_found' | 'canceled' | 'failed';

/** Who placed a call, and the store the call belongs to (data scope). */
export interface CallOwner {
  garageId: string;
  userId: string;
  storeId: number | null;
}

export interface CallRecordRow {
  id: string;
  userId: string;
  customerId: string | null;
  storeId: number | null;
  number: string;
  startedAt: string;
  answeredAt: string | null;
  endedAt: string | null;
  durationSeconds: number;
  billedMinutes: number;
  /** 'calling' while the call is in progress. */
  result: CallResult | 'calling';
  timedBy: 'sip' | 'server';
}

const RECORD_COLUMNS = sql`id::text AS id, user_id AS "userId", customer_id AS "customerId", store_id AS "storeId", number,
  started_at AS "startedAt", answered_at AS "answeredAt", ended_at AS "endedAt", duration_seconds AS "durationSeconds",
  billed_minutes AS "billedMinutes", result, timed_by AS "timedBy"`;

/** Started minutes of talk time. */
export function billedMinutesFor(durationSeconds: number): number {
  return Math.ceil(Math.max(0, durationSeconds) / 60);
}

/** The SIP account's owner: which chain pays for calls Kamailio reports from this SIP user. */
export async function findSipAccountOwner(db: SqlExecutor, sipUser: string, realm: string): Promise<CallOwner | null> {
  const rows = await db.rows<{ garageId: string; userId: string; storeId: number | null }>(sql`
      SELECT s.garage_id AS "garageId", s.user_id AS "userId", u.store_ids[1] AS "storeId"
      FROM sip_account s LEFT JOIN app_user u ON u.id::text = s.user_id
      WHERE s.sip_user = ${sipUser} AND s.realm = ${realm}`);
  return rows[0] ?? null;
}

export async function findCallBySipId(db: SqlExecutor, sipCallId: string): Promise<(CallRecordRow & { garageId: string; billed: boolean }) | null> {
  const row = await db.one<CallRecordRow & { garageId: string; billed: boolean }>(sql`
      SELECT ${RECORD_COLUMNS}, garage_id AS "garageId", billed_at IS NOT NULL AS billed
      FROM call_record WHERE sip_call_id = ${sipCallId}`);
  return row ? { ...normalizeRecord(row), garageId: row.garageId, billed: row.billed } : null;
}

/**
 * The phone bar dialled: the call's row, keyed by its SIP Call-ID. When Kamailio reported the
 * answer first, the row already exists and only gains the customer. Answers null when the
 * Call-ID belongs to someone else's call.
 */
export async function recordCallStart(
  db: SqlExecutor,
  call: CallOwner & { sipCallId: string; customerId: string | null; number: string },
): Promise<CallRecordRow | null> {
  const rows = await db.rows<CallRecordRow>(sql`
      INSERT INTO call_record (garage_id, user_id, store_id, customer_id, number, sip_call_id, started_at, result)
      VALUES (${call.garageId}, ${call.userId}, ${call.storeId}, ${call.customerId}, ${call.number}, ${call.sipCallId}, now(), 'calling')
      ON CONFLICT (sip_call_id) DO UPDATE SET customer_id = EXCLUDED.customer_id, store_id = EXCLUDED.store_id, number = EXCLUDED.number
        WHERE call_record.garage_id = EXCLUDED.garage_id AND call_record.user_id = EXCLUDED.user_id AND call_record.customer_id IS NULL
      RETURNING ${RECORD_COLUMNS}`);
  return rows[0] ? normalizeRecord(rows[0]) : null;
}

/** Without SIP events: the server's clock notes when the phone bar says the callee answered. */
export async function recordServerAnswer(db: SqlExecutor, owner: Pick<CallOwner, 'garageId' | 'userId'>, sipCallId: string): Promise<boolean> {
  const changed = await db.run(sql`
      UPDATE call_record SET answered_at = now()
      WHERE sip_call_id = ${sipCallId} AND garage_id = ${owner.garageId} AND user_id = ${owner.userId}
        AND timed_by = 'server' AND answered_at IS NULL AND ended_at IS NULL`);
  return changed > 0;
}

/**
 * The phone bar's end of call. It may say how the call ended and nothing else: with `serverTimed`
 * (no SIP events) the talk time is what this server saw from the answer report to now, capped at
 * `maxSeconds`, billed once; with SIP events the bill comes from Kamailio (recordSipEnd).
 * A call the server never saw start is stored as not answered.
 */
export async function recordCallEnd(
  db: Database,
  call: CallOwner & { sipCallId: string; customerId: string | null; number: string; result: CallResult },
  timing: { serverTimed: boolean; maxSeconds: number },
): Promise<{ record: CallRecordRow; balanceMinutes: number } | null> {
  return db.transaction(async (tx) => {
    let row = await findCallBySipId(tx, call.sipCallId);
    if (!row) {
      row = (await recordCallStart(tx, call)) && (await findCallBySipId(tx, call.sipCallId));
    }
    if (!row || row.garageId !== call.garageId || row.userId !== call.userId) return null;
    // A call without an answer the server (or Kamailio) saw is not "answered", whatever the browser says.
    const unanswered = call.result === 'answered' ? (timing.serverTimed ? 'failed' : 'answered') : call.result;
    await tx.run(sql`
        UPDATE call_record SET
          result = CASE WHEN answered_at IS NOT NULL THEN 'answered' ELSE ${unanswered} END,
          ended_at = CASE WHEN answered_at IS NULL OR ${timing.serverTimed} THEN COALESCE(ended_at, now()) ELSE ended_at END
        WHERE id = ${row.id}`);
    if (timing.serverTimed) {
      const seconds = sql`LEAST(${timing.maxSeconds}, GREATEST(0, CEIL(EXTRACT(EPOCH FROM ended_at - answered_at))))::int`;
      await billOnce(tx, row.id, sql`duration_seconds = ${seconds}, billed_minutes = CEIL(${seconds} / 60.0)::int`, sql`answered_at IS NOT NULL AND timed_by = 'server'`);
    }
    const record = (await findCallBySipId(tx, call.sipCallId))!;
    return { record: stripInternal(record), balanceMinutes: await balanceMinutes(tx, call.garageId) };
  });
}

/** Kamailio's dialog:start — the callee answered (200 OK to the INVITE) at `answeredAt`. */
export async function recordSipStart(
  db: Database,
  call: CallOwner & { sipCallId: string; number: string; answeredAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await sipCallRow(tx, call);
    await tx.run(sql`
        UPDATE call_record SET answered_at = ${call.answeredAt.toISOString()}::timestamptz, timed_by = 'sip', result = 'answered'
        WHERE id = ${row.id} AND billed_at IS NULL`);
  });
}

/**
 * Kamailio's dialog:end — BYE or timeout. Bills ceil(talk seconds / 60) minutes once: a repeated
 * end event finds the call billed and changes nothing.
 */
export async function recordSipEnd(
  db: Database,
  call: CallOwner & { sipCallId: string; number: string; answeredAt: Date; endedAt: Date },
): Promise<{ billedMinutes: number; balanceMinutes: number }> {
  return db.transaction(async (tx) => {
    const row = await sipCallRow(tx, call);
    const seconds = Math.max(0, Math.ceil((call.endedAt.getTime() - call.answeredAt.getTime()) / 1000));
    const billed = await billOnce(
      tx,
      row.id,
      sql`answered_at = ${call.answeredAt.toISOString()}::timestamptz, ended_at = ${call.endedAt.toISOString()}::timestamptz,
          timed_by = 'sip', result = 'answered', duration_seconds = ${seconds}, billed_minutes = ${billedMinutesFor(seconds)}`,
    );
    return { billedMinutes: billed ?? 0, balanceMinutes: await balanceMinutes(tx, call.garageId) };
  });
}

/**
 * The row of a call Kamailio reports. A call the phone bar never announced (someone dialling
 * with the SIP credentials directly) gets its own row, so it is billed all the same. A Call-ID
 * reused for a new dialog, or one another user's row holds, also gets a row of its own: reusing an
 * already billed Call-ID must not make a call free.
 */
async function sipCallRow(tx: SqlExecutor, call: CallOwner & { sipCallId: string; number: string; answeredAt: Date }): Promise<{ id: string }> {
  const existing = await findCallBySipId(tx, call.sipCallId);
  const sameDialog =
    existing &&
    existing.garageId === call.garageId &&
    existing.userId === call.userId &&
    (!existing.billed || existing.answeredAt === null || existing.answeredAt === call.answeredAt.toISOString());
  if (existing && sameDialog) return existing;
  const rows = await tx.rows<{ id: string }>(sql`
      INSERT INTO call_record (garage_id, user_id, store_id, number, sip_call_id, started_at, answered_at, result, timed_by)
      VALUES (${call.garageId}, ${call.userId}, ${call.storeId}, ${call.number}, ${existing ? null : call.sipCallId},
              ${call.answeredAt.toISOString()}::timestamptz, ${call.answeredAt.toISOString()}::timestamptz, 'answered', 'sip')
      RETURNING id::text AS id`);
  return rows[0];
}

/**
 * Sets the call's duration and bill and takes the minutes off the garage's balance, in one
 * statement and only while the call is unbilled: two end reports arriving at once cannot both bill
 * (the second UPDATE waits for the first and then finds billed_at set). Never below 0 minutes.
 * Answers the minutes billed, or null when nothing was billed.
 */
async function billOnce(tx: SqlExecutor, recordId: string, set: SQL, condition: SQL = sql`TRUE`): Promise<number | null> {
  const rows = await tx.rows<{ billedMinutes: number; garageId: string }>(sql`
      UPDATE call_record SET ${set}, billed_at = now()
      WHERE id = ${recordId} AND billed_at IS NULL AND ${condition}
      RETURNING garage_id AS "garageId", billed_minutes AS "billedMinutes"`);
  const billed = rows[0];
  if (!billed) return null;
  // A call already made is billed even if the minutes ran out during it: the ledger stops at zero.
  if (billed.billedMinutes > 0) await billCall(tx, Number(billed.garageId), recordId, Number(billed.billedMinutes));
  return Number(billed.billedMinutes);
}

/**
 * Call records the caller may read: rows of their stores (`storeIds`), plus calls tied to no
 * store when they see the whole chain. `showPhone` false masks the numbers.
 */
export async function listCallRecords(
  db: SqlExecutor,
  garageId: string,
  filter: { storeIds: number[]; wholeChain: boolean; customerId?: string; userId?: string; limit: number; offset: number; showPhone: boolean },
): Promise<{ list: CallRecordRow[]; total: number }> {
  const conditions = [
    sql`garage_id = ${garageId}`,
    filter.wholeChain
      ? sql`(store_id IS NULL OR store_id = ANY(${sql.param(filter.storeIds)}::int[]))`
      : sql`store_id = ANY(${sql.param(filter.storeIds)}::int[])`,
  ];
  if (filter.customerId) conditions.push(sql`customer_id = ${filter.customerId}`);
  if (filter.userId) conditions.push(sql`user_id = ${filter.userId}`);
  const where = sql.join(conditions, sql` AND `);
  const list = (await db.rows<CallRecordRow>(sql`
      SELECT ${RECORD_COLUMNS} FROM call_record WHERE ${where}
      ORDER BY started_at DESC, id DESC LIMIT ${filter.limit} OFFSET ${filter.offset}`))
    .map(normalizeRecord)
    .map((record) => (filter.showPhone ? record : { ...record, number: maskMobile(record.number) }));
  const total = await db.rows<{ total: number }>(sql`SELECT count(*)::int AS total FROM call_record WHERE ${where}`);
  return { list, total: Number(total[0]?.total ?? 0) };
}

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value as string).toISOString();
}

function stripInternal(row: CallRecordRow & { garageId?: string; billed?: boolean }): CallRecordRow {
  const { garageId: _garage, billed: _billed, ...record } = row;
  return record;
}

function normalizeRecord<T extends CallRecordRow>(row: T): T {
  return {
    ...row,
    startedAt: iso(row.startedAt)!,
    answeredAt: iso(row.answeredAt),
    endedAt: iso(row.endedAt),
    durationSeconds: Number(row.durationSeconds),
    billedMinutes: Number(row.billedMinutes),
    storeId: row.storeId === null || row.storeId === undefined ? null : Number(row.storeId),
  };
}

/** The customer's store when the customer is in the caller's chain and a store they see, else null. */
export async function findVisibleCustomerStore(db: SqlExecutor, scope: TenantScope, customerId: number): Promise<number | null> {
  const row = await db.one<{ storeId: number }>(sql`SELECT store_id AS "storeId" FROM customer c WHERE c.id = ${customerId} AND ${scope.storeRows('c')}`);
  return row ? Number(row.storeId) : null;
}
