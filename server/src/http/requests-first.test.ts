/** Background work waits for the requests being answered, and never longer than its cap. */
import Fastify from 'fastify';
import { afterEach, expect, test, vi } from 'vitest';
import type { Database } from '../db/database';
import { asHeavyCall, requestsFirst, statementsGiveWay } from './requests-first';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A server whose /slow requests answer when the test says so (the oldest first). */
async function serverWithSlowRoute() {
  const app = Fastify();
  const gate = requestsFirst(app);
  const waiting: (() => void)[] = [];
  app.get('/slow', async () => {
    await new Promise<void>((resolve) => waiting.push(resolve));
    return { ok: true };
  });
  app.get('/fast', async () => ({ ok: true }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  close = () => app.close();
  return { gate, url, answer: () => waiting.shift()?.() };
}

/**
 * Another waiter with a short cap, released by its cap: the event loop has gone well past the
 * point where a waiter that ought to go on would have been let go.
 */
const capPassed = (gate: ReturnType<typeof requestsFirst>) => gate.quiet(20);

test('waits while a page is being answered, and goes on once it is sent', async () => {
  const { gate, url, answer } = await serverWithSlowRoute();
  const page = fetch(`${url}/slow`);
  await expect.poll(() => gate.inFlight).toBe(1);

  let quiet = false;
  const waiting = gate.quiet(5_000).then(() => (quiet = true));
  await capPassed(gate);
  expect(quiet).toBe(false);

  answer();
  expect((await page).status).toBe(200);
  await waiting;
  expect(gate.inFlight).toBe(0);
});

test('a request that never ends holds background work back for the cap only', async () => {
  const { gate, url, answer } = await serverWithSlowRoute();
  const page = fetch(`${url}/slow`);
  await expect.poll(() => gate.inFlight).toBe(1);
  // That it waits while a request is in flight is the first test; here it goes on regardless.
  await gate.quiet(50);
  expect(gate.inFlight).toBe(1);
  answer();
  await page;
});

test('with nothing in flight it answers at once; finished and failed requests are not counted', async () => {
  const { gate, url } = await serverWithSlowRoute();
  expect((await fetch(`${url}/fast`)).status).toBe(200);
  expect((await fetch(`${url}/nowhere`)).status).toBe(404);
  await expect.poll(() => gate.inFlight).toBe(0);
  // The cap cannot pass while timers stand still: answering shows it did not wait for it.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  try {
    await gate.quiet(5_000);
  } finally {
    vi.useRealTimers();
  }
});

test('a long request gives way to the other requests between its steps, not to itself', async () => {
  const { gate, url, answer } = await serverWithSlowRoute();
  const own = fetch(`${url}/slow`);
  await expect.poll(() => gate.inFlight).toBe(1);
  await gate.quiet(5_000, 1); // only its own: at once

  const other = fetch(`${url}/slow`);
  await expect.poll(() => gate.inFlight).toBe(2);
  let quiet = false;
  const waiting = gate.quiet(5_000, 1).then(() => (quiet = true));
  await capPassed(gate);
  expect(quiet).toBe(false);

  answer();
  await waiting;
  expect(gate.inFlight).toBe(1);
  answer();
  expect((await own).status).toBe(200);
  expect((await other).status).toBe(200);
});

test('background transactions take turns: one queued behind another looks for pages only once that one has ended', async () => {
  const { gate, url, answer } = await serverWithSlowRoute();
  const done: string[] = [];
  let endFirst: (() => void) | undefined;
  const first = gate.turn(() => new Promise<void>((resolve) => (endFirst = resolve)).then(() => void done.push('first')), 5_000);
  const second = gate.turn(async () => void done.push('second'), 5_000);
  await expect.poll(() => endFirst).toBeDefined();
  // A page arrives while the first runs: the second, queued before it came, still lets it go first.
  const page = fetch(`${url}/slow`);
  await expect.poll(() => gate.inFlight).toBe(1);
  endFirst!();
  await first;
  await capPassed(gate);
  expect(done).toEqual(['first']);
  answer();
  expect((await page).status).toBe(200);
  await second;
  expect(done).toEqual(['first', 'second']);
});

test('on PGlite a heavy call waits with its next statement until the other requests are answered; theirs do not wait', async () => {
  const app = Fastify();
  const gate = requestsFirst(app);
  const events: string[] = [];
  const database = { rows: async (query: string) => void events.push(query) } as unknown as Database;
  const db = statementsGiveWay(database, gate, 60_000);
  let answerPage: (() => void) | undefined;
  let asked = false;
  app.get('/page', async () => {
    await db.rows('page statement' as never);
    await new Promise<void>((resolve) => (answerPage = resolve));
    events.push('page answered');
    return { ok: true };
  });
  app.get('/report', { config: { heavy: true } }, async () =>
    asHeavyCall(async () => {
      asked = true;
      await db.rows('report statement' as never);
      return { ok: true };
    }),
  );
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  close = () => app.close();

  const page = fetch(`${url}/page`);
  await expect.poll(() => answerPage).toBeDefined();
  const report = fetch(`${url}/report`);
  await expect.poll(() => asked).toBe(true);
  answerPage!();
  expect((await page).status).toBe(200);
  expect((await report).status).toBe(200);
  expect(events).toEqual(['page statement', 'page answered', 'report statement']);
});

test('work a heavy call leaves running (a job queue it started) does not give way once the call has ended', async () => {
  const app = Fastify();
  const gate = requestsFirst(app);
  const events: string[] = [];
  const database = { rows: async (query: string) => void events.push(query) } as unknown as Database;
  const db = statementsGiveWay(database, gate, 60_000);
  let startJob: (() => void) | undefined;
  let job: Promise<void> | undefined;
  let answerPage: (() => void) | undefined;
  app.get('/page', async () => {
    await new Promise<void>((resolve) => (answerPage = resolve));
    return { ok: true };
  });
  app.get('/upload', { config: { heavy: true } }, async () =>
    asHeavyCall(async () => {
      // Set up inside the call, run after it, as a queue's worker started by the call would.
      job = new Promise<void>((resolve) => (startJob = resolve)).then(async () => {
        await db.rows('job statement' as never);
      });
      return { ok: true };
    }),
  );
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  close = () => app.close();

  expect((await fetch(`${url}/upload`)).status).toBe(200);
  const page = fetch(`${url}/page`);
  await expect.poll(() => answerPage).toBeDefined();
  startJob!();
  await expect.poll(() => events).toEqual(['job statement']);
  answerPage!();
  expect((await page).status).toBe(200);
  await job;
});
