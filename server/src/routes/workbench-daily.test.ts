/**
 * 工作台's day is made by the durable job 'daily-tasks', not by the first request: a server with its
 * daily jobs on has every chain's tasks without anybody opening the workbench; the task list then
 * writes nothing; two workers making one day at once make it once; and a chain whose day is not
 * made yet (new chain, the minutes after midnight) still shows its tasks on the first visit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, openDatabase, type Database } from '../db/database';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import type { AnswerOf } from '../../../contracts/api/route';
import type * as calls from '../../../contracts/api/workbench';
import { today as todayIn } from '../../../contracts/dates';
import { DAILY_TASKS_JOB, makeDueTasks } from '../repositories/workbench';
import { POLL_SERVER, unfinishedJobs } from '../../../tests/support/waits';

type Tasks = AnswerOf<typeof calls.tasks>;

let server: TestServer;
const today = todayIn();

beforeAll(async () => {
  // Daily jobs on, as in production: the start-up check queues the day.
  server = await startTestServer({ config: { dailyJobs: true } });
});
afterAll(() => server?.close());

const chainIds = async () => (await server.db.rows<{ id: number }>(sql`SELECT id FROM chain ORDER BY id`)).map((row) => row.id);
const runs = () => server.db.rows<{ chain_id: number; created: Record<string, number> }>(sql`SELECT chain_id, created FROM daily_task_run WHERE day = ${today}::date ORDER BY chain_id`);
const madeToday = () =>
  server.db.rows<{ chain_id: number; customer_id: number; rule: string; due_on: string }>(sql`
    SELECT chain_id, customer_id, rule, due_on::text FROM follow_up_task WHERE created_on = ${today}::date ORDER BY chain_id, customer_id, rule, due_on`);
const key = (row: { chain_id: number; customer_id: number; rule: string; due_on: string }) => `${row.chain_id}|${row.customer_id}|${row.rule}|${row.due_on}`;

/** Every chain's day made by the job that the server queued at start. */
async function everyDayMade() {
  const chains = await chainIds();
  await expect.poll(async () => (await runs()).length, POLL_SERVER).toBe(chains.length);
  return runs();
}

/** Everything a request could have written: the tasks, the runs, 客户运营's last generation, the job queue. */
async function everything() {
  return {
    tasks: await server.db.rows(sql`SELECT * FROM follow_up_task ORDER BY id`),
    runs: await server.db.rows(sql`SELECT * FROM daily_task_run ORDER BY chain_id, day`),
    generation: await server.db.rows(sql`SELECT * FROM follow_up_generation ORDER BY chain_id`),
    jobs: (await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM job_queue.job`))!.n,
  };
}

describe('the daily task job', () => {
  it('makes every chain’s tasks of the day without anybody opening the workbench', { timeout: 120_000 }, async () => {
    const chains = await chainIds();
    expect(chains.length).toBeGreaterThanOrEqual(2);
    const made = await everyDayMade();
    expect(made.map((run) => run.chain_id)).toEqual(chains);
    const tasks = await madeToday();
    for (const chainId of chains) {
      const own = tasks.filter((task) => task.chain_id === chainId);
      const run = made.find((row) => row.chain_id === chainId)!;
      // What the run says it created is what the table holds, kind by kind.
      for (const kind of ['maintenance', 'insurance', 'birthday', 'lost']) {
        expect(own.filter((task) => task.rule === kind).length, `${chainId} ${kind}`).toBe(run.created[kind]);
      }
    }
    expect(tasks.filter((task) => task.chain_id === 1 && task.rule === 'lost').length).toBeGreaterThan(0);
    expect(tasks.filter((task) => task.chain_id === 1 && task.rule !== 'lost').length).toBeGreaterThan(0);
  });

  it('lets the workbench only read: listing tasks for every role and kind writes nothing', { timeout: 60_000 }, async () => {
    await everyDayMade();
    const before = await everything();
    expect(before.tasks.length).toBeGreaterThan(0);
    const tokens = await Promise.all(['admin', 'manager', 'frontdesk', 'hx-admin'].map((name) => server.loginToken(name)));
    for (const token of tokens) {
      for (const query of [{}, { kind: 'lost' }, { kind: 'birthday', pageSize: 5, page: 2 }, { status: 'done' }] as Record<string, string | number>[]) {
        const answer = await server.call<Tasks>('GET', '/workbench/tasks', { token, query });
        expect(answer.code, answer.msg).toBe(0);
      }
    }
    const all = await server.call<Tasks>('GET', '/workbench/tasks', { token: tokens[0], query: { pageSize: 200 } });
    expect(all.data.total).toBeGreaterThan(0);
    expect(await everything()).toEqual(before);
  });

  it('makes a day once when two workers run it at the same time, and a further run adds nothing', { timeout: 120_000 }, async () => {
    const first = await madeToday();
    expect(first.length).toBeGreaterThan(0);
    // As if the day had not been made yet.
    await server.db.run(sql`DELETE FROM follow_up_task WHERE created_on = ${today}::date`);
    await server.db.run(sql`DELETE FROM daily_task_run WHERE day = ${today}::date`);

    // Two workers: on PostgreSQL a second process's pool on the same database, on PGlite (one
    // process by nature) two runs interleaving on the one database.
    const other: Database = server.database === 'postgres' ? await openDatabase({ databaseUrl: server.config.databaseUrl }) : server.db;
    try {
      const [a, b] = await Promise.all([makeDueTasks(server.db, today), makeDueTasks(other, today)]);
      const chains = await chainIds();
      expect([...a, ...b].sort((x, y) => x - y)).toEqual(chains); // each chain made by exactly one of them
      expect(a.filter((id) => b.includes(id))).toEqual([]);
    } finally {
      if (other !== server.db) await other.close();
    }
    const second = await madeToday();
    expect(second.map(key)).toEqual(first.map(key)); // the same tasks as the job made, none twice
    expect(await makeDueTasks(server.db, today)).toEqual([]);
    // Through the queue too: two more jobs find the day made.
    await server.app.jobs.send('daily-tasks', { day: today });
    await server.app.jobs.send('daily-tasks', { day: today });
    await expect.poll(() => unfinishedJobs(server.db, DAILY_TASKS_JOB), POLL_SERVER).toBe(0);
    expect((await runs()).length).toBe((await chainIds()).length);
    expect((await madeToday()).map(key)).toEqual(first.map(key));
  });

  it('shows a chain whose day is not made yet its tasks on the first visit: the request waits for the job once', { timeout: 120_000 }, async () => {
    await server.db.run(sql`DELETE FROM follow_up_task WHERE chain_id = 2 AND created_on = ${today}::date`);
    await server.db.run(sql`DELETE FROM daily_task_run WHERE chain_id = 2 AND day = ${today}::date`);
    const hxAdmin = await server.loginToken('hx-admin');
    const answer = await server.call<Tasks>('GET', '/workbench/tasks', { token: hxAdmin, query: { pageSize: 200 } });
    expect(answer.code, answer.msg).toBe(0);
    expect((await runs()).map((run) => run.chain_id)).toContain(2);
    const made = (await madeToday()).filter((task) => task.chain_id === 2);
    expect(made.length).toBeGreaterThan(0);
    expect(answer.data.total).toBeGreaterThanOrEqual(made.length);
  });
});
