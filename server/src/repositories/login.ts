/** Login throttling and SMS login codes. */
import { sql, type Queryable } from '../db/database';

/** Attempts are counted per key in a window of this many minutes from the key's first attempt. */
export const ATTEMPT_WINDOW_MINUTES = 10;

/**
 * Counts one attempt under `key` atomically (one upsert: concurrent requests each see their own
 * count) and answers the count in the current window and the seconds until that window ends.
 */
export async function countAttempt(db: Queryable, key: string): Promise<{ attempts: number; waitSeconds: number }> {
  const row = await db.one<{ attempts: number; wait_seconds: number }>(sql`
    INSERT INTO login_attempt AS a (key, attempts, window_started_at) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      attempts = CASE WHEN a.window_started_at <= now() - make_interval(mins => ${ATTEMPT_WINDOW_MINUTES}) THEN 1 ELSE a.attempts + 1 END,
      window_started_at = CASE WHEN a.window_started_at <= now() - make_interval(mins => ${ATTEMPT_WINDOW_MINUTES}) THEN now() ELSE a.window_started_at END
    RETURNING attempts, ceil(extract(epoch FROM (window_started_at + make_interval(mins => ${ATTEMPT_WINDOW_MINUTES}) - now())))::int AS wait_seconds`);
  return { attempts: row!.attempts, waitSeconds: Math.max(1, row!.wait_seconds) };
}

/** A successful login gives its attempt back, so staff signing in all day never reach a limit. */
export async function refundAttempt(db: Queryable, key: string): Promise<void> {
  await db.run(sql`UPDATE login_attempt SET attempts = greatest(attempts - 1, 0) WHERE key = ${key}`);
}

export async function forgetAttempts(db: Queryable, key: string): Promise<void> {
  await db.run(sql`DELETE FROM login_attempt WHERE key = ${key}`);
  // Old rows are worthless after the window; trimming here keeps the table small without a job.
  await db.run(sql`DELETE FROM login_attempt WHERE window_started_at < now() - interval '1 day'`);
}

export function latestLoginCode(db: Queryable, phone: string) {
  return db.one<{ id: number; code_hash: string; age_seconds: number; expired: boolean; used: boolean; wrong_tries: number }>(sql`
    SELECT id, code_hash, wrong_tries, extract(epoch FROM now() - created_at)::float8 AS age_seconds,
           expires_at <= now() AS expired, used_at IS NOT NULL AS used
      FROM sms_login_code WHERE phone = ${phone} ORDER BY created_at DESC, id DESC LIMIT 1`);
}

export async function saveLoginCode(db: Queryable, phone: string, codeHash: string, validMinutes: number): Promise<void> {
  await db.run(sql`INSERT INTO sms_login_code (phone, code_hash, expires_at)
                   VALUES (${phone}, ${codeHash}, now() + make_interval(mins => ${validMinutes}))`);
}

/** Counts a wrong guess of this code; answers the wrong guesses so far (atomic, like countAttempt). */
export async function countWrongCode(db: Queryable, id: number): Promise<number> {
  const row = await db.one<{ wrong_tries: number }>(sql`UPDATE sms_login_code SET wrong_tries = wrong_tries + 1 WHERE id = ${id} RETURNING wrong_tries`);
  return row?.wrong_tries ?? 0;
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
