/**
 * Requests first: background work that shares the database with the staff's pages (a 100,000-text
 * SMS campaign) waits before each of its transactions until no HTTP request is being answered, so a
 * page load is not queued behind a stream of job transactions. On PGlite every query runs on this
 * thread one at a time, and a page's four or five queries would otherwise each wait for a job
 * transaction in between. The wait is capped, so a steady stream of requests slows a job but never
 * stops it.
 *
 * Heavy calls (contracts/api/ `heavy: true`) give way the same way on PGlite: each of their
 * statements waits until only heavy calls are being answered (issue 31), so another chain's page
 * waits for at most the one heavy statement already running, not for a queue of them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';

export interface RequestsFirst {
  /**
   * Resolves when no request is in flight, or after `maxWaitMs` at most. `besides`: requests the
   * caller is itself answering (a long request giving way to the others between its steps).
   */
  quiet(maxWaitMs?: number, besides?: number): Promise<void>;
  /**
   * Runs one background transaction once the requests in flight are answered (quiet), and never
   * while another background transaction runs or waits for the database: two queued together (a
   * campaign's claim and the last batch's commit) used to run back to back in front of a page that
   * arrived meanwhile, because each had looked before the page came. Not to be nested.
   */
  turn<T>(work: () => Promise<T>, maxWaitMs?: number): Promise<T>;
  /** Resolves when only heavy calls are being answered, or after `maxWaitMs` at most: a heavy call's next statement. */
  heavyTurn(maxWaitMs?: number): Promise<void>;
  /** Requests being answered now. */
  readonly inFlight: number;
}

/** What a background job takes: the wait, and its transactions one at a time. */
export type GiveWay = Pick<RequestsFirst, 'quiet' | 'turn'>;

/** For work outside a server (tests, scripts): nothing to wait for. */
export const noRequests: GiveWay = { quiet: async () => undefined, turn: (work) => work() };

/** Counts requests between onRequest and onResponse (or an abort) on this app. */
export function requestsFirst(app: FastifyInstance): RequestsFirst {
  let inFlight = 0;
  let heavyInFlight = 0;
  let grantedThisTurn = false;
  let waiters: { besides: () => number; finish: () => void }[] = [];
  const release = () => {
    const ready = waiters.filter((waiter) => inFlight <= waiter.besides());
    if (ready.length === 0) return;
    waiters = waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.finish();
  };
  // Callback hooks, not async ones: they run on every request, and need no promise.
  const counted = new WeakMap<object, boolean>();
  app.addHook('onRequest', (request, _reply, next) => {
    const heavy = request.routeOptions.config?.heavy === true;
    counted.set(request, heavy);
    inFlight += 1;
    if (heavy) heavyInFlight += 1;
    next();
  });
  const done = (request: object) => {
    // An aborted request may also get onResponse: counted once.
    const heavy = counted.get(request);
    if (heavy === undefined) return;
    counted.delete(request);
    inFlight -= 1;
    if (heavy) heavyInFlight -= 1;
    // After the response is written: the job's next transaction starts once this turn is over.
    if (waiters.length > 0) setImmediate(release);
  };
  app.addHook('onResponse', (request, _reply, next) => {
    done(request);
    next();
  });
  app.addHook('onRequestAbort', (request, next) => {
    done(request);
    next();
  });
  async function quietBesides(maxWaitMs: number, besides: () => number): Promise<void> {
    const until = performance.now() + maxWaitMs;
    for (;;) {
      // A turn of the event loop first: requests that came while this thread was busy (a PGlite
      // transaction runs without yielding) are read and counted before the job looks.
      await new Promise((resolve) => setImmediate(resolve));
      // One background transaction per turn: two released together would run back to back.
      if (grantedThisTurn) continue;
      const left = until - performance.now();
      if (inFlight <= besides() || left <= 0) {
        grantedThisTurn = true;
        setImmediate(() => (grantedThisTurn = false));
        return;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter.finish !== finish);
          resolve();
        }, left);
        const finish = () => {
          clearTimeout(timer);
          resolve();
        };
        waiters.push({ besides, finish });
      });
    }
  }
  const quiet = (maxWaitMs = 100, besides = 0) => quietBesides(maxWaitMs, () => besides);
  // Background transactions queue here, each looking for requests only when its turn comes.
  let lane: Promise<unknown> = Promise.resolve();
  return {
    get inFlight() {
      return inFlight;
    },
    quiet,
    heavyTurn: (maxWaitMs = 100) => quietBesides(maxWaitMs, () => heavyInFlight),
    turn<T>(work: () => Promise<T>, maxWaitMs = 100) {
      const run = lane.then(async () => {
        await quiet(maxWaitMs);
        return work();
      });
      lane = run.catch(() => undefined);
      return run;
    },
  };
}

/**
 * The mark of a heavy call's async work. It also reaches what that work starts and leaves running
 * (the job queue started by the first upload, a timer), so it says whether the call is still on.
 */
const heavyCall = new AsyncLocalStorage<{ on: boolean }>();

/** Runs the work of a heavy call: until it ends, its statements give way on PGlite (statementsGiveWay). */
export async function asHeavyCall<T>(work: () => Promise<T>): Promise<T> {
  const mark = { on: true };
  try {
    return await heavyCall.run(mark, work);
  } finally {
    mark.on = false;
  }
}

/**
 * The database as heavy calls should use it on PGlite, where every statement runs on this thread
 * one at a time: a statement (or transaction) started inside a heavy call first waits for its
 * heavy turn; everything else runs as before. A transaction's own statements do not wait: it holds
 * the database meanwhile.
 */
export function statementsGiveWay(db: Database, gate: Pick<RequestsFirst, 'heavyTurn'>, maxWaitMs = 100): Database {
  const turn = async () => {
    if (heavyCall.getStore()?.on) await gate.heavyTurn(maxWaitMs);
  };
  return {
    ...db,
    rows: async (query) => (await turn(), db.rows(query)),
    one: async (query) => (await turn(), db.one(query)),
    run: async (query) => (await turn(), db.run(query)),
    transaction: async (fn) => (await turn(), db.transaction(fn)),
  };
}
