/**
 * The kill -9 journey of the durable import (customer and policy imports alike): a real server process
 * on `dataDir` gets the file as 店长, is killed with SIGKILL once `killAfter` rows are in, is started
 * again on the same folder, and the task is followed until it ends.
 */
import { expect, vi } from 'vitest';
import type { ImportTask } from '../../contracts/api/import';
import { DEMO_PASSWORD } from './server';
import { startChildServer, type ChildServer } from './child-server';
import { upload } from './import-files';
import { importFinished, POLL_SERVER } from './waits';

const login = async (child: ChildServer) => (await child.call('POST', '/user/username-token', undefined, { username: 'manager', password: DEMO_PASSWORD })).token!;
const task = async (child: ChildServer, token: string, taskId: number) => (await child.call<ImportTask>('GET', `/client/import/task?taskId=${taskId}`, token)).data;

/**
 * Answers the task as it was just before the kill and as it ended. `track` is told which child is
 * running (undefined once stopped), so the test's afterAll can kill it when an expectation fails.
 */
export async function importKilledMidway(
  dataDir: string,
  file: { name: string; bytes: Buffer },
  options: { killAfter: number; kind?: string; track(child: ChildServer | undefined): void },
): Promise<{ before: ImportTask; after: ImportTask }> {
  let running = await startChildServer({ dataDir });
  options.track(running);
  let token = await login(running);
  const started = await upload<{ taskId: number }>(running, '/client/import', token, file, options.kind ? { kind: options.kind } : undefined);
  expect(started.code, started.msg).toBe(0);
  const taskId = started.data.taskId;

  const first = running;
  const before = await vi.waitFor(async () => {
    const now = await task(first, token, taskId);
    expect(now.status).not.toBe('failed');
    expect(now.processed).toBeGreaterThanOrEqual(options.killAfter);
    return now;
  }, { ...POLL_SERVER, interval: 50 });
  await running.stop('SIGKILL');

  running = await startChildServer({ dataDir });
  options.track(running);
  token = await login(running);
  // The durable job resumes once pg-boss sees the killed one's heartbeat stop (seconds).
  const second = running;
  const after = await importFinished(() => task(second, token, taskId), { ...POLL_SERVER, timeout: 240_000 });
  await running.stop();
  options.track(undefined);
  return { before, after };
}
