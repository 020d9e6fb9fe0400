/**
 * How tests wait: for the thing they need (a row, a message, a finished job), never for a fixed
 * time. expect.poll and vi.waitFor give up after 1 s by default, too soon on a busy two-core
 * machine; these bounds only decide when a test that will fail says so.
 *
 *   await expect.poll(() => smsc.messages.length, POLL_FAST).toBe(2);
 *   const task = await vi.waitFor(async () => { … expect(…); return … }, POLL_SERVER);
 */
import { expect, vi } from 'vitest';
import type { ImportTask } from '../../contracts/api/import';
import { sql, type Database } from '../../server/src/db/database';
import type { TestServer } from './server';

/** State in this process (a peer's counters, events): cheap to look at often. */
export const POLL_FAST = { timeout: 20_000, interval: 20 };

/** The server's answers or rows while it works in the background (a campaign, an import, a restart). */
export const POLL_SERVER = { timeout: 120_000, interval: 200 };

/**
 * Jobs of a queue (pg-boss, schema job_queue) not finished yet: queued, running or to be retried,
 * optionally only those whose data contains `data`. 0 means the work has returned: it sends,
 * writes or fetches nothing more.
 */
export async function unfinishedJobs(db: Database, name: string, data: Record<string, unknown> = {}): Promise<number> {
  const row = await db.one<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM job_queue.job
     WHERE name = ${name} AND state IN ('created', 'retry', 'active') AND data @> ${JSON.stringify(data)}::jsonb`);
  return row?.n ?? 0;
}

/** An import task (批量导入) once it is no longer queued or running, read with `read` (the widget polls the same way). */
export function importFinished(read: () => Promise<ImportTask>, options = POLL_SERVER): Promise<ImportTask> {
  return vi.waitFor(async () => {
    const task = await read();
    expect(task.status, `import task ${task.taskId}`).not.toMatch(/^(queued|running)$/);
    return task;
  }, options);
}

/** The same through a test server's GET /client/import/task. */
export const importTaskFinished = (server: TestServer, token: string, taskId: number) =>
  importFinished(async () => {
    const answer = await server.call<ImportTask>('GET', '/client/import/task', { token, query: { taskId } });
    expect(answer.code, answer.msg).toBe(0);
    return answer.data;
  });
