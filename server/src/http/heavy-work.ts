/**
 * Heavy calls bounded per account and per chain (issue 31). The calls whose work grows with the
 * chain's data (analyses, reports, exports, lists by condition, uploads: `heavy: true` in
 * contracts/api/) run at most `perAccount` at a time for one account and `perChain` for one chain.
 * The next ones wait, each for WAIT_MS at most (a short queue in time; in length at most QUEUE_FACTOR ×
 * the limit, a bound on memory); beyond that they are refused with 429 「请求过多，请稍后再试」 and
 * Retry-After. So one account flooding a report holds a bounded share of the database, and other
 * chains are answered meanwhile. Waiting rather than refusing at once also holds back a script that
 * resends each answer at once: refused, it would come straight back, and its refusals would cost
 * the other chains more than its waiting does.
 *
 * The place is taken right after the token check, before any query of the request (a refusal costs
 * no database work), and held until the answer is sent and the handler has ended, whichever is
 * later: a download streams after its handler returns, and a client that goes away does not stop
 * the work it started. The handler runs as a heavy call (requests-first.ts: on PGlite its
 * statements let other requests go first).
 *
 * The counts live in this process: several processes on one PostgreSQL each allow as much
 * (docs/DECISIONS.md).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, Code } from './envelope';
import { asHeavyCall } from './requests-first';

export const TOO_MANY_MESSAGE = '请求过多，请稍后再试';
/** Seconds a refused caller is told to wait (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;
/** Waiting requests per account (chain) at most, as a multiple of its limit. */
export const QUEUE_FACTOR = 16;
/** The longest a request waits for its turn before it is refused. */
const WAIT_MS = 10_000;

export interface HeavyLimits {
  perAccount: number;
  perChain: number;
}

export interface HeavyWork {
  /**
   * Takes a place for the request's account and chain, waiting for one while they are at their
   * limits. Refuses (ApiError 429, Retry-After set) when too many already wait or the wait is too
   * long; a client that goes away while waiting leaves the queue.
   */
  enter(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Runs the handler of a request that entered; its place is held until this work has ended. */
  run<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T>;
  /** Places taken and requests waiting now, of one account and of one chain. */
  load(accountId: number, chainId: number): { account: number; chain: number; accountWaiting: number; chainWaiting: number };
}

interface Waiter {
  accountId: number;
  chainId: number;
  start(release: () => void): void;
}

/** A request's place: whether its answer went out (or its client away), and its handler's work. */
interface Place {
  closed: boolean;
  working?: Promise<unknown>;
}

/** Counts per key, with the zeros removed (a process sees many accounts over a day). */
class Tally {
  private readonly counts = new Map<number, number>();
  get(key: number) {
    return this.counts.get(key) ?? 0;
  }
  add(key: number, by: 1 | -1) {
    const next = this.get(key) + by;
    if (next === 0) this.counts.delete(key);
    else this.counts.set(key, next);
  }
}

const tooMany = (reply: FastifyReply) => {
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return new ApiError(Code.tooMany, TOO_MANY_MESSAGE);
};

export function heavyWork(limits: HeavyLimits): HeavyWork {
  const running = { account: new Tally(), chain: new Tally() };
  const waiting = { account: new Tally(), chain: new Tally() };
  let queue: Waiter[] = [];
  const places = new WeakMap<FastifyRequest, Place>();

  const fits = (accountId: number, chainId: number) => running.account.get(accountId) < limits.perAccount && running.chain.get(chainId) < limits.perChain;
  const count = (tally: typeof running, accountId: number, chainId: number, by: 1 | -1) => {
    tally.account.add(accountId, by);
    tally.chain.add(chainId, by);
  };
  const queueFull = (accountId: number, chainId: number) =>
    waiting.account.get(accountId) >= QUEUE_FACTOR * limits.perAccount || waiting.chain.get(chainId) >= QUEUE_FACTOR * limits.perChain;

  /** Takes a place now (synchronously, so the next check sees it); answers its release, which works once. */
  function take(accountId: number, chainId: number): () => void {
    count(running, accountId, chainId, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      count(running, accountId, chainId, -1);
      // Every waiter that fits now starts, oldest first; one held back by its own account holds back nobody else.
      for (const waiter of [...queue]) if (fits(waiter.accountId, waiter.chainId)) waiter.start(take(waiter.accountId, waiter.chainId));
    };
  }

  function wait(reply: FastifyReply, accountId: number, chainId: number): Promise<() => void> {
    count(waiting, accountId, chainId, 1);
    return new Promise((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        reply.raw.off('close', gone);
        queue = queue.filter((other) => other !== waiter);
        count(waiting, accountId, chainId, -1);
      };
      const timer = setTimeout(() => {
        leave();
        reject(tooMany(reply));
      }, WAIT_MS);
      // The client went away: nobody to answer, the place goes to the next one.
      const gone = () => {
        leave();
        reject(tooMany(reply));
      };
      reply.raw.once('close', gone);
      const waiter: Waiter = {
        accountId,
        chainId,
        start: (release) => {
          leave();
          resolve(release);
        },
      };
      queue.push(waiter);
    });
  }

  return {
    load: (accountId, chainId) => ({
      account: running.account.get(accountId),
      chain: running.chain.get(chainId),
      accountWaiting: waiting.account.get(accountId),
      chainWaiting: waiting.chain.get(chainId),
    }),
    async enter(request, reply) {
      // Gone before it came in: its close has passed, so a place would never be given back.
      if (reply.raw.closed) throw tooMany(reply);
      const { userId: accountId, chainId } = request.auth;
      let release: () => void;
      if (fits(accountId, chainId)) release = take(accountId, chainId);
      else if (queueFull(accountId, chainId)) throw tooMany(reply);
      else release = await wait(reply, accountId, chainId);
      if (reply.raw.closed) {
        release();
        throw tooMany(reply);
      }
      const place: Place = { closed: false };
      places.set(request, place);
      reply.raw.once('close', () => {
        place.closed = true;
        void Promise.resolve(place.working).then(release, release);
      });
    },
    run(request, work) {
      const place = places.get(request);
      if (!place) throw new Error(`heavy call ${request.routeOptions.url} ran without a place`);
      // Nobody is left to answer (the client went away before the handler began): no work for nobody.
      if (place.closed) throw new ApiError(Code.tooMany, TOO_MANY_MESSAGE);
      const working = asHeavyCall(work);
      place.working = working;
      return working;
    },
  };
}
