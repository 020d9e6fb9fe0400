/**
 * All SQL of the web phone: SIP accounts, the garage's call balance (minutes) and call records.
 * Every function takes the database (or a transaction) first, and is scoped by garage.
 */
import { createHash } from 'node:crypto';
import { sql, type Queryable } from '../db/database';

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

export async function listSipAccounts(db: SqlExecutor, garageId: string): Promise<Omit<SipAccountRow, 'ha1'>[]> {
  return db.rows<Omit<SipAccountRow, 'ha1'>>(sql`
      SELECT user_id AS "userId", garage_id AS "garageId", sip_user AS "sipUser", realm, server
      FROM sip_account WHERE garage_id = ${garageId} ORDER BY sip_user`);
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

/** A user of the chain by id or login name, or undefined: ids from other chains are not found. */
export async function findChainUser(db: SqlExecutor, chainId: string, who: { userId?: string; username?: string }): Promise<string | undefined> {
  const rows = await db.rows<{ id: string }>(sql`
      SELECT id::text AS id FROM app_user
       WHERE chain_id::text = ${chainId}
         AND (id::text = ${who.userId ?? ''} OR lower(username) = lower(${who.username ?? ''}))
       LIMIT 1`);
  return rows[0]?.id;
}

export async function deleteSipAccount(db: SqlExecutor, garageId: string, userId: string): Promise<boolean> {
  const rows = await db.rows(sql`DELETE FROM sip_account WHERE garage_id = ${garageId} AND user_id = ${userId} RETURNING user_id`);
  return rows.length > 0;
}

export async function balanceMinutes(db: SqlExecutor, garageId: string): Promise<number> {
  const rows = await db.rows<{ minutes: number }>(sql`SELECT minutes FROM call_balance WHERE garage_id = ${garageId}`);
  return Number(rows[0]?.minutes ?? 0);
}

export async function setBalanceMinutes(db: SqlExecutor, garageId: string, minutes: number): Promise<number> {
  const rows = await db.rows<{ minutes: number }>(sql`
      INSERT INTO call_balance (garage_id, minutes) VALUES (${garageId}, ${minutes})
      ON CONFLICT (garage_id) DO UPDATE SET minutes = EXCLUDED.minutes, updated_at = now()
      RETURNING minutes`);
  return Number(rows[0].minutes);
}

export async function addBalanceMinutes(db: SqlExecutor, garageId: string, minutes: number): Promise<number> {
  const rows = await db.rows<{ minutes: number }>(sql`
      INSERT INTO call_balance (garage_id, minutes) VALUES (${garageId}, ${minutes})
      ON CONFLICT (garage_id) DO UPDATE SET minutes = call_balance.minutes + EXCLUDED.minutes, updated_at = now()
      RETURNING minutes`);
  return Number(rows[0].minutes);
}

export type CallResult = 'answered' | 'busy' | 'rejected' | 'no_answer' | 'unavailable' | 'not_found' | 'canceled' | 'failed';

export interface NewCallRecord {
  garageId: string;
  userId: string;
  customerId: string | null;
  number: string;
  startedAt: string;
  answeredAt: string | null;
  endedAt: string;
  durationSeconds: number;
  result: CallResult;
}

export interface CallRecordRow extends Omit<NewCallRecord, 'garageId'> {
  id: string;
  billedMinutes: number;
}

/** Started minutes of talk time; unanswered calls cost nothing. */
export function billedMinutesFor(record: Pick<NewCallRecord, 'answeredAt' | 'durationSeconds'>): number {
  return record.answeredAt ? Math.ceil(Math.max(0, record.durationSeconds) / 60) : 0;
}

/**
 * Writes the record and takes its minutes off the garage's balance in one statement, so two
 * calls ending at once cannot both read the same balance. The balance never goes below 0.
 */
export async function insertCallRecord(db: SqlExecutor, record: NewCallRecord): Promise<{ record: CallRecordRow; balanceMinutes: number }> {
  const billed = billedMinutesFor(record);
  const rows = await db.rows<CallRecordRow & { balanceMinutes: number }>(sql`
      WITH inserted AS (
        INSERT INTO call_record (garage_id, user_id, customer_id, number, started_at, answered_at, ended_at, duration_seconds, billed_minutes, result)
        VALUES (${record.garageId}, ${record.userId}, ${record.customerId}, ${record.number}, ${record.startedAt}::timestamptz,
                ${record.answeredAt}::timestamptz, ${record.endedAt}::timestamptz, ${record.durationSeconds}, ${billed}, ${record.result})
        RETURNING *
      ), charged AS (
        INSERT INTO call_balance (garage_id, minutes) VALUES (${record.garageId}, 0)
        ON CONFLICT (garage_id) DO UPDATE SET minutes = GREATEST(0, call_balance.minutes - ${billed}), updated_at = now()
        RETURNING minutes
      )
      SELECT inserted.id::text AS id, inserted.user_id AS "userId", inserted.customer_id AS "customerId", inserted.number,
             inserted.started_at AS "startedAt", inserted.answered_at AS "answeredAt", inserted.ended_at AS "endedAt",
             inserted.duration_seconds AS "durationSeconds", inserted.billed_minutes AS "billedMinutes", inserted.result,
             charged.minutes AS "balanceMinutes"
      FROM inserted, charged`);
  const { balanceMinutes: remaining, ...inserted } = rows[0];
  return { record: normalizeRecord(inserted), balanceMinutes: Number(remaining) };
}

export async function listCallRecords(
  db: SqlExecutor,
  garageId: string,
  filter: { customerId?: string; userId?: string; limit: number; offset: number },
): Promise<{ list: CallRecordRow[]; total: number }> {
  const conditions = [sql`garage_id = ${garageId}`];
  if (filter.customerId) conditions.push(sql`customer_id = ${filter.customerId}`);
  if (filter.userId) conditions.push(sql`user_id = ${filter.userId}`);
  const where = sql.join(conditions, sql` AND `);
  const list = (await db.rows<CallRecordRow>(sql`
      SELECT id::text AS id, user_id AS "userId", customer_id AS "customerId", number, started_at AS "startedAt",
             answered_at AS "answeredAt", ended_at AS "endedAt", duration_seconds AS "durationSeconds",
             billed_minutes AS "billedMinutes", result
      FROM call_record WHERE ${where}
      ORDER BY started_at DESC, id DESC LIMIT ${filter.limit} OFFSET ${filter.offset}`)).map(normalizeRecord);
  const total = await db.rows<{ total: number }>(sql`SELECT count(*)::int AS total FROM call_record WHERE ${where}`);
  return { list, total: Number(total[0]?.total ?? 0) };
}

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value as string).toISOString();
}

function normalizeRecord(row: CallRecordRow): CallRecordRow {
  return {
    ...row,
    startedAt: iso(row.startedAt)!,
    answeredAt: iso(row.answeredAt),
    endedAt: iso(row.endedAt)!,
    durationSeconds: Number(row.durationSeconds),
    billedMinutes: Number(row.billedMinutes),
  };
}
