/**
 * The test server hands each file the seeded database as a fresh copy would show it, also when the
 * worker reuses its PGlite (tests/support/worker-database.ts): what one file wrote, numbered,
 * queued or set for its session is gone for the next.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from '../../server/src/db/database';
import { startTestServer, type TestServer } from '../support/server';

const opened: TestServer[] = [];
async function start(): Promise<TestServer> {
  const server = await startTestServer();
  opened.push(server);
  return server;
}
afterAll(async () => {
  for (const server of opened) await server.close();
});

interface State {
  customers: number;
  names: string;
  tags: number;
  nextCustomerId: number;
  jobSchema: boolean;
  timeZone: string;
  workMem: string;
}

async function state(server: TestServer): Promise<State> {
  const row = await server.db.one<Omit<State, 'nextCustomerId'>>(sql`
    SELECT (SELECT count(*)::int FROM customer) AS customers,
           (SELECT md5(string_agg(name || mobile, ',' ORDER BY id)) FROM customer) AS names,
           (SELECT count(*)::int FROM tag) AS tags,
           EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'job_queue') AS "jobSchema",
           current_setting('TimeZone') AS "timeZone",
           current_setting('work_mem') AS "workMem"`);
  // The id a new customer would get, without using it up.
  const sequence = await server.db.one<{ last: number; called: boolean }>(sql`SELECT last_value::int AS last, is_called AS called FROM customer_id_seq`);
  return { ...row!, nextCustomerId: sequence!.called ? sequence!.last + 1 : sequence!.last };
}

describe('a test server after another file used the same database', () => {
  it('shows the seeded rows, ids, schemas and session settings again', async () => {
    const first = await start();
    const fresh = await state(first);
    expect(fresh.customers).toBeGreaterThan(0);
    expect(fresh.jobSchema).toBe(false);

    const token = await first.loginToken('admin');
    const tag = await first.call('POST', '/tag', { token, body: { name: '测试残留标签' } });
    expect(tag.code, tag.msg).toBe(0);
    await first.db.run(sql`UPDATE customer SET name = '改过的名字' WHERE id = (SELECT min(id) FROM customer)`);
    await first.db.run(sql`DELETE FROM customer_tag`);
    await first.db.run(sql`INSERT INTO customer (chain_id, store_id, name, mobile) SELECT chain_id, store_id, '新客户', '13900000000' FROM customer LIMIT 1`);
    await first.db.run(sql`CREATE SCHEMA job_queue`);
    await first.db.run(sql`SET work_mem = '7MB'`);
    await first.db.run(sql`SET TimeZone = 'UTC'`);
    expect(await state(first)).not.toEqual(fresh);
    await first.close();

    const second = await start();
    expect(await state(second)).toEqual(fresh);
  }, 180_000);
});
