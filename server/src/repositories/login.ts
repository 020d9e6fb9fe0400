/** Login throttling and SMS login codes. */
import { sql, type Queryable } from '../db/database';

/** Attempts are counted per key in a window of this many seconds from the key's first attempt (unless a limit says otherwise). */
export const ATTEMPT_WINDOW_SECONDS = 600;

/** How long an address a user signed in from counts as theirs (auth/throttle.ts). */
export const REMEMBERED_ADDRESS_DAYS = 30;

/**
 * Counts one attempt under `key` atomically (one upsert: concurrent requests each see their own
 * count) and answers the count in the current window and the seconds until that window ends.
 * A key is always counted with the same window.
 */
export async function countAttempt(db: Queryable, key: string, windowSeconds = ATTEMPT_WINDOW_SECONDS): Promise<{ attempts: number; waitSeconds: number }> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const row = await db.one<{ attempts: number; wait_seconds: number }>(sql`
    INSERT INTO login_attempt AS a (key, attempts, window_started_at) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      attempts = CASE WHEN a.window_started_at <= now() - ${window} THEN 1 ELSE a.attempts + 1 END,
      window_started_at = CASE WHEN a.window_started_at <= now() - ${window} THEN now() ELSE a.window_started_at END
    RETURNING attempts, ceil(extract(epoch FROM (window_started_at + ${window} - now())))::int AS wait_seconds`);
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

export async function rememberAddress(db: Queryable, userId: number, address: string): Promise<void> {
  await db.run(sql`
    INSERT INTO login_address (user_id, address) VALUES (${userId}, ${address})
    ON CONFLICT (user_id, address) DO UPDATE SET last_login_at = now()`);
  await db.run(sql`DELETE FROM login_address WHERE user_id = ${userId} AND last_login_at < now() - make_interval(days => ${REMEMBERED_ADDRESS_DAYS})`);
}

export function latestLoginCode(db: Queryable, phone: string) {
  return db.one<{ id: number; code_hash: string; expired: boolean; used: boolean; wrong_tries: number }>(sql`
    SELECT id, code_hash, wrong_tries, expires_at <= now() AS expired, used_at IS NOT NULL AS used
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
