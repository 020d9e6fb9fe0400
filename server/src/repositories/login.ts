/** Login throttling and SMS login codes. */
import { sql, type Queryable } from '../db/database';

export const FAILURE_WINDOW_MINUTES = 10;
export const FAILURE_LIMIT = 5;

/**
 * Seconds until the first of these keys may try again (0 = not locked). A key is locked once it
 * has FAILURE_LIMIT failures inside the window, until the oldest of those leaves the window.
 */
export async function lockedForSeconds(db: Queryable, keys: string[]): Promise<number> {
  const rows = await db.rows<{ wait: number }>(sql`
    SELECT ceil(extract(epoch FROM (f.failed_at + make_interval(mins => ${FAILURE_WINDOW_MINUTES}) - now())))::int AS wait
      FROM (SELECT key, failed_at, row_number() OVER (PARTITION BY key ORDER BY failed_at DESC) AS n
              FROM login_failure
             WHERE key = ANY(${sql.param(keys)}::text[])
               AND failed_at > now() - make_interval(mins => ${FAILURE_WINDOW_MINUTES})) f
     WHERE f.n = ${FAILURE_LIMIT}`);
  return Math.max(0, ...rows.map((row) => row.wait));
}

export async function recordFailure(db: Queryable, keys: string[]): Promise<void> {
  for (const key of keys) await db.run(sql`INSERT INTO login_failure (key) VALUES (${key})`);
  // Old rows are worthless after the window; trimming here keeps the table small without a job.
  await db.run(sql`DELETE FROM login_failure WHERE failed_at < now() - interval '1 day'`);
}

export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.run(sql`DELETE FROM login_failure WHERE key = ${key}`);
}

export function latestLoginCode(db: Queryable, phone: string) {
  return db.one<{ id: number; code_hash: string; age_seconds: number; expired: boolean; used: boolean }>(sql`
    SELECT id, code_hash, extract(epoch FROM now() - created_at)::float8 AS age_seconds,
           expires_at <= now() AS expired, used_at IS NOT NULL AS used
      FROM sms_login_code WHERE phone = ${phone} ORDER BY created_at DESC, id DESC LIMIT 1`);
}

export async function saveLoginCode(db: Queryable, phone: string, codeHash: string, validMinutes: number): Promise<void> {
  await db.run(sql`INSERT INTO sms_login_code (phone, code_hash, expires_at)
                   VALUES (${phone}, ${codeHash}, now() + make_interval(mins => ${validMinutes}))`);
}

/** Marks the code used; false when another request used it first. */
export async function useLoginCode(db: Queryable, id: number): Promise<boolean> {
  return (await db.run(sql`UPDATE sms_login_code SET used_at = now() WHERE id = ${id} AND used_at IS NULL`)) === 1;
}

export async function writeOutbox(db: Queryable, phone: string, content: string, purpose: string): Promise<void> {
  await db.run(sql`INSERT INTO sms_outbox (phone, content, purpose) VALUES (${phone}, ${content}, ${purpose})`);
}

export function latestOutbox(db: Queryable, phone: string) {
  return db.one<{ content: string; purpose: string; created_at: string }>(sql`
    SELECT content, purpose, created_at FROM sms_outbox WHERE phone = ${phone} ORDER BY id DESC LIMIT 1`);
}
