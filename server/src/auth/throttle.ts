/**
 * Guessing limits for passwords and login codes. Every attempt is counted, atomically, BEFORE the
 * secret is checked: 200 parallel guesses get at most the limit verified, never 199.
 *
 * Limits per 10-minute window (repositories/login.ts), checked in this order:
 *   one account from one address       5  — the lock a mistyping user may meet
 *   one address over all accounts     30  — one machine trying many accounts (passwords and codes apart)
 *   one account over all addresses    50  — one account guessed from many machines
 * An address that reaches its own limit stops counting towards the account's, so a flood from one
 * address cannot lock the real user out from another; it takes ten addresses to reach 50.
 *
 * The address limit is not applied to an account that signed in from that address within 30 days:
 * behind a garage's shared line or a company proxy, one person's 30 made-up usernames would
 * otherwise lock out everybody there. Those accounts keep their own 5 and 50, so guessing stays
 * bounded (30 + 5 per such account per window), and an unknown username never has such an address,
 * so the answers do not tell which usernames exist.
 */
import { isIP } from 'node:net';
import type { Queryable } from '../db/database';
import { ApiError, Code } from '../http/envelope';
import { countAttempt, forgetAttempts, refundAttempt } from '../repositories/login';

export const ATTEMPT_LIMITS = { accountAddress: 5, address: 30, account: 50 } as const;

export interface AttemptLimit {
  key: string;
  max: number;
  /** Default: the 10-minute window (repositories/login.ts). */
  windowSeconds?: number;
}

/**
 * The address limits count under: IPv4 as it is, IPv6 by its /64 — one household or server holds a
 * whole /64 and could otherwise take a fresh address for every guess.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const groups = (text: string) => (text ? text.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${all.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}

/**
 * The limits of a secret of one kind (`password`, `code`) of `account` (a username, a phone number)
 * tried from `address` (an addressKey); `remembered` = the account signed in from there lately.
 */
export function attemptLimits(kind: 'password' | 'code', account: string, address: string, remembered: boolean): AttemptLimit[] {
  return [
    { key: `${kind}:${account}|${address}`, max: ATTEMPT_LIMITS.accountAddress },
    ...(remembered ? [] : [{ key: `address:${kind}:${address}`, max: ATTEMPT_LIMITS.address }]),
    { key: `${kind}:${account}`, max: ATTEMPT_LIMITS.account },
  ];
}

/** "45 秒", "10 分钟", "3 小时": how long to wait, for the refusal's message. */
export function waitText(seconds: number): string {
  if (seconds <= 60) return `${seconds} 秒`;
  if (seconds <= 3600) return `${Math.ceil(seconds / 60)} 分钟`;
  return `${Math.ceil(seconds / 3600)} 小时`;
}

function lockedError(lockMessage: (wait: string) => string, seconds: number): ApiError {
  return new ApiError(Code.tooMany, lockMessage(waitText(seconds)), { retryAfterSeconds: seconds });
}

interface Counted {
  limit: AttemptLimit;
  attempts: number;
  waitSeconds: number;
}

/** Counts one attempt under each limit in order; the first one over its limit refuses (code 429). */
export async function countAttempts(db: Queryable, limits: AttemptLimit[], lockMessage: (wait: string) => string): Promise<Counted[]> {
  const counted: Counted[] = [];
  for (const limit of limits) {
    const { attempts, waitSeconds } = await countAttempt(db, limit.key, limit.windowSeconds);
    if (attempts > limit.max) throw lockedError(lockMessage, waitSeconds);
    counted.push({ limit, attempts, waitSeconds });
  }
  return counted;
}

/**
 * Runs `check` (which throws an ApiError when the secret is wrong) if no limit is reached.
 * A wrong secret that uses up the last try answers the lock message at once; a right one clears
 * the account-address count and gives its attempt back to the others.
 */
export async function throttled<T>(db: Queryable, limits: AttemptLimit[], lockMessage: (wait: string) => string, check: () => Promise<T>): Promise<T> {
  const counted = await countAttempts(db, limits, lockMessage);
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
