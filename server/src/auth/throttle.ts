/**
 * Guessing limits for passwords and login codes. Every attempt is counted, atomically, BEFORE the
 * secret is checked: 200 parallel guesses get at most the limit verified, never 199.
 *
 * Limits per 10-minute window (repositories/login.ts), checked in this order:
 *   one account from one address   5  — the lock a mistyping user may meet
 *   one address over all accounts  30 — one machine trying many accounts
 *   one account over all addresses 50 — one account guessed from many machines
 * An address that reaches its own limit stops counting towards the account's, so a flood from one
 * address cannot lock the real user out from another; it takes ten addresses to reach 50.
 */
import type { Queryable } from '../db/database';
import { ApiError, Code } from '../http/envelope';
import { countAttempt, forgetAttempts, refundAttempt } from '../repositories/login';

export const ATTEMPT_LIMITS = { accountAddress: 5, address: 30, account: 50 } as const;

export interface AttemptLimit {
  key: string;
  max: number;
}

/** The three limits of a secret of `account` (e.g. `password:admin`) tried from `address`. */
export function attemptLimits(account: string, address: string): AttemptLimit[] {
  return [
    { key: `${account}|${address}`, max: ATTEMPT_LIMITS.accountAddress },
    { key: `address:${address}`, max: ATTEMPT_LIMITS.address },
    { key: account, max: ATTEMPT_LIMITS.account },
  ];
}

function lockedError(lockMessage: (minutes: number) => string, seconds: number): ApiError {
  return new ApiError(Code.tooMany, lockMessage(Math.max(1, Math.ceil(seconds / 60))), { retryAfterSeconds: seconds });
}

/**
 * Runs `check` (which throws an ApiError when the secret is wrong) if no limit is reached.
 * A wrong secret that uses up the last try answers the lock message at once; a right one clears
 * the account-address count and gives its attempt back to the others.
 */
export async function throttled<T>(db: Queryable, limits: AttemptLimit[], lockMessage: (minutes: number) => string, check: () => Promise<T>): Promise<T> {
  const counted: { limit: AttemptLimit; attempts: number; waitSeconds: number }[] = [];
  for (const limit of limits) {
    const { attempts, waitSeconds } = await countAttempt(db, limit.key);
    if (attempts > limit.max) throw lockedError(lockMessage, waitSeconds);
    counted.push({ limit, attempts, waitSeconds });
  }
  let result: T;
  try {
    result = await check();
  } catch (failure) {
    const exhausted = counted.find((entry) => entry.attempts >= entry.limit.max);
    if (failure instanceof ApiError && exhausted) throw lockedError(lockMessage, exhausted.waitSeconds);
    throw failure;
  }
  const [first, ...rest] = limits;
  if (first) await forgetAttempts(db, first.key);
  for (const limit of rest) await refundAttempt(db, limit.key);
  return result;
}
