/**
 * Requests first: background work that shares the database with the staff's pages (a 100,000-text
 * SMS campaign) waits before each of its transactions until no HTTP request is being answered, so a
 * page load is not queued behind a stream of job transactions. On PGlite every query runs on this
 * thread one at a time, and a page's four or five queries would otherwise each wait for a job
 * transaction in between. The wait is capped, so a steady stream of requests slows a job but never
 * stops it.
 */
import type { FastifyInstance } from 'fastify';

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
  let grantedThisTurn = false;
  let waiters: { besides: number; finish: () => void }[] = [];
  const release = () => {
    const ready = waiters.filter((waiter) => inFlight <= waiter.besides);
    if (ready.length === 0) return;
    waiters = waiters.filter((waiter) => inFlight > waiter.besides);
    for (const waiter of ready) waiter.finish();
  };
  // Callback hooks, not async ones: they run on every request, and need no promise.
  const counted = new WeakSet<object>();
  app.addHook('onRequest', (request, _reply, next) => {
    counted.add(request);
    inFlight += 1;
    next();
  });
  const done = (request: object) => {
    // An aborted request may also get onResponse: counted once.
    if (!counted.delete(request)) return;
    inFlight -= 1;
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
  async function quiet(maxWaitMs = 100, besides = 0): Promise<void> {
    const until = performance.now() + maxWaitMs;
    for (;;) {
      // A turn of the event loop first: requests that came while this thread was busy (a PGlite
      // transaction runs without yielding) are read and counted before the job looks.
      await new Promise((resolve) => setImmediate(resolve));
      // One background transaction per turn: two released together would run back to back.
      if (grantedThisTurn) continue;
      const left = until - performance.now();
      if (inFlight <= besides || left <= 0) {
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
  // Background transactions queue here, each looking for requests only when its turn comes.
  let lane: Promise<unknown> = Promise.resolve();
  return {
    get inFlight() {
      return inFlight;
    },
    quiet,
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
